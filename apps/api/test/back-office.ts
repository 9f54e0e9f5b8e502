import { errorResponseSchema, type Role } from '@incentive/contracts';
import { count, isNotNull, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { cards, passwordTokens, sessions, users, userWarehouses, wallets, warehouses } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS } from '../src/seed/demo-accounts.ts';
import { bearer, type TestApp } from './test-app.ts';

/*
 * Helpers for the back-office API tests (warehouses, users, cards).
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A small client bound to one test app: `call(token, 'GET', url)`, with an optional body and language. */
export function client(t: TestApp) {
  return (
    token: string | undefined,
    method: Method,
    url: string,
    payload?: unknown,
    lang?: 'pl' | 'en',
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      headers: { ...(token ? bearer(token) : {}), ...(lang ? { 'accept-language': lang } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** Signs in every demo account: one token per role. */
export async function demoTokens(t: TestApp): Promise<Record<Role, string>> {
  const out: Partial<Record<Role, string>> = {};
  for (const a of DEMO_ACCOUNTS) out[a.role] = await t.login(a.email);
  return out as Record<Role, string>;
}

/** Ids of the demo accounts by role. */
export async function demoIds(db: Db): Promise<Record<Role, number>> {
  const rows = await db
    .select({ id: users.id, role: users.role, email: users.email })
    .from(users)
    .where(sql`${users.email} in ${DEMO_ACCOUNTS.map((a) => a.email)}`);
  return Object.fromEntries(rows.map((r) => [r.role, r.id])) as Record<Role, number>;
}

/** The demo regional manager has warehouses 1-3; the demo wholesaler and seller warehouse 1. */
export const OWN_WAREHOUSES = [1, 2, 3] as const;

/** Row counts and last changes of every table a back-office request may write, to prove nothing was written. */
export async function backOfficeCounts(db: Db) {
  const n = async (
    table: typeof users | typeof warehouses | typeof userWarehouses | typeof cards | typeof passwordTokens,
  ) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  const [revoked] = await db.select({ n: count() }).from(sessions).where(isNotNull(sessions.revokedAt));
  const [u] = await db
    .select({
      at: sql<string>`max(${users.updatedAt})::text`,
      deleted: sql<number>`count(${users.deletedAt})::int`,
    })
    .from(users);
  const [w] = await db
    .select({
      at: sql<string>`max(${warehouses.updatedAt})::text`,
      deleted: sql<number>`count(${warehouses.deletedAt})::int`,
    })
    .from(warehouses);
  const [links] = await db
    .select({
      sum: sql<string>`coalesce(sum(${userWarehouses.userId} * 100003 + ${userWarehouses.warehouseId}), 0)::text`,
    })
    .from(userWarehouses);
  return {
    users: await n(users),
    usersUpdatedAt: u?.at ?? null,
    usersDeleted: u?.deleted ?? 0,
    warehouses: await n(warehouses),
    warehousesUpdatedAt: w?.at ?? null,
    warehousesDeleted: w?.deleted ?? 0,
    links: await n(userWarehouses),
    linksChecksum: links?.sum ?? '0',
    cards: await n(cards),
    passwordTokens: await n(passwordTokens),
    revokedSessions: revoked?.n ?? 0,
  };
}

/** A 4xx JSON error of the API's shape, in the asked language, that leaks nothing internal. */
export function expectError(res: LightMyRequestResponse, status: number, message?: string) {
  const label = `${res.raw.req.method} ${res.raw.req.url} -> ${res.statusCode}: ${res.body.slice(0, 300)}`;
  expect(res.statusCode, label).toBe(status);
  expect(res.headers['content-type'], label).toMatch(/^application\/json/);
  const body = errorResponseSchema.strict().parse(res.json());
  expect(body.message.length, label).toBeGreaterThan(0);
  if (message !== undefined) expect(body.message, label).toBe(message);
  expect(res.body, label).not.toMatch(/stack|at \w+ \(|node_modules|drizzle|FST_|23505/i);
  expect(res.body, label).not.toMatch(/SELECT |INSERT INTO|DELETE FROM|UPDATE "/);
  return body;
}

/**
 * Sets a user's wallet directly (test data only): `held` grosze available now, `paid` grosze
 * already withdrawn, all of it earned from quizzes, so the balance checks hold.
 */
export async function setWallet(db: Db, userId: number, held: number, paid = 0) {
  const row = {
    userId,
    available: held,
    inWithdrawal: 0,
    withdrawn: paid,
    earnedQuiz: held + paid,
    earnedChallenge: 0,
    earnedAdjustment: 0,
  };
  await db
    .insert(wallets)
    .values(row)
    .onConflictDoUpdate({ target: wallets.userId, set: { ...row, updatedAt: new Date() } });
}

/** Money strings ("12.50") as grosze, for comparing sort orders. */
export const grosze = (m: string) => Math.round(Number(m) * 100);

/** Walks every page of a paged list (per_page 100) and returns all rows in order. */
export async function allPages<T>(
  fetch: (page: number) => Promise<{ current_page: number; last_page: number; total: number; data: T[] }>,
): Promise<{ rows: T[]; total: number }> {
  const rows: T[] = [];
  let page = 1;
  let total = 0;
  for (;;) {
    const p = await fetch(page);
    expect(p.current_page).toBe(page);
    rows.push(...p.data);
    total = p.total;
    if (page >= p.last_page) break;
    page++;
  }
  return { rows, total };
}

/**
 * Asserts that rows come in the order of `key` (then id) in the given direction, with no id twice.
 * Keys compare as numbers when both are numbers, else by code point (texts as their Polish sort
 * keys, test/polish-order.ts).
 */
export function expectSorted<T extends { id: number }>(
  rows: T[],
  key: (r: T) => string | number | boolean,
  order: 'asc' | 'desc',
  label: string,
) {
  const ids = rows.map((r) => r.id);
  expect(new Set(ids).size, `${label}: repeated rows`).toBe(ids.length);
  const sign = order === 'asc' ? 1 : -1;
  const cmp = (a: string | number | boolean, b: string | number | boolean) => {
    const x = typeof a === 'boolean' ? Number(a) : a;
    const y = typeof b === 'boolean' ? Number(b) : b;
    return x < y ? -1 : x > y ? 1 : 0;
  };
  for (let i = 1; i < rows.length; i++) {
    const prev = rows[i - 1] as T;
    const cur = rows[i] as T;
    const c = cmp(key(prev), key(cur)) * sign;
    const ok = c < 0 || (c === 0 && (prev.id - cur.id) * sign < 0);
    expect(ok, `${label}: row ${i} (${prev.id}: ${String(key(prev))}) then (${cur.id}: ${String(key(cur))})`).toBe(
      true,
    );
  }
}
