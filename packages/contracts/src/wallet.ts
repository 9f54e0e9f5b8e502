import { z } from 'zod';
import { isStorableText, moneySchema, textSchema } from './common.ts';
import { pagedQuerySchema } from './paging.ts';

/** Largest single amount the API accepts: 1,000,000.00 PLN. */
export const MAX_AMOUNT_GROSZE = 100_000_000;

/**
 * An amount in PLN as a number (12.5) or a decimal string ("12.50"), turned into integer grosze.
 * Rejects fractions of a grosz, non-numbers and absurd sizes instead of rounding them.
 */
export const plnAmountSchema = z
  .union([z.number({ error: 'wallet.amountInvalid' }), z.string({ error: 'wallet.amountInvalid' })], {
    error: 'wallet.amountInvalid',
  })
  // The shared text rule (common.ts) for the string form; a union would hide its message.
  .refine((v) => typeof v === 'number' || isStorableText(v), { error: 'validation.textInvalid', abort: true })
  .transform((v, ctx) => {
    const s = typeof v === 'number' ? (Number.isFinite(v) ? String(v) : '') : v.trim().replace(',', '.');
    const m = /^(-?)(\d{1,9})(?:\.(\d{1,2}))?$/.exec(s);
    if (!m) {
      ctx.addIssue({ code: 'custom', message: 'wallet.amountInvalid' });
      return z.NEVER;
    }
    const grosze = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
    if (grosze > MAX_AMOUNT_GROSZE) {
      ctx.addIssue({ code: 'custom', message: 'wallet.amountTooLarge' });
      return z.NEVER;
    }
    return m[1] === '-' ? -grosze : grosze;
  });

/** POST /api/withdrawal: the whole wallet, as the screen showed it. */
export const withdrawalBodySchema = z.object({
  amount: plnAmountSchema.refine((g) => g >= 1, { error: 'wallet.amountMin' }),
});
export type WithdrawalBody = z.input<typeof withdrawalBodySchema>;

export const WITHDRAWAL_STATUSES = ['requested', 'exported', 'paid', 'failed'] as const;
export const withdrawalStatusSchema = z.enum(WITHDRAWAL_STATUSES);
export type WithdrawalStatus = z.infer<typeof withdrawalStatusSchema>;

export const withdrawalSchema = z.object({
  id: z.number().int(),
  for_user: z.object({ id: z.number().int(), email: z.string(), name: z.string(), surname: z.string().nullable() }),
  created_at: z.string(),
  amount: moneySchema,
  status: withdrawalStatusSchema,
  card_number: z.string(),
  batch_id: z.number().int().nullable(),
  exported_at: z.string().nullable(),
  settled_at: z.string().nullable(),
  failure_reason: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const WITHDRAWAL_SORT_FIELDS = ['id', 'email', 'created_at', 'amount', 'status'] as const;
/** GET /api/wallet: the withdrawals table (all for admins, own for a seller). */
export const withdrawalListQuerySchema = pagedQuerySchema(WITHDRAWAL_SORT_FIELDS, 'id').extend({
  order: z.enum(['asc', 'desc'], { error: 'validation.orderInvalid' }).default('desc'),
  status: withdrawalStatusSchema.optional(),
});
export type WithdrawalListQuery = z.infer<typeof withdrawalListQuerySchema>;

/** The paged list plus the sum of every filtered row's amount (the table's footer). */
export const withdrawalListSchema = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  total: z.number().int(),
  data: z.array(withdrawalSchema),
  total_amount: moneySchema,
});
export type WithdrawalList = z.infer<typeof withdrawalListSchema>;

