import type {
  Paged,
  RulesAcceptanceExportQuery,
  RulesAcceptanceQuery,
  RulesAcceptanceRow,
  RulesVersion,
} from '@incentive/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { offsetOf, paged } from '../../lib/paging.ts';
import * as repo from './consent.repo.ts';

/*
 * Consent to the rules (issue 30 point 3, decision 060): who accepted which version, and when.
 */

/** POST /api/rules/accept: the person accepts the version it read, which must be the one in force. */
export async function acceptRules(db: Db, userId: number, version: number): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await repo.currentRulesId(tx);
    if (current === undefined || !(await repo.rulesExist(tx, version)))
      throw new AppError(404, 'consent.versionUnknown');
    // A version replaced while the rep read it: the newer one is to be read and accepted instead.
    if (version !== current) throw new AppError(409, 'consent.versionStale');
    await repo.recordAcceptance(tx, userId, version);
  });
}

/** The registration's rules box: the version in force is accepted with the password (in its transaction). */
export async function acceptCurrentRules(tx: DbOrTx, userId: number): Promise<void> {
  const current = await repo.currentRulesId(tx);
  if (current !== undefined) await repo.recordAcceptance(tx, userId, current);
}

export const listVersions = (db: DbOrTx): Promise<RulesVersion[]> => repo.versions(db);

async function versionOrThrow(db: DbOrTx, version: number) {
  if (!(await repo.rulesExist(db, version))) throw new AppError(404, 'consent.versionUnknown');
}

export async function listAcceptances(db: DbOrTx, q: RulesAcceptanceQuery): Promise<Paged<RulesAcceptanceRow>> {
  await versionOrThrow(db, q.version);
  const { rows, total } = await repo.acceptances(db, q, { limit: q.per_page, offset: offsetOf(q.page, q.per_page) });
  return paged(rows, total, q.page, q.per_page);
}

/** Every row of the list, for the CSV (10,000 reps is one statement of a few hundred kB). */
export async function exportAcceptances(db: DbOrTx, q: RulesAcceptanceExportQuery): Promise<RulesAcceptanceRow[]> {
  await versionOrThrow(db, q.version);
  return (await repo.acceptances(db, q)).rows;
}

export { rulesToAcceptSql } from './consent.repo.ts';
