import type { DbOrTx } from '../../db/client.ts';
import * as repo from './users.repo.ts';

/*
 * GET /api/me's last answer per user, reused while the database says it is still true
 * (docs/decisions/034). The answer is one statement with eight subqueries; checking that its
 * version is unchanged is a primary-key probe, about a tenth of its cost in PostgreSQL. Every
 * process keeps its own answers and asks the database each time, so a change made through any
 * process (or by SQL) shows at once: nothing is trusted for a while.
 */

/** Answers kept per database handle, at most this many users, the least recently used dropped first. */
export const ME_CACHE_MAX_USERS = 10_000;

type Kept = { byUser: Map<number, repo.MeRead>; counts: { reused: number; read: number } };
const kept = new WeakMap<object, Kept>();

function keptOf(db: DbOrTx): Kept {
  let k = kept.get(db);
  if (!k) {
    k = { byUser: new Map(), counts: { reused: 0, read: 0 } };
    kept.set(db, k);
  }
  return k;
}

/** How many answers were reused and read afresh on this database handle (tests, diagnostics). */
export function meCacheCounts(db: DbOrTx): { reused: number; read: number } {
  return { ...keptOf(db).counts };
}

/** The user's answer as JSON text: the kept one if still true, else read afresh (and kept). */
export async function meText(db: DbOrTx, id: number): Promise<string | undefined> {
  const { byUser, counts } = keptOf(db);
  const last = byUser.get(id);
  if (last && (await repo.meStillTrue(db, id, last))) {
    counts.reused += 1;
    // Most recently used last: a Map iterates in insertion order.
    byUser.delete(id);
    byUser.set(id, last);
    return last.text;
  }
  counts.read += 1;
  const read = await repo.selectMe(db, id);
  byUser.delete(id);
  if (!read) return undefined;
  byUser.set(id, read);
  if (byUser.size > ME_CACHE_MAX_USERS) {
    const oldest = byUser.keys().next();
    if (!oldest.done) byUser.delete(oldest.value);
  }
  return read.text;
}
