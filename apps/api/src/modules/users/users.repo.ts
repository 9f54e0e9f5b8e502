import type { Role, UserDetails } from '@incentive/contracts';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { logins, meVersion, users, userWarehouses, wallets } from '../../db/schema.ts';
import { direction } from '../../lib/paging.ts';
import { type Placeholders, preparedStatement } from '../../lib/prepared.ts';
import { attemptsCountOf, liveQuizzesChangeAtSql } from '../quizzes/quizzes.shared.repo.ts';
import { type UserJsonShape, type UserJsonValues, userJson } from './user-json.repo.ts';

export type UserRow = typeof users.$inferSelect;

/** The active user, row-locked for the rest of the transaction. */
export async function lockActiveUser(db: DbOrTx, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .for('update')
    .limit(1);
  return row;
}

/** Is the e-mail used by another account, deactivated ones included (the unique index covers them all)? */
export async function emailTaken(db: DbOrTx, email: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(sql`lower(${users.email}) = ${email.toLowerCase()}`, exceptId ? sql`${users.id} <> ${exceptId}` : undefined),
    )
    .limit(1);
  return rows.length > 0;
}

/** Is the asseco id used by another active user (case-insensitively)? */
export async function assecoIdTaken(db: DbOrTx, assecoId: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.assecoId}) = ${assecoId.toLowerCase()}`,
        isNull(users.deletedAt),
        exceptId ? sql`${users.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Whose current card is this number (active users other than `exceptId`)? */
export async function cardHolder(db: DbOrTx, number: string, exceptId: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.cardNumber, number), isNull(users.deletedAt), sql`${users.id} <> ${exceptId}`))
    .limit(1);
  return row?.id;
}

export interface UserFields {
  email: string;
  name: string;
  surname: string | null;
  role: Role;
  assecoId: string | null;
  phone: string | null;
}

/** Is there an active root account? */
export async function activeRootExists(db: DbOrTx): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'root'), isNull(users.deletedAt)))
    .limit(1);
  return rows.length > 0;
}