export const LEDGER_KIND_VALUES = [
  'quiz_reward',
  'challenge_reward',
  // Undoes challenge rewards of a reverted sales import (never a deletion).
  'challenge_reversal',
  // A sales correction (a return): what the rep's available money covered, and the rest, now owed.
  'sale_correction',
  'sale_correction_owed',
  // Gives a correction back when the import that brought it is reverted.
  'sale_correction_reversal',
  // Later earnings settle what the rep owes, first.
  'owed_settlement',
  // Import money taken back from a regional manager, who cannot withdraw it (decision 045).
  'manager_reclaim',
  'adjustment',
  'withdrawal_requested',
  'withdrawal_paid',
  'withdrawal_failed',
] as const;
export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  kind: z.enum(LEDGER_KIND_VALUES),
  source_type: z.enum(['quiz', 'challenge', 'withdrawal', 'admin', 'owed']),
  source_id: z.string(),
  /** Signed as it affects the money the rep can withdraw (+ in, − out); a paid withdrawal shows what reached the card. */
  amount: moneySchema,
  reason: z.string().nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export const ledgerListQuerySchema = pagedQuerySchema(['id', 'created_at'] as const, 'id').extend({
  order: z.enum(['asc', 'desc'], { error: 'validation.orderInvalid' }).default('desc'),
});

/** POST /api/admin/adjustments: a manual credit (+) or debit (−) with a required reason. */
export const adjustmentBodySchema = z.object({
  user_id: z.number({ error: 'validation.idInvalid' }).int().min(1).max(2_147_483_647),
  amount: plnAmountSchema.refine((g) => g !== 0, { error: 'wallet.amountZero' }),
  reason: textSchema('wallet.reasonRequired')
    .trim()
    .min(3, { error: 'wallet.reasonRequired' })
    .max(500, { error: 'validation.tooLong' }),
  /** Optional client key so a retried submit posts once. */
  idempotency_key: textSchema().trim().min(8).max(100).optional(),
});
export type AdjustmentBody = z.input<typeof adjustmentBodySchema>;

export const payoutBatchBodySchema = z.object({
  withdrawal_ids: z
    .array(z.number().int().min(1).max(2_147_483_647), { error: 'withdrawals.emptySelection' })
    .min(1, { error: 'withdrawals.emptySelection' })
    .max(5000, { error: 'validation.tooLong' }),
});
export const payoutBatchSchema = z.object({
  id: z.number().int(),
  withdrawals_count: z.number().int(),
  total: moneySchema,
  created_at: z.string(),
});
export type PayoutBatch = z.infer<typeof payoutBatchSchema>;

export const failWithdrawalBodySchema = z.object({
  reason: textSchema('wallet.reasonRequired')
    .trim()
    .min(3, { error: 'wallet.reasonRequired' })
    .max(500, { error: 'validation.tooLong' }),
});

/** One line of the card issuer's result file: `withdrawal_id;status;reason`. */
export const payoutResultRowSchema = z.object({
  withdrawal_id: z.number().int().min(1),
  status: z.enum(['paid', 'failed']),
  reason: textSchema().max(500).nullable(),
});

/** POST /api/payout-batches/{id}/result: the issuer's CSV file as text (lines of payoutResultRowSchema). */
export const payoutResultFileSchema = textSchema('withdrawals.resultFileInvalid').max(5 * 1024 * 1024, {
  error: 'errors.payloadTooLarge',
});

export const ledgerCheckSchema = z.object({
  ok: z.boolean(),
  users_checked: z.number().int(),
  mismatches: z.array(
    z.object({ user_id: z.number().int(), field: z.string(), wallet: z.string(), ledger: z.string() }),
  ),
  totals: z.object({
    earned: moneySchema,
    available: moneySchema,
    in_withdrawal: moneySchema,
    withdrawn: moneySchema,
    /** What reps owe after corrections their wallets did not cover (decision 044). */
    owed: moneySchema,
  }),
});
export type LedgerCheck = z.infer<typeof ledgerCheckSchema>;

export const moneyOverviewSchema = z.object({
  totals: z.object({
    earned: moneySchema,
    available: moneySchema,
    in_withdrawal: moneySchema,
    paid_out: moneySchema,
  }),
  months: z.array(
    z.object({
      month: z.string(),
      earned: moneySchema,
      requested: moneySchema,
      paid_out: moneySchema,
      returned: moneySchema,
    }),
  ),
});
export type MoneyOverview = z.infer<typeof moneyOverviewSchema>;
