import type { AddressInfo } from 'node:net';
import {
  noticeCountsSchema,
  noticeQueuePageSchema,
  noticeSettingsSchema,
  userSchema,
  warsawDay,
} from '@incentive/contracts';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertChallenge } from '../../../test/challenge-fixtures.ts';
import { userPool } from '../../../test/fixtures.ts';
import { type ParsedMail, parseMail } from '../../../test/mail.ts';
import { insertQuiz } from '../../../test/quiz-fixtures.ts';
import { bearer, createTestApp, expectBooksBalance, TEST_PUBLIC_URL, type TestApp } from '../../../test/test-app.ts';
import { giveCard } from '../../../test/wallet-fixtures.ts';
import { queryRows } from '../../db/query-rows.ts';
import { scan, unsubscribeToken } from './notices.service.ts';

/*
 * Issue 31 point 2 (decision 065): notices, queued once per event in the event's transaction, sent
 * by the job through a real local SMTP server (text and HTML parts, a one-click unsubscribe), a
 * refused address retried then listed, the signed unsubscribe link, what time announces, and the
 * day's digest.
 */

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on a random local port; it refuses the addresses in `refuse`. */
async function startSmtp() {
  const received: Received[] = [];
  const refuse = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse.has(address.address.toLowerCase())) {
        const err = new Error('550 5.1.1 mailbox unavailable') as Error & { responseCode: number };
        err.responseCode = 550;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
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
    refuse,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
let admin: string;
let take: ReturnType<typeof userPool>;

const call = (token: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const mailsTo = (email: string): ParsedMail[] =>
  smtp.received.filter((m) => m.to.includes(email.toLowerCase())).map((m) => parseMail(m.raw));

const noticesOf = (userId: number) =>
  queryRows<{ kind: string; status: string; dedupe_key: string; payload: Record<string, unknown> }>(
    t.db,
    sql`select kind, status, dedupe_key, payload from notices where user_id = ${userId} order by id`,
  );

/** A seeded rep with a card and `amount` PLN credited, signed in. */
async function rep(amount = '20.00') {
  const u = await take({ role: 'seller', activated: true });
  await giveCard(t.db, u.id);
  const res = await call(admin, 'POST', '/api/admin/adjustments', { user_id: u.id, amount, reason: 'Premia testowa' });
  expect(res.statusCode, res.body).toBe(200);
  return { ...u, token: await t.login(u.email) };
}

/** The rep withdraws its whole wallet; answers the withdrawal's id. */
async function withdraw(r: { token: string }): Promise<number> {
  const me = userSchema.parse((await call(r.token, 'GET', '/api/me')).json());
  const res = await call(r.token, 'POST', '/api/withdrawal', { amount: Number(me.wallet.money) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: number }>().id;
}

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ env: { SMTP_URL: smtp.url, NOTICE_MAILS_PER_MINUTE: '60000' } });
  admin = await t.login('admin@example.com');
  take = userPool(t.db);
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('a withdrawal’s outcome', () => {
  it('is told to its rep once, with text and HTML parts and a one-click unsubscribe; the batch’s result to the admins', async () => {
    const r = await rep('20.00');
    const wallet = userSchema.parse((await call(r.token, 'GET', '/api/me')).json()).wallet.money;
    const id = await withdraw(r);
    const batch = await call(admin, 'POST', '/api/payout-batches', { withdrawal_ids: [id] });
    expect(batch.statusCode, batch.body).toBe(200);
    const batchId = batch.json<{ id: number }>().id;
    const result = await t.app.inject({
      method: 'POST',
      url: `/api/payout-batches/${batchId}/result`,
      headers: { ...bearer(admin), 'content-type': 'text/csv' },
      payload: `withdrawal_id;status;reason\r\n${id};failed;Karta <b>zablokowana</b>\r\n`,
    });
    expect(result.statusCode, result.body).toBe(200);
    // The same outcome again changes nothing and tells nobody again.
    expect(
      (await call(admin, 'POST', `/api/withdrawals/${id}/failed`, { reason: 'Karta zablokowana' })).statusCode,
    ).toBe(200);

    await t.app.jobs.idle();
    const [mail, ...more] = mailsTo(r.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Wypłata nieudana: ${wallet.replace('.', ',')} zł`);
    expect(mail?.text).toContain('Karta <b>zablokowana</b>');
    expect(mail?.text).toContain(`${TEST_PUBLIC_URL}/withdraw`);
    expect(mail?.html).toContain('Karta &lt;b&gt;zablokowana&lt;/b&gt;');
    expect(mail?.headers['list-unsubscribe']).toMatch(new RegExp(`^<${TEST_PUBLIC_URL}/api/notices/unsubscribe\\?t=`));
    expect(mail?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.text).not.toMatch(/\d{16}/);
    expect((await noticesOf(r.id)).map((n) => [n.kind, n.status])).toEqual([['withdrawal.failed', 'sent']]);

    const adminMail = mailsTo('admin@example.com').find((m) => m.subject === `Wynik paczki wypłat nr ${batchId}`);
    expect(adminMail?.text).toContain('nieudane 1');
    await expectBooksBalance(t, admin);
  });
});

describe('the one-click unsubscribe', () => {
  it('asks first; a forged, expired or foreign link changes nothing; a valid one turns the kind off', async () => {
    const r = await rep('5.00');
    const id = await withdraw(r);
    expect((await call(admin, 'POST', `/api/withdrawals/${id}/failed`, { reason: 'Brak karty' })).statusCode).toBe(200);
    await t.app.jobs.idle();
    const [mail] = mailsTo(r.email);
    const link = new URL((mail?.headers['list-unsubscribe'] ?? '').replace(/^<|>$/g, ''));
    const path = `${link.pathname}${link.search}`;
    const token = link.searchParams.get('t') ?? '';
    const settings = async () =>
      noticeSettingsSchema.parse((await call(r.token, 'GET', '/api/notices/settings')).json());
    const failedOn = async () => (await settings()).kinds.find((k) => k.kind === 'withdrawal.failed')?.enabled;

    const page = await t.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Wypisz mnie');
    expect(page.body).toContain('nieudane wypłaty');
    expect(await failedOn()).toBe(true);

    const forged = `${token.slice(0, -2)}${token.endsWith('A') ? 'B' : 'A'}A`;
    const expired = await unsubscribeToken(t.db, r.id, 'withdrawal.failed', Date.now() - 181 * 86_400_000);
    const foreignKind = await unsubscribeToken(t.db, r.id, 'salesImport.failed');
    for (const bad of [forged, expired, foreignKind, 'x', `${token}.x`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/notices/unsubscribe?t=${encodeURIComponent(bad)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.body).toContain('Nic nie zostało zmienione');
      // A program (a mail client's one-click) gets the API's JSON error.
      const json = await t.app.inject({ method: 'POST', url: `/api/notices/unsubscribe?t=${encodeURIComponent(bad)}` });
      expect(json.statusCode).toBe(400);
      expect(json.json<{ message: string }>().message).toBe(
        'Ten link jest nieważny albo wygasł. Nic nie zostało zmienione.',
      );
    }
    expect(await failedOn()).toBe(true);

    const done = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.headers['content-type']).toContain('text/html');
    expect(done.body).toContain('Wypisano');
    expect(await failedOn()).toBe(false);
    const [event] = await queryRows<{ actor_id: number }>(
      t.db,
      sql`select actor_id from audit_events where kind = 'profile.notices' and object_id = ${r.id}`,
    );
    expect(event?.actor_id).toBe(r.id);

    // Turned off: the next failure of this rep queues nothing.
    await call(admin, 'POST', '/api/admin/adjustments', { user_id: r.id, amount: '3.00', reason: 'Premia' });
    const second = await withdraw(r);
    await call(admin, 'POST', `/api/withdrawals/${second}/failed`, { reason: 'Brak karty' });
    expect((await noticesOf(r.id)).filter((n) => n.kind === 'withdrawal.failed')).toHaveLength(1);
    await expectBooksBalance(t, admin);
  });
});

describe('an address the mail server refuses', () => {
  it('is tried again after 1, 5, 30 and 120 minutes, then listed failed for the admin', async () => {
    const r = await rep('4.00');
    smtp.refuse.add(r.email.toLowerCase());
    const id = await withdraw(r);
    await call(admin, 'POST', `/api/withdrawals/${id}/failed`, { reason: 'Karta wygasła' });
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      await t.app.jobs.idle();
      const [row] = await queryRows<{ attempts: number; status: string; wait: number; last_error: string }>(
        t.db,
        sql`select attempts, status, last_error, extract(epoch from next_attempt_at - now())::int as wait
            from notices where user_id = ${r.id}`,
      );
      expect(row?.attempts).toBe(attempt);
      expect(row?.last_error).toContain('550');
      if (attempt < 5) {
        expect(row?.status).toBe('queued');
        waits.push(Math.round((row?.wait ?? 0) / 60));
        await t.db.execute(sql`update notices set next_attempt_at = now() where status = 'queued'`);
        await t.db.execute(sql`update jobs set run_after = now() where kind = 'notices.send' and status = 'queued'`);
        t.app.jobs.wake();
      } else expect(row?.status).toBe('failed');
    }
    expect(waits).toEqual([1, 5, 30, 120]);

    const list = noticeQueuePageSchema.parse((await call(admin, 'GET', '/api/notices/queue?status=failed')).json());
    expect(list.data.find((n) => n.user.id === r.id)).toMatchObject({ kind: 'withdrawal.failed', attempts: 5 });
    expect(
      noticeCountsSchema.parse((await call(admin, 'GET', '/api/notices/counts')).json()).failed,
    ).toBeGreaterThanOrEqual(1);
    expect((await call(r.token, 'GET', '/api/notices/queue')).statusCode).toBe(403);
    expect((await call(admin, 'GET', '/api/notices/queue?status=lost')).statusCode).toBe(422);
    await expectBooksBalance(t, admin);
  });
});

describe('what time announces', () => {
  it('a started quiz and challenge to every rep once, and a day’s credits in one digest per rep (in its language)', async () => {
    const quiz = await insertQuiz(t.db, { name: 'Quiz o kawie' });
    const challenge = await insertChallenge(t.db, 'Wyzwanie zimowe');
    const r = await rep('5.00');
    await call(admin, 'POST', '/api/admin/adjustments', { user_id: r.id, amount: '7.50', reason: 'Premia' });
    const put = await call(r.token, 'PUT', '/api/notices/settings', {
      lang: 'en',
      kinds: { 'challenge.started': false },
    });
    expect(put.statusCode, put.body).toBe(200);

    // Tomorrow at 08:00 in Warsaw: today's credits are yesterday's.
    const today = warsawDay();
    const tomorrow8 = new Date(`${today}T08:00:00+01:00`);
    tomorrow8.setUTCDate(tomorrow8.getUTCDate() + 1);
    const first = await scan(t.db, tomorrow8);
    expect(first).toBeGreaterThan(0);
    expect(await scan(t.db, tomorrow8)).toBe(0);

    const [reps] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from users u where u.role = 'seller' and u.deleted_at is null and u.activated_at is not null
          and not exists (select 1 from notice_settings s where s.user_id = u.id and 'quiz.started' = any(s.off))`,
    );
    const [quizNotices] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from notices where dedupe_key = ${`quiz:${quiz.id}`}`,
    );
    expect(quizNotices?.n).toBe(reps?.n);

    const mine = await noticesOf(r.id);
    expect(mine.map((n) => n.kind).sort()).toEqual(['money.digest', 'quiz.started']);
    expect(mine.find((n) => n.kind === 'money.digest')?.payload).toMatchObject({ day: today, amount: 1250, count: 2 });
    expect(mine.some((n) => n.dedupe_key === `challenge:${challenge}`)).toBe(false);

    // Every rep's notices go out at the configured rate; this rep's two are what the test reads.
    await expect
      .poll(async () => (await noticesOf(r.id)).filter((n) => n.status === 'sent').length, {
        timeout: 90_000,
        interval: 250,
      })
      .toBe(2);
    const subjects = mailsTo(r.email).map((m) => m.subject);
    expect(subjects).toContain('New quiz: Quiz o kawie');
    expect(subjects).toContain(`Rewards of ${today.split('-').reverse().join('.')}: PLN 12.50`);
    await expectBooksBalance(t, admin);
  }, 120_000);
});

describe('GET and PUT /api/notices/settings', () => {
  it('shows a role its own kinds, refuses another role’s kind and bad values, and keeps them to the caller', async () => {
    const r = await rep('1.00');
    const mine = noticeSettingsSchema.parse((await call(r.token, 'GET', '/api/notices/settings')).json());
    expect(mine.kinds.map((k) => k.kind)).toEqual([
      'quiz.started',
      'challenge.started',
      'money.digest',
      'withdrawal.paid',
      'withdrawal.failed',
    ]);
    expect(mine.kinds.every((k) => k.enabled)).toBe(true);
    const admins = noticeSettingsSchema.parse((await call(admin, 'GET', '/api/notices/settings')).json());
    expect(admins.kinds.map((k) => k.kind)).toEqual(['salesImport.failed', 'payoutBatch.returned']);

    const foreign = await call(r.token, 'PUT', '/api/notices/settings', {
      lang: 'pl',
      kinds: { 'salesImport.failed': false },
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json<{ message: string }>().message).toBe('Tego rodzaju powiadomień Twoja rola nie dostaje');
    expect((await call(r.token, 'PUT', '/api/notices/settings', { lang: 'de', kinds: {} })).statusCode).toBe(422);
    expect(
      (await call(r.token, 'PUT', '/api/notices/settings', { lang: 'pl', kinds: { 'x.y': true } })).statusCode,
    ).toBe(422);
    const provider = await t.login('provider@example.com');
    expect((await call(provider, 'GET', '/api/notices/settings')).statusCode).toBe(403);
  });
});
