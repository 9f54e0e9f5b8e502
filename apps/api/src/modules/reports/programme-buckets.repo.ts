import { type StatsBucket, WARSAW_TIME_ZONE } from '@incentive/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { programmeBuckets } from '../../db/schema.ts';
import type { BucketFigures } from './programme-stats.repo.ts';

/*
 * The figures of the buckets that are over, kept (programme_buckets, decision 068): the whole
 * programme's only. A bucket is kept once it ended SETTLED ago: a row's time is its transaction's
 * start, so a long transaction (a sales import's chunk) commits rows dated a little earlier than
 * its commit; six hours is far longer than any.
 */
const ZONE = sql.raw(`'${WARSAW_TIME_ZONE}'`);
const SETTLED = sql.raw(`interval '6 hours'`);
const STEP = { month: '1 month', week: '1 week', day: '1 day' } as const;

/** A bucket of the period: its days within the period, whether it may be kept, and its kept figures. */
export interface PlannedBucket {
  bucket: string;
  first: string;
  last: string;
  /** Wholly inside the period and over (SETTLED ago). */
  settled: boolean;
  kept: BucketFigures | null;
}

/** The period's buckets in order, with the kept figures of those that have them (one statement). */
export async function plannedBuckets(
  db: DbOrTx,
  from: string,
  to: string,
  bucket: StatsBucket,
): Promise<PlannedBucket[]> {
  const step = sql.raw(`'${STEP[bucket]}'::interval`);
  const rows = await queryRows<BucketFigures & { first: string; last: string; settled: boolean; kept: boolean }>(
    db,
    sql`select to_char(g, 'YYYY-MM-DD') as bucket,
               to_char(greatest(g, ${from}::timestamp), 'YYYY-MM-DD') as first,
               to_char(least(g + ${step} - interval '1 day', ${to}::timestamp), 'YYYY-MM-DD') as last,
               (g >= ${from}::timestamp and g + ${step} - interval '1 day' <= ${to}::timestamp
                 and ((g + ${step}) at time zone ${ZONE}) <= now() - ${SETTLED}) as settled,
               (k.starts is not null) as kept,
               k.signins, k.signin_reps, k.attempts, k.quiz_reps, k.passed, k.graded,
               -- Grosze of a year fit a double exactly: numbers, not bigint strings.
               k.quiz::float8 as quiz, k.survey::float8 as survey, k.challenge::float8 as challenge,
               k.corrections::float8 as corrections, k.withdrawn::float8 as withdrawn
        from generate_series(date_trunc(${bucket}, ${from}::timestamp), ${to}::timestamp, ${step}) g
        left join ${programmeBuckets} k on k.bucket = ${bucket} and k.starts = g::date
        order by g`,
  );
  return rows.map(({ first, last, settled, kept, ...figures }) => ({
    bucket: figures.bucket,
    first,
    last,
    settled,
    kept: kept && settled ? figures : null,
  }));
}

/** Keeps settled buckets' figures; a bucket another request kept first stays as it is. */
export async function keepBuckets(db: DbOrTx, bucket: StatsBucket, rows: BucketFigures[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(programmeBuckets)
    .values(
      rows.map((r) => ({
        bucket,
        starts: r.bucket,
        signins: r.signins,
        signinReps: r.signin_reps,
        attempts: r.attempts,
        quizReps: r.quiz_reps,
        passed: r.passed,
        graded: r.graded,
        quiz: r.quiz,
        survey: r.survey,
        challenge: r.challenge,
        corrections: r.corrections,
        withdrawn: r.withdrawn,
      })),
    )
    .onConflictDoNothing();
}
