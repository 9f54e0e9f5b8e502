import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { mailDir } from './env.ts';

export interface ReceivedMail {
  receivedAt: number;
  from: string | null;
  to: string[];
  subject: string;
  text: string;
}

interface StoredMail {
  receivedAt: number;
  from: string | null;
  to: string[];
  raw: string;
}

/** Every message the test SMTP server has received, oldest first. */
export function allMail(): ReceivedMail[] {
  const dir = mailDir();
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => {
      const m = JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as StoredMail;
      const { headers, body } = parseMessage(m.raw);
      return {
        receivedAt: m.receivedAt,
        from: m.from,
        to: m.to,
        subject: decodeEncodedWords(headers.get('subject') ?? ''),
        text: body,
      };
    });
}

/** Waits for the first message to `to` received at or after `since` (ms since epoch). */
export async function waitForMail(to: string, since: number, timeoutMs = 15_000): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = allMail().find((m) => m.receivedAt >= since && m.to.includes(to.toLowerCase()));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} arrived within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The first link in a message that points at `pathname` (e.g. /register). */
export function linkIn(mail: ReceivedMail, pathname: string): URL {
  for (const m of mail.text.matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = new URL(m[0]);
    if (url.pathname === pathname) return url;
  }
  throw new Error(`no ${pathname} link in the e-mail:\n${mail.text}`);
}

/* A small MIME reader: enough for nodemailer's text messages (single part or multipart, 7bit, QP or base64). */

function parseMessage(raw: string): { headers: Map<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, '\n');
  const split = normalized.indexOf('\n\n');
  const head = split === -1 ? normalized : normalized.slice(0, split);
  const rest = split === -1 ? '' : normalized.slice(split + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const i = line.indexOf(':');
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const parts = rest.split(`--${boundary}`).slice(1, -1);
    const decoded = parts.map((p) => parseMessage(p.replace(/^\n/, '')));
    const text = decoded.find((p) => (p.headers.get('content-type') ?? 'text/plain').startsWith('text/plain'));
    return { headers, body: (text ?? decoded[0])?.body ?? '' };
  }
  return { headers, body: decodeBody(rest, headers.get('content-transfer-encoding') ?? '7bit') };
}

function decodeBody(body: string, encoding: string): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

function decodeQuotedPrintable(s: string): string {
  const soft = s.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const c = soft[i] as string;
    const hex = soft.slice(i + 1, i + 3);
    if (c === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words in headers (=?UTF-8?Q?…?= and =?UTF-8?B?…?=). */
function decodeEncodedWords(s: string): string {
  return s
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}
