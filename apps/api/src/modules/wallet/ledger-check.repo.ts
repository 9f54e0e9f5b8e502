import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { wallets } from '../../db/schema.ts';
import { BALANCE_FIELDS, type BalanceField, EARNED_FIELDS, type LedgerKind, MOVES, type Moves } from './money-rules.ts';

/*
 * The books check's SQL, generated from the money rules (MOVES): a new kind or balance there is
 * checked here without another line.
 */

/** The wallets column of a balance; the check reports each balance by this name. */
export const column = (f: BalanceField): string => wallets[f].name;

/**
 * Per user: `w_<column>` what the wallet holds, `l_<column>` what the ledger entries add up to,
 * and the open and paid withdrawals (grosze; bigint sums arrive as strings).
 */
export type ComparisonRow = Record<string, string | number | null>;
/** `users` and each `l_<column>` summed over everyone. */
export type LedgerTotals = Record<string, string | number | null>;

const kindLiteral = (k: LedgerKind) => {
  // Kinds come from the rules table in code, never from a request; still, only plain names pass.
  if (!/^[a-z_]+$/.test(k)) throw new Error(`bad ledger kind ${k}`);
  return `'${k}'`;
};

/** sum(amount) of the entries, each signed by how its kind moves `field` (MOVES). */
function ledgerSum(field: BalanceField): SQL {
  const arms = (Object.entries(MOVES) as [LedgerKind, Moves][])
    .filter(([, m]) => m[field] !== undefined)
    .map(([kind, m]) => `when ${kindLiteral(kind)} then ${m[field] === 1 ? 'amount' : '-amount'}`);
  return sql.raw(`sum(case kind ${arms.join(' ')} else 0 end)`);
}

/** Wallets beside their ledger sums and their withdrawals, one row per user (CTE `cmp`). */
const comparison = (): SQL => {
  const sums = BALANCE_FIELDS.map((f) => sql`${ledgerSum(f)} as ${sql.raw(column(f))}`);
  const pairs = BALANCE_FIELDS.map((f) => {
    const c = column(f);
    return sql.raw(`coalesce(w.${c}, 0)::bigint as w_${c}, coalesce(s.${c}, 0)::bigint as l_${c}`);
  });
  return sql`
  with sums as (
    select user_id, ${sql.join(sums, sql`, `)}
    from ledger_entries group by user_id
  ), wd as (
    select user_id,
      sum(case when status in ('requested','exported') then amount else 0 end) as open_amount,
      sum(case when status = 'paid' then amount else 0 end) as paid_amount
    from withdrawals group by user_id
  ), cmp as (
    select coalesce(w.user_id, s.user_id, wd.user_id)::int as user_id, ${sql.join(pairs, sql`, `)},
      coalesce(wd.open_amount, 0)::bigint as open_amount, coalesce(wd.paid_amount, 0)::bigint as paid_amount
    from wallets w
    full outer join sums s on s.user_id = w.user_id
    full outer join wd on wd.user_id = coalesce(w.user_id, s.user_id)
  )`;
};

/**
 * The users whose wallet differs from its ledger sums, or whose money on its way out and paid
 * out differ from their withdrawals; at most `limit`, lowest id first.
 */
export async function mismatchingUsers(db: DbOrTx, limit: number): Promise<ComparisonRow[]> {
  const differs = sql.join(
    [
      ...BALANCE_FIELDS.map((f) => sql.raw(`w_${column(f)} <> l_${column(f)}`)),
      sql.raw(`w_${column('inWithdrawal')} <> open_amount`),
      sql.raw(`w_${column('withdrawn')} <> paid_amount`),
      sql.raw(`(w_${column('owed')} > 0 and w_${column('available')} > 0)`),
    ],
    sql` or `,
  );
  return queryRows<ComparisonRow>(
    db,
    sql`${comparison()} select * from cmp where ${differs} order by user_id limit ${sql.raw(String(Math.trunc(limit)))}`,
  );
}

/** Across everyone: how many users, and each balance as the ledger adds it up. */
export async function ledgerTotals(db: DbOrTx): Promise<LedgerTotals | undefined> {
  const totals = BALANCE_FIELDS.map((f) => sql.raw(`coalesce(sum(l_${column(f)}), 0)::bigint as l_${column(f)}`));
  const [row] = await queryRows<LedgerTotals>(
    db,
    sql`${comparison()} select count(*)::int as users, ${sql.join(totals, sql`, `)} from cmp`,
  );
  return row;
}

/** A membership whose copy of its user's earnings differs from the wallet (decision 042). */
export interface MemberCopyRow {
  user_id: number;
  warehouse_id: number;
  copy: string | number;
  earned: string | number;
}

/** The memberships whose member_earned is not their user's wallet total; at most `limit`. */
export async function memberCopiesOff(db: DbOrTx, limit: number): Promise<MemberCopyRow[]> {
  const earned = sql.raw(`coalesce(${EARNED_FIELDS.map((f) => `w.${column(f)}`).join(' + ')}, 0)`);
  return queryRows<MemberCopyRow>(
    db,
    sql`select uw.user_id, uw.warehouse_id, uw.member_earned as copy, ${earned} as earned
    from user_warehouses uw left join wallets w on w.user_id = uw.user_id
    where uw.member_earned <> ${earned}
    order by uw.user_id, uw.warehouse_id limit ${sql.raw(String(Math.trunc(limit)))}`,
  );
}

/** Whether the database holds the product's tables at all (a wallets table), before anything is checked. */
export async function hasWallets(db: DbOrTx): Promise<boolean> {
  const [found] = await queryRows<{ wallets: string | null }>(
    db,
    sql`select to_regclass('public.wallets')::text as wallets`,
  );
  return Boolean(found?.wallets);
}
