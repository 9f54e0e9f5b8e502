import { type TaxReportKind, WARSAW_TIME_ZONE } from '@incentive/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { ledgerEntries, quizzes, repProfiles, users } from '../../db/schema.ts';
import { EARNED_SIGN, EARNING_LEDGER_KINDS, earnedDeltaSql, type LedgerKind } from '../wallet/wallet.shared.repo.ts';

/*
 * The year-end tax report's SQL (decision 062): the ledger's earning entries of one calendar year
 * (in Poland's time), summed per person by kind, beside the person's identification and tax data.
 * It reads the ledger, the quizzes (a survey's reward is its own kind) and the people through their
 * owners' read models (db/owners.ts). Signs come from the money rules (wallet.shared.repo.ts).
 */

/** The report's kind of each ledger kind that changes what a rep earned; a quiz's reward is a survey's when its quiz is one. */
export const CATEGORY_OF: Readonly<Record<LedgerKind, Exclude<TaxReportKind, 'survey'> | null>> = {
  quiz_reward: 'quiz',
  challenge_reward: 'challenge',
  challenge_reversal: 'challenge',
  sale_correction: 'corrections',
  sale_correction_owed: 'corrections',
  sale_correction_reversal: 'corrections',
  manager_reclaim: 'corrections',
  adjustment: 'corrections',
  owed_settlement: null,
  withdrawal_requested: null,
  withdrawal_paid: null,
  withdrawal_failed: null,
};

/** [from, to) of a calendar year in Poland's time, as timestamptz expressions. */
const ZONE = sql.raw(`'${WARSAW_TIME_ZONE}'`);
const yearBounds = (year: number) => ({
  from: sql`(${`${year}-01-01 00:00:00`}::timestamp at time zone ${ZONE})`,
  to: sql`(${`${year + 1}-01-01 00:00:00`}::timestamp at time zone ${ZONE})`,
});

const earning = sql.raw(`(${EARNING_LEDGER_KINDS.map((k) => `'${k}'`).join(',')})`);

/** Sum of the signed amounts of the entries whose report kind is `kind` (the survey split by the quiz). */
export function kindSum(kind: TaxReportKind): SQL {
  const signed = earnedDeltaSql(sql`e.kind`, sql`e.amount`);
  if (kind === 'quiz')
    return sql`sum(case when e.kind = 'quiz_reward' and not coalesce(q.is_survey, false) then ${signed} else 0 end)`;
  if (kind === 'survey') return sql`sum(case when e.kind = 'quiz_reward' and q.is_survey then ${signed} else 0 end)`;
  const kinds = (Object.keys(CATEGORY_OF) as LedgerKind[]).filter(
    (k) => CATEGORY_OF[k] === kind && EARNED_SIGN[k] !== 0,
  );
  return sql`sum(case when e.kind in (${sql.raw(kinds.map((k) => `'${k}'`).join(','))}) then ${signed} else 0 end)`;
}

export interface ReportRow {
  user_id: number;
  asseco_id: string | null;
  name: string;
  surname: string | null;
  email: string;
  role: string;
  pesel: string | null;
  tax_office_code: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
  quiz: number;
  survey: number;
  challenge: number;
  corrections: number;
  total: number;
}

/**
 * Every person with earning entries in the year (or only `userId`), by surname and name, with the
 * year's sums by kind and in all (grosze). One statement; the ledger's range is read by its
 * created_at index.
 */
export async function yearRows(db: DbOrTx, year: number, userId?: number): Promise<ReportRow[]> {
  const { from, to } = yearBounds(year);
  const rows = await queryRows<ReportRow>(
    db,
    sql`with y as (
          select e.user_id,
                 ${kindSum('quiz')} as quiz, ${kindSum('survey')} as survey,
                 ${kindSum('challenge')} as challenge, ${kindSum('corrections')} as corrections,
                 sum(${earnedDeltaSql(sql`e.kind`, sql`e.amount`)}) as total
          from ${ledgerEntries} e
          left join ${quizzes} q on e.kind = 'quiz_reward' and e.source_type = 'quiz' and q.id::text = e.source_id
          where e.created_at >= ${from} and e.created_at < ${to} and e.kind in ${earning}
            ${userId === undefined ? sql`` : sql`and e.user_id = ${userId}`}
          group by e.user_id
        )
        select u.id as user_id, u.asseco_id, u.name, u.surname, u.email, u.role,
               p.pesel, p.tax_office_code, p.street, p.postcode, p.city,
               y.quiz::bigint as quiz, y.survey::bigint as survey, y.challenge::bigint as challenge,
               y.corrections::bigint as corrections, y.total::bigint as total
        from y join ${users} u on u.id = y.user_id
        left join ${repProfiles} p on p.user_id = u.id
        order by u.surname_key, u.name_key, u.id`,
  );
  return rows.map((r) => ({
    ...r,
    quiz: Number(r.quiz),
    survey: Number(r.survey),
    challenge: Number(r.challenge),
    corrections: Number(r.corrections),
    total: Number(r.total),
  }));
}

/** The year's earning entries summed straight from the ledger, without joins: what the report must add up to. */
export async function ledgerYearTotal(db: DbOrTx, year: number): Promise<number> {
  const { from, to } = yearBounds(year);
  const [row] = await queryRows<{ total: string | number | null }>(
    db,
    sql`select coalesce(sum(${earnedDeltaSql(sql`kind`, sql`amount`)}), 0)::bigint as total
        from ${ledgerEntries} where created_at >= ${from} and created_at < ${to} and kind in ${earning}`,
  );
  return Number(row?.total ?? 0);
}

/**
 * The calendar years (Poland's time) a report may cover, newest first: from the ledger's first entry
 * to its last (two reads of the created_at index); of one person, the years it earned in.
 */
export async function rewardYears(db: DbOrTx, userId?: number): Promise<number[]> {
  if (userId !== undefined) {
    const rows = await queryRows<{ year: number }>(
      db,
      sql`select distinct extract(year from created_at at time zone ${ZONE})::int as year
          from ${ledgerEntries} where user_id = ${userId} and kind in ${earning}
          order by year desc`,
    );
    return rows.map((r) => Number(r.year));
  }
  const [row] = await queryRows<{ first: number | null; last: number | null }>(
    db,
    sql`select extract(year from (select min(created_at) from ${ledgerEntries}) at time zone ${ZONE})::int as first,
               extract(year from (select max(created_at) from ${ledgerEntries}) at time zone ${ZONE})::int as last`,
  );
  if (!row?.first || !row.last) return [];
  const years: number[] = [];
  for (let y = Number(row.last); y >= Number(row.first); y--) years.push(y);
  return years;
}
