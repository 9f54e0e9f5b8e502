import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userPool, userRow, writeCounts } from '../../../test/fixtures.ts';
import { linkParams } from '../../../test/mail.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import type { MailMessage } from '../../plugins/mail.ts';
import { DEMO_PASSWORD } from '../../seed/demo-accounts.ts';

/*
 * 'Nie pamiętasz hasła?' (POST /api/forgot-password) and the e-mail change rules around it
 * (docs/decisions/014): a link to an active account goes out only at its owner's request or from an
 * admin, to an address the owner or an admin stands behind; a changed e-mail is told to the old one.
 */

let t: TestApp;
let take: ReturnType<typeof userPool>;
let ipCounter = 0;
const freshIp = () => `10.2.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const RESET_ANSWER =
  'Jeśli w programie jest konto z tym adresem, wysłaliśmy na nie link do ustawienia nowego hasła. Sprawdź skrzynkę (także folder spam).';

beforeAll(async () => {
  t = await createTestApp();
  take = userPool(t.db);
});
afterAll(async () => {
  await t?.close();
});

function forgot(email: unknown, opts: { ip?: string; lang?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/forgot-password',
    payload: { email },
    remoteAddress: opts.ip ?? freshIp(),
    headers: opts.lang ? { 'accept-language': opts.lang } : {},
  });
}

/** Mail written after the answer (the forgotten-password e-mail is sent in the background). */
async function outboxSettled() {
  await t.app.background.idle();
  return t.outbox();
}

async function mailsTo(email: string) {
  return (await outboxSettled()).filter((m) => m.to.toLowerCase().includes(email.toLowerCase()));
}

function setPassword(link: { token: string; email: string }, password: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/set-password',
    payload: { ...link, password, password_confirmation: password, rules: true },
  });
}

/** The answer without what differs between any two requests (date, request id). */
function sameness(res: LightMyRequestResponse) {
  const { date, 'x-request-id': _id, ...headers } = res.headers;
  return { status: res.statusCode, body: res.body, headers };
}

describe('POST /api/forgot-password', () => {
  it('mails the owner a link that sets a new password, and answers the same for an unknown address', async () => {
    const u = await take({ role: 'seller', activated: true });
    const known = await forgot(u.email);
    const unknown = await forgot('nikt-taki@example.com');
    expect(known.statusCode, known.body).toBe(200);
    expect(known.json()).toEqual({ message: RESET_ANSWER });
    expect(sameness(unknown)).toEqual(sameness(known));
    expect(known.headers['cache-control']).toBe('no-store');

    const [mail, ...more] = await mailsTo(u.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Nowe hasło do Programu motywacyjnego');
    expect((await mailsTo('nikt-taki@example.com')).length).toBe(0);

    const link = linkParams(mail?.link as string);
    expect(link.email).toBe(u.email);
    expect((await setPassword(link, 'Nowe-Haslo-Po-Resecie-1')).statusCode).toBe(200);
    expect((await t.login(u.email, 'Nowe-Haslo-Po-Resecie-1')).length).toBeGreaterThan(20);
  });

  it('answers before the e-mail is sent, so its timing cannot tell that the account exists', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: MailMessage[] = [];
    const slow = await createTestApp({
      mailer: {
        target: 'held',
        async send(msg) {
          await held;
          sent.push(msg);
        },
      },
    });
    try {
      const res = await slow.app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email: 'seller@example.com' },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(200);
      expect(sent).toEqual([]);
      release();
      await slow.app.background.idle();
      expect(sent.map((m) => m.to)).toEqual(['seller@example.com']);
    } finally {
      release();
      await slow.close();
    }
  });

  it('writes in English when asked, and refuses a bad address with 422', async () => {
    const u = await take({ role: 'seller_reg', activated: true });
    const res = await forgot(u.email.toUpperCase(), { lang: 'en' });
    expect(res.json().message).toMatch(/^If the programme has an account with this address/);
    const [mail] = await mailsTo(u.email);
    expect(mail?.subject).toBe('A new password for the incentive programme');
    expect(mail?.to).toContain(u.email);

    const bad = await forgot('nie-adres');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.email).toEqual(['Podaj poprawny adres e-mail, np. jan.kowalski@example.com']);
    const nul = await forgot('a\u0000@example.com');
    expect(nul.statusCode).toBe(422);
    expect(nul.json().errors.email).toEqual(['Tekst zawiera niedozwolony znak (znak NUL lub niepełny znak Unicode)']);
  });

  it('sends an account that never set a password its invitation link again', async () => {
    const u = await take({ role: 'seller', activated: false });
    expect((await forgot(u.email)).statusCode).toBe(200);
    expect(await mailsTo(u.email)).toHaveLength(1);
  });

  it('is throttled like sign-in, for known and unknown addresses alike, with Retry-After', async () => {
    const u = await take({ role: 'seller', activated: true });
    for (const email of [u.email, 'ktos-nieznany@example.com']) {
      const ip = freshIp();
      for (let i = 0; i < 3; i++) expect((await forgot(email, { ip })).statusCode, `${email} #${i + 1}`).toBe(200);
      const blocked = await forgot(email, { ip });
      expect(blocked.statusCode).toBe(429);
      const wait = Number(blocked.headers['retry-after']);
      expect(wait).toBeGreaterThan(50);
      expect(wait).toBeLessThanOrEqual(60);
      expect(blocked.json()).toEqual({
        message: 'Zbyt wiele próśb o link do ustawienia hasła. Spróbuj ponownie za 1 min.',
      });
      // The owner asking from another address is not held back.
      expect((await forgot(email, { ip: freshIp() })).statusCode).toBe(200);
    }
    expect(await mailsTo(u.email)).toHaveLength(4);
  });
});

