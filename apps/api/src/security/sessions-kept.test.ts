import { API, apiPath } from '@incentive/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersOf, insertQuiz } from '../../test/quiz-fixtures.ts';
import { createTestAppWithRoutes, type SeenRoute } from '../../test/routes.ts';
import { repPool } from '../../test/sales-fixtures.ts';
import { bearer, type TestApp } from '../../test/test-app.ts';

/*
 * Decision 041. A write empties the session caches unless its route declares that it can change no
 * session (`keepsSessions`). Only the rep's frequent writes, reviewed one by one, say so: a quiz
 * submit, a withdrawal, a card. Any other route that wants to must be added here by a person who
 * checked that it touches no session, user, role, e-mail or warehouse scope.
 */
// PUT settings: the organiser's details and rules are in no session's answer (decision 047).
const REVIEWED_KEEPS_SESSIONS = [
  `POST ${API.card}`,
  `POST ${API.quizSubmit}`,
  `POST ${API.withdrawal}`,
  `PUT ${API.settings}`,
];

let t: TestApp;
let routes: SeenRoute[];
let admin: string;

beforeAll(async () => {
  ({ t, routes } = await createTestAppWithRoutes());
  admin = await t.login('admin@example.com');
}, 120_000);
afterAll(async () => t?.close());

const me = (token: string) => t.app.inject({ method: 'GET', url: API.me, headers: bearer(token) });

describe('writes that keep the session caches (decision 041)', () => {
  it('are only the reviewed routes', () => {
    const keeping = routes.filter((r) => r.keepsSessions).map((r) => `${r.method} ${r.url}`);
    expect(keeping.sort()).toEqual([...REVIEWED_KEEPS_SESSIONS].sort());
  });

  it('a quiz submit, a card and a withdrawal leave every cached session; a logout empties them at once', async () => {
    const rep = await repPool(t.db)();
    const token = await t.login(rep.email);
    const other = await t.login('seller@example.com');
    const quiz = await insertQuiz(t.db, { reward: 1200, isOneTime: false });
    // Every session known (a sign-in empties the cache, as every write without the declaration).
    for (const tk of [token, other, admin]) expect((await me(tk)).statusCode).toBe(200);
    const cached = t.app.sessionCache.size;
    const epoch = t.app.sessionCache.epoch;
    expect(cached).toBeGreaterThanOrEqual(3);

    const writes = [
      () =>
        t.app.inject({
          method: 'POST',
          url: apiPath(API.quizSubmit, { id: quiz.id }),
          headers: bearer(token),
          payload: { answers: answersOf(quiz) },
        }),
      () =>
        t.app.inject({
          method: 'POST',
          url: API.card,
          headers: bearer(admin),
          payload: { user_id: rep.id, number: `5${String(rep.id).padStart(15, '0')}` },
        }),
      async () => {
        const money = Number((await me(token)).json<{ wallet: { money: string } }>().wallet.money);
        expect(money).toBeGreaterThanOrEqual(12);
        return t.app.inject({
          method: 'POST',
          url: API.withdrawal,
          headers: bearer(token),
          payload: { amount: money },
        });
      },
    ];
    for (const write of writes) {
      const res = await write();
      expect(res.statusCode, res.body).toBeLessThan(300);
      expect(t.app.sessionCache.epoch).toBe(epoch);
      expect(t.app.sessionCache.size).toBe(cached);
    }

    const out = await t.app.inject({ method: 'POST', url: API.logout, headers: bearer(other) });
    expect(out.statusCode, out.body).toBe(200);
    expect(t.app.sessionCache.epoch).toBe(epoch + 1);
    expect(t.app.sessionCache.size).toBe(0);
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(200);
  });

  it('a refused write on such a route keeps them too, and a write elsewhere still empties them', async () => {
    const token = await t.login('seller@example.com');
    expect((await me(token)).statusCode).toBe(200);
    expect((await me(admin)).statusCode).toBe(200);
    const epoch = t.app.sessionCache.epoch;
    const bad = await t.app.inject({ method: 'POST', url: API.withdrawal, headers: bearer(token), payload: {} });
    expect(bad.statusCode).toBe(422);
    expect(t.app.sessionCache.epoch).toBe(epoch);
    // A wallet adjustment changes no session either, but its route does not say so: deny by default.
    const adjusted = await t.app.inject({ method: 'POST', url: API.adjustments, headers: bearer(admin), payload: {} });
    expect(adjusted.statusCode).toBe(422);
    expect(t.app.sessionCache.epoch).toBe(epoch + 1);
  });
});
