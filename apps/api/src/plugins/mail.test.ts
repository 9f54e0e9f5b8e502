import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPool, userRow } from '../../test/fixtures.ts';
import { linkParams, parseMail } from '../../test/mail.ts';
import { bearer, createTestApp, TEST_PUBLIC_URL, type TestApp } from '../../test/test-app.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a random local port that keeps what it receives. */
async function startSmtp() {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('e-mail over SMTP (SMTP_URL set)', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Program <no-reply@example.com>' } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('delivers the set-password link to the SMTP server, and the link works', async () => {
    expect(t.app.mailer.target).toMatch(/^SMTP 127\.0\.0\.1:\d+$/);
    const u = await userPool(t.db)({ role: 'seller', activated: false });
    const admin = await t.login('admin@example.com');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/resend-set-password',
      headers: bearer(admin),
      payload: { email: u.email },
    });
    expect(res.statusCode, res.body).toBe(200);

    expect(smtp.received).toHaveLength(1);
    const [msg] = smtp.received;
    expect(msg?.to).toEqual([u.email]);
    expect(msg?.from).toBe('no-reply@example.com');
    const mail = parseMail(msg?.raw ?? '');
    expect(mail.subject).toBe('Ustaw hasło do Programu motywacyjnego');
    expect(mail.link?.startsWith(`${TEST_PUBLIC_URL}/register?`)).toBe(true);
    // With SMTP configured nothing goes to the outbox folder.
    expect(existsSync(path.join(t.dataDir, 'outbox'))).toBe(false);

    const link = linkParams(mail.link as string);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/set-password',
      payload: { ...link, password: 'Haslo-z-SMTP-1', password_confirmation: 'Haslo-z-SMTP-1', rules: true },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect((await userRow(t.db, u.email)).activatedAt).not.toBeNull();
    expect(await t.login(u.email, 'Haslo-z-SMTP-1')).toBeTruthy();
  });
});

describe('e-mail when the SMTP server is unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port nothing listens on: take one from a server we close at once.
    const probe = await startSmtp();
    const url = probe.url;
    await probe.close();
    t = await createTestApp({ env: { SMTP_URL: url } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers with a JSON server error that leaks nothing', async () => {
    const u = await userPool(t.db)({ role: 'seller', activated: false });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/resend-set-password',
      headers: bearer(await t.login('admin@example.com')),
      payload: { email: u.email },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    expect(res.json()).toEqual({ message: 'Coś poszło nie tak' });
  });
});
