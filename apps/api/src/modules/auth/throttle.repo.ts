import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { authThrottle } from '../../db/schema.ts';

/** How one counter blocks: see throttle.ts. */
export interface ThrottleRule {
  /** Failures allowed within the window; the one that reaches this number starts a block. */
  free: number;
  windowSeconds: number;
  /** The first block; each further failure multiplies it by `growth`, up to `maxBlockSeconds`. */
  blockSeconds: number;
  growth: number;
  maxBlockSeconds: number;
}

/** The block that the n-th failure of a window starts (null below the rule's free failures). */
function blockAfter(n: SQL, r: ThrottleRule): SQL {
  const seconds = sql`least(${r.maxBlockSeconds}::float8, ${r.blockSeconds}::float8 * power(${r.growth}::float8, ${n} - ${r.free}::int))`;
  return sql`case when ${n} >= ${r.free}::int then now() + make_interval(secs => ${seconds}) end`;
}

/**
 * Counts one attempt against `key` unless the key is blocked, in one statement (so concurrent
 * attempts from any number of processes are counted one by one). True when it was counted; false
 * when the key is blocked, and then nothing changed.
 */
export async function claim(db: DbOrTx, key: string, rule: ThrottleRule): Promise<boolean> {
  const fresh = sql`${authThrottle.windowStartedAt} < now() - make_interval(secs => ${rule.windowSeconds}::int)`;
  const next = sql`(case when ${fresh} then 1 else ${authThrottle.failures} + 1 end)`;
  const rows = await db
    .insert(authThrottle)
    .values({ key, failures: 1, windowStartedAt: sql`now()`, blockedUntil: blockAfter(sql`1`, rule) })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: next,
        windowStartedAt: sql`case when ${fresh} then now() else ${authThrottle.windowStartedAt} end`,
        blockedUntil: blockAfter(next, rule),
      },
      setWhere: sql`${authThrottle.blockedUntil} is null or ${authThrottle.blockedUntil} <= now()`,
    })
    .returning({ key: authThrottle.key });
  return rows.length > 0;
}

/** Takes back one counted attempt (it succeeded), lifting a block that it alone started. */
export async function release(db: DbOrTx, key: string, rule: ThrottleRule) {
  await db
    .update(authThrottle)
    .set({
      failures: sql`greatest(${authThrottle.failures} - 1, 0)`,
      blockedUntil: sql`case when ${authThrottle.failures} - 1 >= ${rule.free}::int then ${authThrottle.blockedUntil} end`,
    })
    .where(eq(authThrottle.key, key));
}

/** Forgets a counter altogether. */
export async function clear(db: DbOrTx, key: string) {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}

/** Whole seconds until the last of these keys' blocks ends (at least 1), by the database's clock. */
export async function secondsBlocked(db: DbOrTx, keys: string[]): Promise<number> {
  const [row] = await queryRows<{ s: number | string | null }>(
    db,
    sql`select ceil(extract(epoch from max(${authThrottle.blockedUntil}) - now()))::int as s
        from ${authThrottle} where ${inArray(authThrottle.key, keys)} and ${authThrottle.blockedUntil} > now()`,
  );
  return Math.max(1, Number(row?.s ?? 1));
}

/** Housekeeping: counters whose window began over two days ago and that block nothing. */
export async function pruneThrottle(db: DbOrTx) {
  await db
    .delete(authThrottle)
    .where(
      sql`${authThrottle.windowStartedAt} < now() - interval '2 days' and (${authThrottle.blockedUntil} is null or ${authThrottle.blockedUntil} < now())`,
    );
}
