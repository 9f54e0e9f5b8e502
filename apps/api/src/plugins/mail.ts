import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML part beside the text (notices); the text part is what every client can show. */
  html?: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  send(msg: MailMessage): Promise<void>;
  /** Where messages go, for the start-up banner. */
  readonly target: string;
  /** Closes the pooled SMTP connections (the app's onClose). */
  close?(): void;
}

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file under DATA_DIR/outbox
 * and the log says which file (the message itself, and its links, never reach the log).
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    // A pool of kept-open connections (nodemailer's `pool=true`): the notices' and activation
    // e-mails' senders send thousands in a row, and a new connection for each costs a handshake.
    const url = new URL(opts.smtpUrl);
    if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
    const transport = nodemailer.createTransport(url.toString());
    return {
      target: `SMTP ${new URL(opts.smtpUrl).host}`,
      async send(msg) {
        await transport.sendMail({ from: opts.from, ...msg });
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    target: outbox,
    async send(msg) {
      const info = await transport.sendMail({ from: opts.from, ...msg });
      mkdirSync(outbox, { recursive: true });
      const safeTo = msg.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      // Timestamp first so names sort in sending order; the random part keeps same-millisecond mails apart.
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}-${safeTo}.eml`,
      );
      writeFileSync(file, info.message as Buffer);
      // Where it is, never what it says: a set-password link works like a password.
      opts.log.info({ to: msg.to, file }, 'e-mail not sent (no SMTP_URL): written to the outbox folder');
    },
  };
}
