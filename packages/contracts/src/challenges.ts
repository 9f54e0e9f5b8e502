/*
 * Sales challenges (SPEC.md sections 2, 3, 7; issue 15): during its dates each product of a
 * challenge pays a rep a set reward per unit sold. Units come from imported sales results
 * (sales-imports.ts); what a rep earned is posted to the ledger as challenge rewards.
 *
 * Dates are Warsaw calendar days written 'YYYY-MM-DD'; start_at and end_at are both included.
 * Money on the wire is PLN with two decimals, as everywhere.
 */
import { z } from 'zod';
import {
  CHALLENGE_DROPDOWN,
  CHALLENGE_LIMITS,
  CHALLENGE_RESULTS_DAYS,
  CHALLENGE_STATUSES,
  type ChallengeStatus,
} from './challenge-limits.ts';
import { moneySchema, textSchema } from './common.ts';
import { imageSchema } from './media.ts';
import { pagedQuerySchema } from './paging.ts';
import { plnAmountSchema } from './wallet.ts';

export { CHALLENGE_DROPDOWN, CHALLENGE_LIMITS, CHALLENGE_RESULTS_DAYS, CHALLENGE_STATUSES, type ChallengeStatus };

const MAX_ID = 2_147_483_647;

/** A calendar day 'YYYY-MM-DD' that exists (2026-02-30 does not). */
export const calendarDaySchema = (error: string) =>
  textSchema(error)
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error })
    .refine(
      (s) => {
        const d = new Date(`${s}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
      },
      { error },
    );

const optionalId = (error: string) =>
  z
    .union([z.null(), z.literal(''), z.coerce.number({ error })], { error })
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v))
    .pipe(z.number({ error }).int({ error }).min(1, { error }).max(MAX_ID, { error }).nullable());

/** One product of a challenge as the form sends it: a catalogue product, its reward per unit, and an optional article. */
export const challengeProductInputSchema = z.object({
  product_id: z
    .number({ error: 'challenge.productInvalid' })
    .int({ error: 'challenge.productInvalid' })
    .min(1, { error: 'challenge.productInvalid' })
    .max(MAX_ID, { error: 'challenge.productInvalid' }),
  /** PLN per unit sold ("2.50" or 2.5); becomes grosze. */
  reward: plnAmountSchema.refine((g) => g >= 1 && g <= CHALLENGE_LIMITS.rewardMaxPln * 100, {
    error: 'challenge.rewardInvalid',
  }),
  /** The article 'more' opens; null = the newest published article presenting the product. */
  article_id: optionalId('challenge.articleInvalid'),
});
export type ChallengeProductInput = z.input<typeof challengeProductInputSchema>;
export type ChallengeProductInputParsed = z.output<typeof challengeProductInputSchema>;

/** The `products` multipart field: a JSON array of 1 to 50 products, each catalogue product once. */
export const challengeProductsFieldSchema = z
  .string({ error: 'challenge.productsInvalid' })
  .max(200_000, { error: 'challenge.productsInvalid' })
  .transform((s, ctx) => {
    try {
      return JSON.parse(s) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'challenge.productsInvalid' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(challengeProductInputSchema, { error: 'challenge.productsInvalid' })
      .min(1, { error: 'challenge.productsRequired' })
      .max(CHALLENGE_LIMITS.products, { error: 'challenge.tooManyProducts' })
      .refine((ps) => new Set(ps.map((p) => p.product_id)).size === ps.length, {
        error: 'challenge.productTwice',
      }),
  );

/**
 * The text fields of POST /api/challenges (create) and POST /api/challenges/{id} (edit), multipart
 * like the article form: name, intro, start_at, end_at, products (JSON) and the file part `image`
 * (required on create; on edit, none keeps the current image). On edit `id`, when sent, must be the path's.
 */
export const challengeFieldsSchema = z
  .object({
    id: optionalId('validation.idInvalid'),
    name: textSchema('challenge.nameRequired')
      .trim()
      .min(1, { error: 'challenge.nameRequired' })
      .max(CHALLENGE_LIMITS.name, { error: 'validation.tooLong' }),
    intro: textSchema('validation.invalid')
      .trim()
      .max(CHALLENGE_LIMITS.intro, { error: 'validation.tooLong' })
      .optional()
      .transform((v) => v ?? ''),
    start_at: calendarDaySchema('challenge.datesRequired'),
    end_at: calendarDaySchema('challenge.datesRequired'),
    products: challengeProductsFieldSchema,
  })
  .refine((c) => c.end_at >= c.start_at, { error: 'challenge.datesOrder', path: ['end_at'] });
export type ChallengeFields = z.output<typeof challengeFieldsSchema>;

/** Answer of create and edit. */
export const challengeSavedSchema = z.object({ challenge_id: z.number().int(), message: z.string() });
export type ChallengeSaved = z.infer<typeof challengeSavedSchema>;

export const CHALLENGE_SORT_FIELDS = ['start_at', 'end_at', 'name', 'id', 'created_at'] as const;

/**
 * GET /api/challenges: the back office's read-only table (10/25/50/100 a page) and the selector
 * (per_page 1000, SPEC.md section 9). Newest first by default.
 */
export const challengeListQuerySchema = pagedQuerySchema(CHALLENGE_SORT_FIELDS, 'start_at').extend({
  per_page: z.coerce
    .number({ error: 'validation.perPageInvalid' })
    .refine((n) => [10, 25, 50, 100, CHALLENGE_DROPDOWN].includes(n), { error: 'validation.perPageInvalid' })
    .default(10),
  order: z.enum(['asc', 'desc'], { error: 'validation.orderInvalid' }).default('desc'),
  status: z.enum(CHALLENGE_STATUSES, { error: 'challenge.statusInvalid' }).optional(),
});
export type ChallengeListQuery = z.infer<typeof challengeListQuerySchema>;

/**
 * A row of GET /api/challenges. The figures count the reps the caller may see (a regional manager's
 * or wholesaler's warehouses; everyone for admins).
 */
export const challengeListRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  status: z.enum(CHALLENGE_STATUSES),
  image: imageSchema.nullable(),
  products_count: z.number().int(),
  /** Reps with a result in it. */
  reps_count: z.number().int(),
  units: z.number().int(),
  money_paid: moneySchema,
  created_at: z.string(),
});
export type ChallengeListRow = z.infer<typeof challengeListRowSchema>;

/** A product of a challenge as the back office reads it (GET /api/challenges/{id}). */
export const challengeProductSchema = z.object({
  /** The catalogue product's id (what the form sends as product_id). */
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** The product's code in the sales-result files. */
  code: z.string().nullable(),
  image: imageSchema.nullable(),
  /** The image's URL (SPEC.md: Product url), the 640 px variant; null without an image. */
  url: z.string().nullable(),
  /** The article chosen for the challenge, else the product's newest published article; null when none. */
  article_id: z.number().int().nullable(),
  /** The article chosen in the form (null = none chosen); what the editor shows. */
  chosen_article_id: z.number().int().nullable(),
  reward: moneySchema,
  /** Units sold by the reps the caller may see, and what they were paid for them. */
  units: z.number().int(),
  money_paid: moneySchema,
  created_at: z.string(),
});
export type ChallengeProduct = z.infer<typeof challengeProductSchema>;

/** GET /api/challenges/{id}: the challenge with its products. */
export const challengeDetailsSchema = challengeListRowSchema.extend({
  intro: z.string(),
  updated_at: z.string(),
  /** True when imported sales refer to it: it can no longer be deleted, nor can its products be removed. */
  has_sales: z.boolean(),
  products: z.array(challengeProductSchema),
});
export type ChallengeDetails = z.infer<typeof challengeDetailsSchema>;

/** A rep's place among the reps of a group (1 = first); ties share a place. null when the rep has no result. */
export const rankPlaceSchema = z.object({ place: z.number().int(), of: z.number().int() }).nullable();

/** A product on the rep's challenge page (SPEC.md: Product id, name, url (image), article_id). */
export const activeChallengeProductSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image: imageSchema.nullable(),
  url: z.string().nullable(),
  article_id: z.number().int().nullable(),
  reward: moneySchema,
  /** Units the rep sold in the challenge, and what they earned. */
  units: z.number().int(),
  money_get: moneySchema,
});
export type ActiveChallengeProduct = z.infer<typeof activeChallengeProductSchema>;

/**
 * GET /api/challenges/active/{id}, and each item of GET /api/challenges/active: the spec's
 * "products, name, money_get" (what the rep earned in it), plus the rep's place in the ranking of
 * its warehouse and of its region (the warehouses of the regional managers who share one with it).
 */
export const activeChallengeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  intro: z.string(),
  image: imageSchema.nullable(),
  start_at: z.string(),
  end_at: z.string(),
  status: z.enum(CHALLENGE_STATUSES),
  products: z.array(activeChallengeProductSchema),
  money_get: moneySchema,
  units: z.number().int(),
  rank: z.object({ warehouse: rankPlaceSchema, region: rankPlaceSchema }),
});
export type ActiveChallenge = z.infer<typeof activeChallengeSchema>;

/**
 * GET /api/challenges/active: the challenges running today and those ended in the last
 * CHALLENGE_RESULTS_DAYS days (their late sales still arrive), running first, each as above.
 * `updated_at` is when sales results were last imported (the home's note), null before any.
 */
export const activeChallengeListSchema = z.object({
  data: z.array(activeChallengeSchema),
  updated_at: z.string().nullable(),
});
export type ActiveChallengeList = z.infer<typeof activeChallengeListSchema>;

export const RANKING_SORT_FIELDS = ['place', 'name'] as const;

/**
 * GET /api/challenges/{id}/ranking (and /ranking.csv without paging): the reps with a result, best
 * first, within the caller's scope; optionally one warehouse; searched by name, surname or asseco id.
 */
export const rankingQuerySchema = pagedQuerySchema(RANKING_SORT_FIELDS, 'place').extend({
  warehouse_id: optionalId('validation.idInvalid'),
});
export type RankingQuery = z.infer<typeof rankingQuerySchema>;
export const rankingExportQuerySchema = rankingQuerySchema.omit({ page: true, per_page: true });
export type RankingExportQuery = z.infer<typeof rankingExportQuerySchema>;

export const rankingRowSchema = z.object({
  /** Place in the whole ranking the caller sees (filtered by warehouse: within that warehouse); ties share. */
  place: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  surname: z.string().nullable(),
  asseco_id: z.string().nullable(),
  warehouses: z.array(z.object({ id: z.number().int(), name: z.string() })),
  units: z.number().int(),
  amount: moneySchema,
});
export type RankingRow = z.infer<typeof rankingRowSchema>;