export async function insertUser(db: DbOrTx, f: UserFields): Promise<number> {
  const [row] = await db.insert(users).values(f).returning({ id: users.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateUser(db: DbOrTx, id: number, f: Partial<UserFields> & { emailConfirmed?: boolean }) {
  await db
    .update(users)
    .set({ ...f, updatedAt: new Date() })
    .where(eq(users.id, id));
}

/**
 * Deactivates the row: its history and money stay. The caller ends its sessions and links in the
 * same transaction (auth's endAccess), so that it can no longer sign in or use a link.
 */
export async function deactivateUser(db: DbOrTx, id: number, now: Date) {
  await db.update(users).set({ deletedAt: now, updatedAt: now }).where(eq(users.id, id));
}

export async function setCardNumber(db: DbOrTx, id: number, number: string) {
  await db.update(users).set({ cardNumber: number, updatedAt: new Date() }).where(eq(users.id, id));
}

/** Warehouse links of a user (deleted warehouses included: they are history). */
export async function linkedWarehouseIds(db: DbOrTx, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: userWarehouses.warehouseId })
    .from(userWarehouses)
    .where(eq(userWarehouses.userId, userId));
  return rows.map((r) => r.id);
}

/* ---------- details ---------- */

const runDetails = preparedStatement(
  'users.details',
  (db: DbOrTx, s: UserJsonShape, p: Placeholders<UserJsonValues & { id: number }>) =>
    db
      .select({ user: userJson(s, p) })
      .from(users)
      .leftJoin(wallets, eq(wallets.userId, users.id))
      .where(eq(users.id, p.id)),
);

/** One user as UserDetails (see userJson), deactivated or not; undefined if there is no such id. */
export async function selectUserDetails(
  db: DbOrTx,
  id: number,
  o: { whScope: number[] | null; card: UserJsonShape['card']; taxData: NonNullable<UserJsonShape['taxData']> },
): Promise<UserDetails | undefined> {
  const [row] = await runDetails(
    db,
    { card: o.card, details: true, whScoped: o.whScope !== null, role: null, taxData: o.taxData },
    { id, whScope: o.whScope ?? undefined },
  );
  if (!row) return undefined;
  // node-postgres and PGlite both hand json columns over parsed.
  return (typeof row.user === 'string' ? JSON.parse(row.user) : row.user) as UserDetails;
}

/**
 * What GET /api/me's answer depends on, read in the same snapshot as the answer, each part of which
 * changes with every committed change to it (docs/decisions/034); the outer query is `users` LEFT
 * JOIN `wallets`:
 * - the user's `users` and `wallets` rows: a row's xmin is the transaction that wrote its current
 *   version, so it changes with each update (the card number and logins are on `users`);
 * - how many quiz attempts the user has: they are only ever added (a trigger refuses the rest);
 * - `me_version`, moved at the commit of every change to quizzes, challenges, earnings, warehouses,
 *   memberships and cards (migration 0016).
 * Time changes money_to_get too: see `liveQuizzesChangeAtSql`.
 */
const attemptsCountSql = attemptsCountOf(users.id);
const meVersionNumberSql = sql`(select ${meVersion.n} from ${meVersion} where ${meVersion.id} = 1)`;

/**
 * GET /api/me: the signed-in user as the JSON text of the contract's User (no details fields),
 * written by PostgreSQL and sent as it is (docs/decisions/010, 030): no parse, no serializer. With
 * it, in the same snapshot, what it depends on and the moment the live quizzes next change by the
 * clock alone (null: never), which tell for how long the text stays true (me-cache.ts).
 */
const runMe = preparedStatement(
  'users.me',
  (db: DbOrTx, _: Record<string, never>, p: Placeholders<UserJsonValues & { id: number }>) =>
    db
      .select({
        user: sql<string>`${userJson({ card: 'masked', details: false, whScoped: false, role: null, userOnly: true }, p)}::text`,
        userRow: sql<string>`"users".xmin::text`,
        walletRow: sql<string | null>`"wallets".xmin::text`,
        attempts: sql<string>`${attemptsCountSql}::text`,
        shared: sql<string | null>`${meVersionNumberSql}::text`,
        until: sql<string | null>`${liveQuizzesChangeAtSql}::text`,
      })
      .from(users)
      .leftJoin(wallets, eq(wallets.userId, users.id))
      .where(eq(users.id, p.id)),
);

/** An answer and what it depends on, as text (xids and counts are compared in SQL). */
export type MeRead = {
  text: string;
  userRow: string;
  walletRow: string | null;
  attempts: string;
  shared: string | null;
  until: string | null;
};

export async function selectMe(db: DbOrTx, id: number): Promise<MeRead | undefined> {
  const [row] = await runMe(db, {}, { id, whScope: undefined });
  if (!row) return undefined;
  const { user: text, ...rest } = row;
  return { text, ...rest };
}

/** One check: the user and what its kept answer was read with. */
export type MeCheck = Omit<MeRead, 'text'> & { id: number };

type MeChecksValues = {
  ids: number[];
  userRows: string[];
  walletRows: (string | null)[];
  attempts: string[];
  shared: (string | null)[];
  until: (string | null)[];
};

/**
 * Are texts read by `selectMe` still true? For each check, what its text depends on is unchanged and
 * its `until` has not come: a primary-key probe of users and wallets, a count on quiz_attempts' user
 * index and the one-row me_version, compared part by part (~20 µs each). Many checks go in one
 * statement, one row per check found, by its position (`i`, from 1): a statement costs both sides a
 * round trip of its own, far more than a check (me-cache.ts, docs/decisions/039). A user who is gone
 * has no row (false); a missing me_version row (a test emptied it) is false too.
 */
const runMeChecks = preparedStatement(
  'users.meChecks',
  (db: DbOrTx, _: Record<string, never>, p: Placeholders<MeChecksValues>) =>
    db
      .select({
        i: sql<number>`v.i`.mapWith(Number),
        yes: sql<boolean>`"users".xmin = v.user_row::xid and "wallets".xmin is not distinct from v.wallet_row::xid
          and ${attemptsCountSql} = v.attempts and ${meVersionNumberSql} = v.shared
          and (v.until is null or now() < v.until)`,
      })
      .from(
        sql`unnest(${p.ids}::int[], ${p.userRows}::text[], ${p.walletRows}::text[], ${p.attempts}::bigint[],
          ${p.shared}::bigint[], ${p.until}::timestamptz[]) with ordinality as v(id, user_row, wallet_row, attempts, shared, until, i)`,
      )
      .innerJoin(users, sql`${users.id} = v.id`)
      .leftJoin(wallets, eq(wallets.userId, users.id)),
);

/** For each check, in order: is its text still true? */
export async function meStillTrue(db: DbOrTx, checks: readonly MeCheck[]): Promise<boolean[]> {
  const rows = await runMeChecks(
    db,
    {},
    {
      ids: checks.map((c) => c.id),
      userRows: checks.map((c) => c.userRow),
      walletRows: checks.map((c) => c.walletRow),
      attempts: checks.map((c) => c.attempts),
      shared: checks.map((c) => c.shared),
      until: checks.map((c) => c.until),
    },
  );
  const answers = checks.map(() => false);
  for (const row of rows) if (row.yes === true) answers[row.i - 1] = true;
  return answers;
}

/* ---------- logins ---------- */

export async function countLogins(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(logins).where(eq(logins.userId, userId));
  return Number(row?.n ?? 0);
}

export async function loginPage(
  db: DbOrTx,
  userId: number,
  sort: 'id' | 'created_at',
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  const dir = direction(order);
  const key = sort === 'id' ? logins.id : logins.createdAt;
  return db
    .select({ id: logins.id, createdAt: logins.createdAt })
    .from(logins)
    .where(eq(logins.userId, userId))
    .orderBy(sql`${key} ${dir}`, sql`${logins.id} ${dir}`)
    .limit(limit)
    .offset(offset);
}
