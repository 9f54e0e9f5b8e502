import type { Role } from '@incentive/contracts';
import { and, asc, count, eq, isNotNull, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { authThrottle, logins, passwordTokens, sessions, users, userWarehouses } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS } from '../src/seed/demo-accounts.ts';

const demoEmails = DEMO_ACCOUNTS.map((a) => a.email);

export interface FoundUser {
  id: number;
  email: string;
  name: string;
}

export interface UserQuery {
  role: Role;
  /** true: has a password (can sign in with the demo password); false: never set one. */
  activated?: boolean;
  inWarehouses?: number[];
  outsideWarehouses?: number[];
}

/**
 * Generated (non-demo) users from the seed, by role and warehouse, lowest ids first.
 * Tests that change a user take their own, so no two tests touch the same account.
 */
export async function findUsers(
  db: Db,
  q: UserQuery & { limit?: number; excludeIds?: number[] },
): Promise<FoundUser[]> {
  const memberOf = (ids: number[]) =>
    sql`exists (select 1 from ${userWarehouses} uw where uw.user_id = ${users.id} and uw.warehouse_id in ${ids})`;
  const rows = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(
      and(
        eq(users.role, q.role),
        isNull(users.deletedAt),
        notInArray(users.email, demoEmails),
        q.excludeIds?.length ? notInArray(users.id, q.excludeIds) : undefined,
        q.activated === undefined
          ? undefined
          : q.activated
            ? isNotNull(users.passwordHash)
            : isNull(users.passwordHash),
        q.inWarehouses ? memberOf(q.inWarehouses) : undefined,
        q.outsideWarehouses ? sql`not ${memberOf(q.outsideWarehouses)}` : undefined,
      ),
    )
    .orderBy(asc(users.id))
    .limit(q.limit ?? 1);
  if (rows.length < (q.limit ?? 1)) throw new Error(`the demo seed has too few users for ${JSON.stringify(q)}`);
  return rows;
}

/** Hands out seeded users one at a time, never the same one twice, so tests that change an account stay independent. */
export function userPool(db: Db) {
  const taken: number[] = [];
  return async (q: UserQuery): Promise<FoundUser> => {
    const [user] = await findUsers(db, { ...q, excludeIds: taken, limit: 1 });
    if (!user) throw new Error('unreachable');
    taken.push(user.id);
    return user;
  };
}

export async function userRow(db: Db, email: string) {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

/** Row counts of every table a request of the auth feature may write, to prove that nothing was written. */
export async function writeCounts(db: Db) {
  const n = async (
    table: typeof sessions | typeof logins | typeof passwordTokens | typeof authThrottle | typeof users,
  ) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  const [activeTokens] = await db.select({ n: count() }).from(passwordTokens).where(isNull(passwordTokens.usedAt));
  const [revoked] = await db.select({ n: count() }).from(sessions).where(isNotNull(sessions.revokedAt));
  const [lastUpdate] = await db.select({ at: sql<string>`max(${users.updatedAt})::text` }).from(users);
  return {
    sessions: await n(sessions),
    revokedSessions: revoked?.n ?? 0,
    logins: await n(logins),
    passwordTokens: await n(passwordTokens),
    activePasswordTokens: activeTokens?.n ?? 0,
    throttle: await n(authThrottle),
    users: await n(users),
    usersUpdatedAt: lastUpdate?.at ?? null,
  };
}