describe('changing the e-mail of an activated account', () => {
  let wholesalerWarehouses: number[];
  beforeAll(async () => {
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: bearer(await t.login('wholesaler@example.com')),
    });
    wholesalerWarehouses = me.json().wholesaler_ids;
  });

  async function changeEmail(actor: string, id: number, email: string) {
    const token = await t.login(actor);
    const details = await t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: bearer(token) });
    expect(details.statusCode, details.body).toBe(200);
    const d = details.json();
    return t.app.inject({
      method: 'PUT',
      url: `/api/auth/profile/${id}`,
      headers: bearer(token),
      payload: {
        name: d.name,
        surname: d.surname,
        assecoId: d.asseco_id,
        email,
        warehouse_ids: d.warehouses.map((w: { id: number }) => w.id),
        role: d.role,
      },
    });
  }

  it('by a warehouse admin: the old address is told, and no link can reach the new one but through an admin', async () => {
    const rep = await take({ role: 'seller', activated: true, inWarehouses: wholesalerWarehouses });
    const taken = 'przejety-ph@example.com';
    const res = await changeEmail('wholesaler@example.com', rep.id, taken);
    expect(res.statusCode, res.body).toBe(200);

    const [notice] = await mailsTo(rep.email);
    expect(notice?.subject).toBe('Zmieniono adres e-mail Twojego konta w Programie motywacyjnym');
    expect(notice?.text).toContain(`z ${rep.email} na ${taken}`);

    // The takeover of issue 11: a link to the new address, sent by the warehouse admin...
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/resend-set-password',
      headers: bearer(await t.login('wholesaler@example.com')),
      payload: { email: taken },
    });
    expect(resend.statusCode).toBe(403);
    // ...or asked for as a forgotten password: the same answer, and nothing is sent.
    const before = await writeCounts(t.db);
    expect((await forgot(taken)).json()).toEqual({ message: RESET_ANSWER });
    expect(await mailsTo(taken)).toEqual([]);
    expect((await writeCounts(t.db)).passwordTokens).toBe(before.passwordTokens);
    expect((await userRow(t.db, taken)).emailConfirmed).toBe(false);

    // An admin may send one; once the owner uses it, the address is confirmed and the owner's own requests work.
    const byAdmin = await t.app.inject({
      method: 'POST',
      url: '/api/resend-set-password',
      headers: bearer(await t.login('admin@example.com')),
      payload: { email: taken },
    });
    expect(byAdmin.statusCode).toBe(200);
    const [adminMail] = await mailsTo(taken);
    expect((await setPassword(linkParams(adminMail?.link as string), 'Haslo-Wlasciciela-1')).statusCode).toBe(200);
    expect((await userRow(t.db, taken)).emailConfirmed).toBe(true);
    expect((await forgot(taken)).statusCode).toBe(200);
    expect(await mailsTo(taken)).toHaveLength(2);
  });

  it('by an admin: the old address is told, and the owner can ask for links at the new one', async () => {
    const rep = await take({ role: 'seller', activated: true });
    const moved = `nowy-${rep.id}@example.com`;
    expect((await changeEmail('admin@example.com', rep.id, moved)).statusCode).toBe(200);
    expect((await mailsTo(rep.email)).map((m) => m.subject)).toEqual([
      'Zmieniono adres e-mail Twojego konta w Programie motywacyjnym',
    ]);
    expect((await userRow(t.db, moved)).emailConfirmed).toBe(true);
    await forgot(moved);
    expect((await mailsTo(moved)).map((m) => m.subject)).toEqual(['Nowe hasło do Programu motywacyjnego']);
    // The account still signs in, with its new address.
    expect((await t.login(moved, DEMO_PASSWORD)).length).toBeGreaterThan(20);
  });

  it('tells nobody when the account never set a password, or when only the letter case changed', async () => {
    const fresh = await take({ role: 'seller', activated: false, inWarehouses: wholesalerWarehouses });
    expect((await changeEmail('wholesaler@example.com', fresh.id, `inny-${fresh.id}@example.com`)).statusCode).toBe(
      200,
    );
    expect(await mailsTo(fresh.email)).toEqual([]);

    const active = await take({ role: 'seller', activated: true, inWarehouses: wholesalerWarehouses });
    expect((await changeEmail('wholesaler@example.com', active.id, active.email.toUpperCase())).statusCode).toBe(200);
    expect(await mailsTo(active.email)).toEqual([]);
    expect((await userRow(t.db, active.email)).emailConfirmed).toBe(true);
  });
});
