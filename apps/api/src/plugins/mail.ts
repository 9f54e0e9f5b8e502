import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(msg: MailMessage): Promise<void>;
  /** Where messages go, for the start-up banner. */
  readonly target: string;
}

/** SMTP when SMTP_URL is set; otherwise each message is written as an .eml file under DATA_DIR/outbox. */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      target: `SMTP ${new URL(opts.smtpUrl).host}`,
      async send(msg) {
        await transport.sendMail({ from: opts.from, ...msg });
      },
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
      // Without SMTP the links are logged too, so a developer can follow them from the console.
      opts.log.info(
        { to: msg.to, file, links: msg.text.match(/https?:\/\/\S+/g) ?? [] },
        'e-mail written to the outbox',
      );
    },
  };
}
