/** A minimal reader for the single-part text messages nodemailer writes (outbox .eml files and SMTP data). */
export interface ParsedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  /** The HTML part of a multipart/alternative message (notices), if any. */
  html?: string;
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

/** A message's headers and decoded body (one part). */
function readPart(part: string): { headers: Record<string, string>; body: string } {
  const split = part.indexOf('\n\n');
  const head = split === -1 ? part : part.slice(0, split);
  const raw = split === -1 ? '' : part.slice(split + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const body =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(raw).toString('utf8')
      : encoding === 'base64'
        ? Buffer.from(raw.replace(/\s+/g, ''), 'base64').toString('utf8')
        : raw;
  return { headers, body };
}

export function parseMail(raw: string): ParsedMail {
  const normalized = raw.replace(/\r\n/g, '\n');
  const boundary = /multipart\/alternative;\s*boundary="?([^";\n]+)"?/i.exec(normalized)?.[1];
  if (boundary) {
    const top = readPart(normalized);
    const parts = normalized
      .split(`--${boundary}`)
      .slice(1)
      .filter((p) => !p.startsWith('--'))
      .map((p) => readPart(p.replace(/^\n/, '')));
    const of = (type: string) => parts.find((p) => (p.headers['content-type'] ?? '').startsWith(type))?.body.trimEnd();
    const text = of('text/plain') ?? '';
    return {
      to: decodeWords(top.headers.to ?? ''),
      from: decodeWords(top.headers.from ?? ''),
      subject: decodeWords(top.headers.subject ?? ''),
      text,
      html: of('text/html'),
      link: text.match(/https?:\/\/\S+\/register\?\S+/)?.[0],
      headers: top.headers,
    };
  }
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
