import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { appendAndApply, appendManyAndApply, lockWallet as repoLockWallet } from './ledger.repo.ts';
import { type Balances, deltaOf, type LedgerKind } from './money-rules.ts';

/**
 * Locks a rep's wallet row for the rest of the caller's transaction (creating it on first use): a
 * feature that pays (quizzes) takes it first, so one rep's parallel requests run one after another.
 */
export const lockWallet = repoLockWallet;

/** Holds the wallets of users whose memberships are about to change (see ledger.repo). */
/** Locks wallets for a bulk take-back and returns their available money (sales corrections). */
export { lockMemberWallets, lockWalletsAvailable } from './ledger.repo.ts';

/** The ledger's rules, for the demo seed that computes balances in bulk (src/seed/money.ts). */
export { type Balances, deltaOf, ZERO_BALANCES } from './money-rules.ts';

export type SourceType = 'quiz' | 'challenge' | 'withdrawal' | 'admin';

export interface Posting {
  userId: number;
  kind: LedgerKind;
  /** Grosze: positive, except adjustments which are signed. */
  amount: number;
  sourceType: SourceType;
  sourceId: string;
  reason?: string | null;
  createdBy?: number | null;
}

function violatesCheck(err: unknown): boolean {
  let e: unknown = err;
  while (e && typeof e === 'object') {
    if ((e as { code?: string }).code === '23514') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Posts one entry inside the caller's transaction: locks the user's wallet row, appends the
 * entry (once per source key) and moves the balances. Returns false when the same event was
 * already posted, so retries are harmless. A balance that would go negative is refused by the
 * database's CHECK and surfaces as a 409.
 *
 * Must run inside `db.transaction`: the lock and the two writes stand or fall together.
 */
export async function post(
  tx: DbOrTx,
  p: Posting,
  /** The wallet as the caller already locked it in this transaction, to skip a second lock. */
  locked?: Balances,
): Promise<{ posted: boolean }> {
  if (!Number.isSafeInteger(p.amount) || p.amount === 0 || (p.kind !== 'adjustment' && p.amount < 0)) {
    throw new Error(`invalid ledger amount ${p.amount} for ${p.kind}`);
  }
  const wallet = locked ?? (await repoLockWallet(tx, p.userId));
  const d = deltaOf(p.kind, p.amount);
  // Check before writing so the common refusal is a clear 409 rather than a failed statement.
  if (wallet.available + (d.available ?? 0) < 0 || wallet.inWithdrawal + (d.inWithdrawal ?? 0) < 0) {
    throw new AppError(409, 'wallet.insufficientFunds');
  }
  try {
    const entry = {
      userId: p.userId,
      kind: p.kind,
      amount: p.amount,
      sourceType: p.sourceType,
      sourceId: p.sourceId,
      reason: p.reason ?? null,
      createdBy: p.createdBy ?? null,
    };
    const id = await appendAndApply(tx, entry, d);
    return { posted: id !== null };
  } catch (err) {
    if (violatesCheck(err)) throw new AppError(409, 'wallet.insufficientFunds');
    throw err;
  }
}

/** At most this many entries per statement (7 parameters each, well under PostgreSQL's 65,535). */
const BULK_CHUNK = 1_000;

/**
 * Posts many entries inside the caller's transaction, set-based (a sales import pays every rep of
 * a file at once): the same rules as post() (MOVES, once per source key, no negative balance: a
 * CHECK refusal surfaces as a 409), in a few statements instead of one round trip per entry.
 * Returns how many entries were new.
 */
export async function postMany(tx: DbOrTx, postings: readonly Posting[]): Promise<number> {
  for (const p of postings) {
    if (!Number.isSafeInteger(p.amount) || p.amount === 0 || (p.kind !== 'adjustment' && p.amount < 0)) {
      throw new Error(`invalid ledger amount ${p.amount} for ${p.kind}`);
    }
  }
  // Locks are taken in user-id order across chunks too.
  const sorted = [...postings].sort((a, b) => a.userId - b.userId);
  let posted = 0;
  try {
    for (let i = 0; i < sorted.length; i += BULK_CHUNK) {
      const chunk = sorted.slice(i, i + BULK_CHUNK).map((p) => ({
        userId: p.userId,
        kind: p.kind,
        amount: p.amount,
        sourceType: p.sourceType,
        sourceId: p.sourceId,
        reason: p.reason ?? null,
        createdBy: p.createdBy ?? null,
      }));
      posted += await appendManyAndApply(tx, chunk);
    }
  } catch (err) {
    if (violatesCheck(err)) throw new AppError(409, 'wallet.insufficientFunds');
    throw err;
  }
  return posted;
}
