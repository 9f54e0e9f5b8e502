import { LEDGER_KIND_VALUES } from '@incentive/contracts';

/*
 * The money rules, each written once: which balances an entry of each kind moves, and which
 * balances count what a rep earned. Posting (ledger.service.ts), the books check
 * (ledger-check.ts), the overview and the demo seed all derive from these tables.
 */

export type LedgerKind = (typeof LEDGER_KIND_VALUES)[number];
export const LEDGER_KINDS: readonly LedgerKind[] = LEDGER_KIND_VALUES;

/** A wallet's balances in grosze (the columns of `wallets`). */
export interface Balances {
  available: number;
  inWithdrawal: number;
  withdrawn: number;
  earnedQuiz: number;
  earnedChallenge: number;
  earnedAdjustment: number;
  /** Owed by the rep: a correction its available money did not cover (decision 044). */
  owed: number;
  updatedAt?: Date | null;
}

export type BalanceField = keyof Omit<Balances, 'updatedAt'>;
export const BALANCE_FIELDS: readonly BalanceField[] = [
  'available',
  'inWithdrawal',
  'withdrawn',
  'earnedQuiz',
  'earnedChallenge',
  'earnedAdjustment',
  'owed',
];

export const ZERO_BALANCES: Balances = {
  available: 0,
  inWithdrawal: 0,
  withdrawn: 0,
  earnedQuiz: 0,
  earnedChallenge: 0,
  earnedAdjustment: 0,
  owed: 0,
};

/** How an entry's amount moves balances: +1 adds it, −1 takes it away. */
export type Moves = Partial<Record<BalanceField, 1 | -1>>;

/** Which balances an entry of each kind moves. This table is the whole of the money rules. */
export const MOVES: Readonly<Record<LedgerKind, Moves>> = {
  quiz_reward: { available: 1, earnedQuiz: 1 },
  challenge_reward: { available: 1, earnedChallenge: 1 },
  // A reverted sales import takes back what it paid, while the rep still holds it.
  challenge_reversal: { available: -1, earnedChallenge: -1 },
  // A returned sale takes back its reward: from the available money while it lasts (sale_correction),
  // the rest is owed (sale_correction_owed); a reverted import gives its corrections back.
  sale_correction: { available: -1, earnedChallenge: -1 },
  sale_correction_owed: { owed: 1, earnedChallenge: -1 },
  sale_correction_reversal: { available: 1, earnedChallenge: 1 },
  // Money that arrives while the rep owes pays the debt first.
  owed_settlement: { available: -1, owed: -1 },
  // Money a regional manager could never withdraw, taken back (decision 045): a clawback, as an
  // admin's debit is.
  manager_reclaim: { available: -1, earnedAdjustment: -1 },
  adjustment: { available: 1, earnedAdjustment: 1 },
  withdrawal_requested: { available: -1, inWithdrawal: 1 },
  withdrawal_paid: { inWithdrawal: -1, withdrawn: 1 },
  withdrawal_failed: { inWithdrawal: -1, available: 1 },
};

/** The balances that count what a rep earned; their sum is the rep's total (and, by MOVES, equals available + in withdrawal + withdrawn − owed). */
export const EARNED_FIELDS: readonly BalanceField[] = ['earnedQuiz', 'earnedChallenge', 'earnedAdjustment'];

/** The kinds that add to what a rep earned. */
export const EARNING_KINDS: readonly LedgerKind[] = LEDGER_KINDS.filter((k) =>
  EARNED_FIELDS.some((f) => MOVES[k][f] !== undefined),
);

export type Delta = Partial<Record<BalanceField, number>>;

/** The change an entry of `kind` and amount `a` (grosze) makes to each balance it moves. */
export function deltaOf(kind: LedgerKind, a: number): Delta {
  const moves = MOVES[kind];
  if (!moves) throw new Error(`unknown ledger kind ${kind}`);
  const d: Delta = {};
  for (const [field, sign] of Object.entries(moves) as [BalanceField, 1 | -1][]) d[field] = sign * a;
  return d;
}
