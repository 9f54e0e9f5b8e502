import { translate } from '@incentive/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { lockWalletsAvailable, type Posting, postMany } from '../wallet/wallet.service.ts';
import * as apply from './sales-apply.repo.ts';
import type { EarningGroup } from './sales-imports.repo.ts';
import { correctionOwedReason, correctionReason } from './sales-reasons.ts';

/*
 * Paying a set of ready rows inside the caller's transaction (decision 050): the apply step's chunk
 * of reps, or the held rows an admin confirms. Sales, challenge earnings and one ledger entry per rep
 * and challenge (source `challenge`, `{import}:{challenge}`; a confirmation of held rows adds its own
 * suffix, since each (kind, source, rep) is posted once), rewards first, then corrections.
 */

/**
 * The ledger entries that take back the rewards of returned units (decision 044): from each rep's
 * available money while it lasts (sale_correction), the rest owed (sale_correction_owed), which
 * later earnings settle first. The wallets are locked here, in user-id order.
 */
async function correctionPostings(
  tx: DbOrTx,
  id: number,
  returned: readonly EarningGroup[],
  createdBy: number | null,
  sourceOf: (g: EarningGroup) => string,
): Promise<Posting[]> {
  if (returned.length === 0) return [];
  const available = await lockWalletsAvailable(
    tx,
    returned.map((g) => g.user_id),
  );
  const postings: Posting[] = [];
  for (const g of [...returned].sort((a, b) => a.user_id - b.user_id || a.challenge_id - b.challenge_id)) {
    const due = -g.amount;
    const has = available.get(g.user_id) ?? 0;
    const covered = Math.min(has, due);
    available.set(g.user_id, has - covered);
    const params = { challenge: g.challenge_name, units: -g.units, id };
    const base = { userId: g.user_id, sourceType: 'challenge' as const, sourceId: sourceOf(g), createdBy };
    if (covered > 0)
      postings.push({ ...base, kind: 'sale_correction', amount: covered, reason: correctionReason(params) });
    if (due - covered > 0) {
      postings.push({
        ...base,
        kind: 'sale_correction_owed',
        amount: due - covered,
        reason: correctionOwedReason(params),
      });
    }
  }
  return postings;
}

export interface Paid {
  /** Rows inserted into sales. */
  accepted: number;
  /** Ready rows whose line was imported meanwhile. */
  skipped: number;
  /** Correction lines refused for returning more than was sold. */
  rejected: number;
  amount: number;
  amountCorrected: number;
  /** Reps paid (or corrected). */
  reps: number;
}

/**
 * Pays the ready rows of a rep range: corrections judged, sales inserted, earnings added, ledger
 * entries posted, the paid rows dropped from the staged rows. `suffix` tells a confirmation's
 * ledger entries from the import's first ones.
 */
export async function payReady(
  tx: DbOrTx,
  id: number,
  range: apply.RepRange,
  createdBy: number | null,
  suffix = '',
): Promise<Paid> {
  const rejected = await apply.judgeCorrections(tx, id, range);
  const done = await apply.insertReady(tx, id, range);
  const sourceOf = (g: EarningGroup) => `${id}:${g.challenge_id}${suffix}`;
  const sold = done.groups.filter((g) => !g.correction);
  const returned = done.groups.filter((g) => g.correction);
  // Rewards first: what they bring settles an earlier debt, then pays this file's corrections.
  await postMany(
    tx,
    sold.map((g) => ({
      userId: g.user_id,
      kind: 'challenge_reward',
      amount: g.amount,
      sourceType: 'challenge',
      sourceId: sourceOf(g),
      reason: translate('pl', 'sales.ledgerReason', { challenge: g.challenge_name, units: g.units, id }),
      createdBy,
    })),
  );
  await postMany(tx, await correctionPostings(tx, id, returned, createdBy, sourceOf));
  await apply.dropApplied(tx, id, range);
  return {
    accepted: done.inserted,
    skipped: done.ready - done.inserted,
    rejected,
    amount: sold.reduce((n, g) => n + g.amount, 0),
    amountCorrected: -returned.reduce((n, g) => n + g.amount, 0),
    reps: new Set(done.groups.map((g) => g.user_id)).size,
  };
}
