import { asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { ledgerEntries, wallets, withdrawals } from '../../db/schema.ts';
import { EARNED_FIELDS, type LedgerKind, MOVES } from './money-rules.ts';
import { moneySql } from './wallet.shared.repo.ts';

export type EntryRow = typeof ledgerEntries.$inferSelect;

/** One page of a user's ledger entries, by id or by time, ties broken by id. */
export async function entryPage(
  db: DbOrTx,
  userId: number,
  q: { sort: 'id' | 'created_at'; order: 'asc' | 'desc'; limit: number; offset: number },
): Promise<EntryRow[]> {
  const dir = q.order === 'asc' ? asc : desc;
  return db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(dir(q.sort === 'id' ? ledgerEntries.id : ledgerEntries.createdAt), dir(ledgerEntries.id))
    .limit(q.limit)
    .offset(q.offset);
}

export async function countEntries(db: DbOrTx, userId: number): Promise<number> {
  const [agg] = await db.select({ n: count() }).from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
  return agg?.n ?? 0;
}

/** Grosze as the drivers return bigint sums (a string, or a number). */
type Sum = string | number;

export interface WalletTotals {
  earned: Sum;
  available: Sum;
  in_withdrawal: Sum;
  paid_out: Sum;
}

/** Every wallet added up. */
export async function walletTotals(db: DbOrTx): Promise<WalletTotals | undefined> {
  const [row] = await queryRows<WalletTotals>(
    db,
    sql`select coalesce(sum(${moneySql.totalAmount}), 0)::bigint as earned,
      coalesce(sum(available), 0)::bigint as available, coalesce(sum(in_withdrawal), 0)::bigint as in_withdrawal,
      coalesce(sum(withdrawn), 0)::bigint as paid_out from ${wallets}`,
  );
  return row;
}

/** Withdrawals not settled yet (asked for, or sent to the card issuer): how many and how much (grosze). */
export async function waitingWithdrawals(db: DbOrTx): Promise<{ status: string; n: number; amount: string }[]> {
  return queryRows(
    db,
    sql`select status, count(*)::int as n, coalesce(sum(amount), 0)::bigint as amount
        from ${withdrawals} where status in ('requested', 'exported') group by status`,
  );
}

export interface MonthTotals {
  month: string;
  earned: Sum;
  requested: Sum;
  paid_out: Sum;
  returned: Sum;
}

/** An entry's amount as it changes what the rep earned (a reversal or a correction takes away). */
function earnedSigned(kinds: readonly LedgerKind[]): SQL {
  const arms = kinds.map((k) => {
    const sign = EARNED_FIELDS.reduce((n, f) => n + (MOVES[k][f] ?? 0), 0);
    return sql`when ${k} then ${sign < 0 ? sql`-amount` : sql`amount`}`;
  });
  return sql`case kind ${sql.join(arms, sql` `)} else 0 end`;
}

/** The ledger by month (YYYY-MM), this month and the eleven before it, newest first. */
export async function monthlyTotals(db: DbOrTx, earningKinds: readonly LedgerKind[]): Promise<MonthTotals[]> {
  const kindIn = (kinds: readonly LedgerKind[]): SQL =>
    sql`kind in (${sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    )})`;
  return queryRows<MonthTotals>(
    db,
    sql`select to_char(date_trunc('month', created_at), 'YYYY-MM') as month,
      coalesce(sum(${earnedSigned(earningKinds)}) filter (where ${kindIn(earningKinds)}), 0)::bigint as earned,
      coalesce(sum(amount) filter (where kind = 'withdrawal_requested'), 0)::bigint as requested,
      coalesce(sum(amount) filter (where kind = 'withdrawal_paid'), 0)::bigint as paid_out,
      coalesce(sum(amount) filter (where kind = 'withdrawal_failed'), 0)::bigint as returned
    from ${ledgerEntries}
    where created_at >= date_trunc('month', now()) - interval '11 months'
    group by 1 order by 1 desc`,
  );
}
