/*
 * How the programme is doing (issue 31 point 3, decision 066): for a chosen period, sign-ins,
 * quizzes, money by month and kind, what is owed to reps, and the challenges' units and rewards by
 * warehouse and region. Root, admin and the provider see everything; a wholesaler and a regional
 * manager their warehouses' reps. Amounts in PLN strings, buckets as the first Warsaw day of each.
 */
import { z } from 'zod';
import { calendarDaySchema } from './challenges.ts';
import { moneySchema } from './common.ts';
import { warsawDay } from './warsaw-time.ts';

export const STATS_BUCKETS = ['month', 'week', 'day'] as const;
export type StatsBucket = (typeof STATS_BUCKETS)[number];
/** At most this many days in one period (a bucket per day for a year is still a readable chart). */
export const STATS_MAX_DAYS = 731;

/** By default the Warsaw calendar year so far. */
const statsRangeSchema = z.object({
  from: calendarDaySchema('stats.dateInvalid').default(() => `${warsawDay().slice(0, 4)}-01-01`),
  to: calendarDaySchema('stats.dateInvalid').default(() => warsawDay()),
  bucket: z.enum(STATS_BUCKETS, { error: 'stats.bucketInvalid' }).default('month'),
});
const inOrder = <T extends z.ZodType<{ from: string; to: string }>>(s: T) =>
  s
    .refine((q) => q.from <= q.to, { error: 'stats.rangeInvalid', path: ['to'] })
    .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < STATS_MAX_DAYS, {
      error: 'stats.rangeTooLong',
      path: ['to'],
    });

/** GET /api/stats/programme?from&to&bucket */
export const statsQuerySchema = inOrder(statsRangeSchema);
export type StatsQuery = z.infer<typeof statsQuerySchema>;

export const STATS_FIGURES = ['signins', 'quizzes', 'money', 'warehouses', 'regions'] as const;
export type StatsFigure = (typeof STATS_FIGURES)[number];
/** GET /api/stats/programme/export?figure&from&to&bucket: one figure's rows as CSV. */
export const statsExportQuerySchema = inOrder(
  statsRangeSchema.extend({ figure: z.enum(STATS_FIGURES, { error: 'stats.figureInvalid' }).default('money') }),
);

export const programmeStatsSchema = z.object({
  from: z.string(),
  to: z.string(),
  bucket: z.enum(STATS_BUCKETS),
  reps: z.object({ active: z.number().int(), signed_in: z.number().int(), took_quiz: z.number().int() }),
  signins: z.array(z.object({ bucket: z.string(), signins: z.number().int(), reps: z.number().int() })),
  quizzes: z.array(
    z.object({
      bucket: z.string(),
      attempts: z.number().int(),
      reps: z.number().int(),
      passed: z.number().int(),
      graded: z.number().int(),
    }),
  ),
  money: z.array(
    z.object({
      bucket: z.string(),
      quiz: moneySchema,
      survey: moneySchema,
      challenge: moneySchema,
      corrections: moneySchema,
      withdrawn: moneySchema,
    }),
  ),
  /** What the reps in scope hold now: to withdraw, and on its way to their cards. */
  liability: z.object({ available: moneySchema, in_withdrawal: moneySchema, total: moneySchema }),
  warehouses: z.array(
    z.object({ id: z.number().int(), name: z.string(), units: z.number().int(), rewards: moneySchema }),
  ),
  regions: z.array(z.object({ id: z.number().int(), name: z.string(), units: z.number().int(), rewards: moneySchema })),
});
export type ProgrammeStats = z.infer<typeof programmeStatsSchema>;
