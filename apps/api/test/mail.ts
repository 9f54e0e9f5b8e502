/** A minimal reader for the single-part text messages nodemailer writes (outbox .eml files and SMTP data). */
export interface ParsedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  /** The set-password link in the text, if any. */
  link?: string;
  headers: Record<string, string>;
}

function decodeQuotedPrintable(body: string): Buffer {
  const soft = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i];
    const hex = soft.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=), adjacent words joined. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

export function parseMail(raw: string): ParsedMail {
  const normalized = raw.replace(/\r\n/g, '\n');
  const split = normalized.indexOf('\n\n');
  const head = split === -1 ? normalized : normalized.slice(0, split);
  const body = split === -1 ? '' : normalized.slice(split + 2);
  const headers: Record<string, string> = {};
  // Unfold continuation lines, then read "Name: value".
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body).toString('utf8')
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  return {
    to: decodeWords(headers.to ?? ''),
    from: decodeWords(headers.from ?? ''),
    subject: decodeWords(headers.subject ?? ''),
    text,
    link: text.match(/https?:\/\/\S+\/register\?\S+/)?.[0],
    headers,
  };
}

/** Token and e-mail carried by a set-password link. */
export function linkParams(link: string): { token: string; email: string } {
  const url = new URL(link);
  return { token: url.searchParams.get('token') ?? '', email: url.searchParams.get('email') ?? '' };
}
