import DataLoader from 'dataloader';
import type { DbOrTx } from '../../db/client.ts';
import * as repo from './users.repo.ts';

/*
 * GET /api/me's last answer per user, reused while the database says it is still true
 * (docs/decisions/034). The answer is one statement with eight subqueries; checking that its
 * version is unchanged is a primary-key probe, about a tenth of its cost in PostgreSQL. Every
 * process keeps its own answers and asks the database each time, so a change made through any
 * process (or by SQL) shows at once: nothing is trusted for a while.
 *
 * The checks of the requests that arrive together go to the database as one statement
 * (docs/decisions/039): a statement's round trip costs the API and PostgreSQL more than the check
 * itself, and under load many rep phones ask at once. Each check is still asked after its request
 * arrived, so it sees every change committed before.
 */

/** Checks in one statement at most (a batch of a busy loop turn is 5–50). */
export const ME_CHECKS_PER_STATEMENT = 200;

/** Answers kept per database handle, at most this many users, the least recently used dropped first. */
export const ME_CACHE_MAX_USERS = 10_000;

type Kept = {
  byUser: Map<number, repo.MeRead>;
  checks: DataLoader<repo.MeCheck, boolean>;
  counts: { reused: number; read: number; statements: number };
};
const kept = new WeakMap<object, Kept>();

function keptOf(db: DbOrTx): Kept {
  let k = kept.get(db);
  if (!k) {
    const counts = { reused: 0, read: 0, statements: 0 };
    const checks = new DataLoader<repo.MeCheck, boolean>(
      (batch) => {
        counts.statements += 1;
        return repo.meStillTrue(db, batch);
      },
      {
        // Every check asked during this turn of the event loop (one per request read from its
        // sockets), not only those of one request: DataLoader's default waits for a tick.
        batchScheduleFn: (run) => setImmediate(run),
        maxBatchSize: ME_CHECKS_PER_STATEMENT,
        // A check is a question about now: never answered from an earlier one.
        cache: false,
      },
    );
    k = { byUser: new Map(), checks, counts };
    kept.set(db, k);
  }
  return k;
}

/**
 * How many answers were reused and read afresh on this database handle, and in how many statements
 * the reused ones were checked (tests, diagnostics).
 */
export function meCacheCounts(db: DbOrTx): { reused: number; read: number; statements: number } {
  return { ...keptOf(db).counts };
}

/** The user's answer as JSON text: the kept one if still true, else read afresh (and kept). */
export async function meText(db: DbOrTx, id: number): Promise<string | undefined> {
  const { byUser, checks, counts } = keptOf(db);
  const last = byUser.get(id);
  if (last && (await checks.load({ ...last, id }))) {
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
