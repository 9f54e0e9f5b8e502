import type { ProgrammeStats, StatsFigure, StatsQuery } from '@incentive/contracts';
import type { Db } from '../../db/client.ts';
import { formatGrosze } from '../../lib/money.ts';
import { type Actor, readScopeOf } from '../access/access.service.ts';
import * as repo from './programme-stats.repo.ts';

/*
 * How the programme is doing (issue 31 point 3, decision 066): the figures of one period, each
 * read in one statement, all at once. Root, admin and the provider see every rep; a wholesaler and
 * a regional manager the reps of their warehouses.
 */

const pln = (grosze: number | string) => formatGrosze(Number(grosze));

export async function programmeStats(db: Db, actor: Actor, q: StatsQuery): Promise<ProgrammeStats> {
  const range: repo.Range = { ...q, scope: await readScopeOf(db, actor) };
  const [reps, signins, quizzes, money, owed, warehouses, regions] = await Promise.all([
    repo.repCounts(db, range),
    repo.signins(db, range),
    repo.quizActivity(db, range),
    repo.moneyByKind(db, range),
    repo.liability(db, range),
    repo.byWarehouse(db, range),
    repo.byRegion(db, range),
  ]);
  return {
    from: q.from,
    to: q.to,
    bucket: q.bucket,
    reps,
    signins,
    quizzes,
    money: money.map((m) => ({
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
