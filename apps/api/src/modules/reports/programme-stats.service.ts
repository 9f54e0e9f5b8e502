import type { ProgrammeStats, StatsFigure, StatsQuery } from '@incentive/contracts';
import type { Db } from '../../db/client.ts';
import { formatGrosze } from '../../lib/money.ts';
import { type Actor, readScopeOf } from '../access/access.service.ts';
import * as kept from './programme-buckets.repo.ts';
import * as repo from './programme-stats.repo.ts';

/*
 * How the programme is doing (issue 31 point 3, decision 066): the figures of one period, each
 * read in one statement, all at once. Root, admin and the provider see every rep; a wholesaler and
 * a regional manager the reps of their warehouses.
 */

const pln = (grosze: number | string) => formatGrosze(Number(grosze));

export async function programmeStats(db: Db, actor: Actor, q: StatsQuery): Promise<ProgrammeStats> {
  const range: repo.Range = { ...q, scope: await readScopeOf(db, actor) };
  const [reps, series, owed, warehouses, regions] = await Promise.all([
    repo.repCounts(db, range),
    bucketSeries(db, range),
    repo.liability(db, range),
    repo.byWarehouse(db, range),
    repo.byRegion(db, range),
  ]);
  return {
    from: q.from,
    to: q.to,
    bucket: q.bucket,
    reps,
    signins: series.map((b) => ({ bucket: b.bucket, signins: b.signins, reps: b.signin_reps })),
    quizzes: series.map((b) => ({
      bucket: b.bucket,
      attempts: b.attempts,
      reps: b.quiz_reps,
      passed: b.passed,
      graded: b.graded,
    })),
    money: series.map((m) => ({
      bucket: m.bucket,
      quiz: pln(m.quiz),
      survey: pln(m.survey),
      challenge: pln(m.challenge),
      corrections: pln(m.corrections),
      withdrawn: pln(m.withdrawn),
    })),
    liability: {
      available: pln(owed.available),
      in_withdrawal: pln(owed.in_withdrawal),
      total: pln(Number(owed.available) + Number(owed.in_withdrawal)),
    },
    warehouses: warehouses.map((w) => ({ ...w, rewards: pln(w.rewards) })),
    regions: regions.map((r) => ({ ...r, rewards: pln(r.rewards) })),
  };
}

/**
 * Every bucket's figures. For the whole programme, the buckets that are over come from
 * programme_buckets and only the others (the current month, a period's cut first or last bucket)
 * are read from the tables, in runs of neighbours; those read that are over are kept for the next
 * time (decision 068). A scoped caller's figures are read from the tables: its reps' warehouses
 * change, and its statements are small.
 */
async function bucketSeries(db: Db, range: repo.Range): Promise<repo.BucketFigures[]> {
  if (range.scope !== null) return repo.bucketFigures(db, range);
  const plan = await kept.plannedBuckets(db, range.from, range.to, range.bucket);
  const runs: { from: string; to: string }[] = [];
  let open: { from: string; to: string } | undefined;
  for (const b of plan) {
    if (b.kept) open = undefined;
    else if (open) open.to = b.last;
    else {
      open = { from: b.first, to: b.last };
      runs.push(open);
    }
  }
  const read = (await Promise.all(runs.map((run) => repo.bucketFigures(db, { ...range, ...run })))).flat();
  const byLabel = new Map(read.map((b) => [b.bucket, b]));
  const settled = new Set(plan.filter((b) => b.settled && !b.kept).map((b) => b.bucket));
  await kept.keepBuckets(
    db,
    range.bucket,
    read.filter((b) => settled.has(b.bucket)),
  );
  return plan.map((b) => {
    const figures = b.kept ?? byLabel.get(b.bucket);
    if (!figures) throw new Error(`programme stats: bucket ${b.bucket} was not read`);
    return figures;
  });
}

/** One figure of the period as a CSV's header and rows (amounts in PLN with a dot). */
export async function figureRows(
  db: Db,
  actor: Actor,
  q: StatsQuery & { figure: StatsFigure },
): Promise<{ header: string[]; rows: (string | number)[][] }> {
  const s = await programmeStats(db, actor, q);
  switch (q.figure) {
    case 'signins':
      return { header: ['period', 'signins', 'reps'], rows: s.signins.map((r) => [r.bucket, r.signins, r.reps]) };
    case 'quizzes':
      return {
        header: ['period', 'attempts', 'reps', 'passed', 'graded'],
        rows: s.quizzes.map((r) => [r.bucket, r.attempts, r.reps, r.passed, r.graded]),
      };
    case 'money':
      return {
        header: ['period', 'quiz', 'survey', 'challenge', 'corrections', 'withdrawn'],
        rows: s.money.map((r) => [r.bucket, r.quiz, r.survey, r.challenge, r.corrections, r.withdrawn]),
      };
    case 'warehouses':
      return {
        header: ['warehouse_id', 'warehouse', 'units', 'rewards'],
        rows: s.warehouses.map((r) => [r.id, r.name, r.units, r.rewards]),
      };
    case 'regions':
      return {
        header: ['manager_id', 'regional_manager', 'units', 'rewards'],
        rows: s.regions.map((r) => [r.id, r.name, r.units, r.rewards]),
      };
  }
}
