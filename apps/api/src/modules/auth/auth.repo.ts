import { and, eq, gt, isNull, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { authThrottle, logins, passwordTokens, sessions, users } from '../../db/schema.ts';

export async function insertSession(db: DbOrTx, userId: number, tokenHash: string, expiresAt: Date) {
  await db.insert(sessions).values({ userId, tokenHash, expiresAt });
}

export async function recordLogin(db: DbOrTx, userId: number, ip: string, userAgent: string | undefined) {
  const now = new Date();
  await db.insert(logins).values({ userId, ip, userAgent: userAgent?.slice(0, 500), createdAt: now });
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
}

export async function revokeSession(db: DbOrTx, sessionId: number) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(db: DbOrTx, userId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function insertPasswordToken(db: DbOrTx, userId: number, tokenHash: string, expiresAt: Date) {
  const [row] = await db
    .insert(passwordTokens)
    .values({ userId, tokenHash, expiresAt })
    .returning({ id: passwordTokens.id });
  return row?.id ?? 0;
}

/** Only the newest link works: once it has been sent, older unused ones are retired. */
export async function retireOtherTokens(db: DbOrTx, userId: number, keepId: number) {
  await db
    .update(passwordTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt), ne(passwordTokens.id, keepId)));
}

/**
 * A usable (unused, unexpired) token row. With `lock`, the row stays locked for the rest of the
 * transaction, so two submits of one link cannot both use it.
 */
export async function findUsableToken(db: DbOrTx, tokenHash: string, lock = false) {
  const query = db
    .select()
    .from(passwordTokens)
    .where(
      and(
        eq(passwordTokens.tokenHash, tokenHash),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function markTokenUsed(db: DbOrTx, id: number) {
  await db.update(passwordTokens).set({ usedAt: new Date() }).where(eq(passwordTokens.id, id));
}

export async function setPasswordHash(db: DbOrTx, userId: number, hash: string) {
  await db
    .update(users)
    .set({ passwordHash: hash, activatedAt: sql`coalesce(${users.activatedAt}, now())`, updatedAt: new Date() })
    .where(eq(users.id, userId));
}

/** Keys currently blocked, of those given. */
export async function blockedKeys(db: DbOrTx, keys: string[]): Promise<string[]> {
  const rows = await db
    .select({ key: authThrottle.key, blockedUntil: authThrottle.blockedUntil })
    .from(authThrottle)
    .where(sql`${authThrottle.key} in ${keys} and ${authThrottle.blockedUntil} > now()`);
  return rows.map((r) => r.key);
}

/** Counts one failure against `key` in a sliding window, blocking the key once it reaches `limit`. */
export async function countFailure(db: DbOrTx, key: string, limit: number, windowMinutes: number) {
  const window = sql.raw(`interval '${Math.trunc(windowMinutes)} minutes'`);
  const fresh = sql`${authThrottle.windowStartedAt} < now() - ${window}`;
  const next = sql`(case when ${fresh} then 1 else ${authThrottle.failures} + 1 end)`;
  await db
    .insert(authThrottle)
    .values({ key, failures: 1, windowStartedAt: new Date(), blockedUntil: limit <= 1 ? new Date() : null })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: next,
        windowStartedAt: sql`case when ${fresh} then now() else ${authThrottle.windowStartedAt} end`,
        blockedUntil: sql`case when ${next} >= ${limit} then now() + ${window} else null end`,
      },
    });
}

export async function clearFailures(db: DbOrTx, key: string) {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}

/** Housekeeping: throttle rows whose window and block have both passed. */
export async function pruneThrottle(db: DbOrTx) {
  await db.delete(authThrottle).where(lte(authThrottle.windowStartedAt, sql`now() - interval '1 day'`));
}
