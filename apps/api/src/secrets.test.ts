import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPool } from '../test/fixtures.ts';
import { linkParams } from '../test/mail.ts';
import { bearer, createTestApp, type TestApp } from '../test/test-app.ts';
import { giveCard } from '../test/wallet-fixtures.ts';
import { DEMO_PASSWORD } from './seed/demo-accounts.ts';

/*
 * Secrets stay out of caches and logs: answers carrying a token or a full card number say
 * `Cache-Control: no-store`, and no set-password token (nor a link carrying one) is ever logged.
 */

let t: TestApp;
let log = '';

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      log += chunk.toString('utf8');
      done();
    },
  });
  t = await createTestApp({ logger: { level: 'trace', stream } });
});
afterAll(async () => {
  await t?.close();
});

describe('Cache-Control: no-store', () => {
  it('on every answer that carries a token or a full card number', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'admin@example.com', password: DEMO_PASSWORD },
    });
    expect(login.headers['cache-control']).toBe('no-store');
    const admin = login.json().token as string;

    const rep = await userPool(t.db)({ role: 'seller', activated: true });
    const number = await giveCard(t.db, rep.id);
    const details = await t.app.inject({ method: 'GET', url: `/api/users/${rep.id}`, headers: bearer(admin) });
    expect(details.json().card.number).toBe(number);
    expect(details.headers['cache-control']).toBe('no-store');

    const cards = await t.app.inject({ method: 'GET', url: `/api/sales-rep/${rep.id}/cards`, headers: bearer(admin) });
    expect(cards.json().data[0].number).toBe(number);
    expect(cards.headers['cache-control']).toBe('no-store');

    // A payout batch: the issuer's file lists full card numbers.
    await t.app.inject({
      method: 'POST',
      url: '/api/admin/adjustments',
      headers: bearer(admin),
      payload: { user_id: rep.id, amount: '10.00', reason: 'Na wypłatę' },
    });
    const repToken = await t.login(rep.email);
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: bearer(repToken) });
    expect(me.headers['cache-control']).toBe('no-store');
    const withdrawal = await t.app.inject({
      method: 'POST',
      url: '/api/withdrawal',
      headers: bearer(repToken),
      payload: { amount: me.json().wallet.money },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/wallet', headers: bearer(admin) });
    expect(list.headers['cache-control']).toBe('no-store');
    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/payout-batches',
      headers: bearer(admin),
      payload: { withdrawal_ids: [withdrawal.json().id] },
    });
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/payout-batches/${batch.json().id}/file`,
      headers: bearer(admin),
    });
    expect(file.body).toContain(number);
    expect(file.headers['cache-control']).toBe('no-store');

    // Refusals too: a 401 or 422 from these routes is never cached either.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'admin@example.com', password: 'wrong' },
    });
    expect(wrong.headers['cache-control']).toBe('no-store');
  });

  it('on set-password, whose request carries the token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/set-password',
      payload: { password: 'x', password_confirmation: 'x', token: 'x', email: 'a@example.com', rules: true },
    });
    expect(res.statusCode).toBe(422);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('the log', () => {
  it('never holds a set-password token or link, and says which outbox file a message went to', async () => {
    const u = await userPool(t.db)({ role: 'seller', activated: false });
    const admin = await t.login('admin@example.com');
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/resend-set-password',
      headers: bearer(admin),
      payload: { email: u.email },
    });
    expect(sent.statusCode).toBe(200);
    const mail = await t.lastMailTo(u.email);
    const link = linkParams(mail.link as string);
    expect(link.token.length).toBeGreaterThan(20);

    // The user opens the link (the web app's /register page) and sets the password.
    await t.app.inject({ method: 'GET', url: `/register?token=${link.token}&email=${encodeURIComponent(u.email)}` });
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/set-password',
      payload: { ...link, password: 'Haslo-Logu-123', password_confirmation: 'Haslo-Logu-123', rules: true },
    });
    expect(set.statusCode).toBe(200);
    // And asks for a forgotten password, mailed after the answer.
    await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: u.email } });
    await t.app.background.idle();
    const reset = linkParams((await t.lastMailTo(u.email)).link as string);

    expect(log).toContain(`"file":"${t.dataDir}/outbox/${mail.file}"`);
    expect(log).toContain('/register?token=[redacted]');
    for (const secret of [link.token, reset.token, encodeURIComponent(link.token), 'Haslo-Logu-123']) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toMatch(/https?:\/\/\S*\/register\?/);
  });
});
