import { randomUUID } from 'node:crypto';
import { type LedgerEntry, type MoneyOverview, type Role, WALLET_ROLES } from '@incentive/contracts';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerEntries } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { formatGrosze } from '../../lib/money.ts';
import { offsetOf, paged } from '../../lib/paging.ts';
import { queryRows } from '../../lib/query-rows.ts';
import { findActiveUserById } from '../users/users.repo.ts';
import { post } from './ledger.service.ts';

/**
 * A manual credit (+) or debit (−) by an admin, with a reason: a correction or a clawback.
 * With an idempotency key a retried submit posts once.
 */
export async function adjust(
  db: Db,
  actor: { id: number },
  body: { user_id: number; amount: number; reason: string; idempotency_key?: string },
): Promise<{ posted: boolean }> {
  return db.transaction(async (tx) => {
    const user = await findActiveUserById(tx, body.user_id);
    if (!user) throw new AppError(404, 'users.notFound');
    if (!WALLET_ROLES.includes(user.role as Role)) throw new AppError(422, 'wallet.notARep');
    const { posted } = await post(tx, {
      userId: user.id,
      kind: 'adjustment',
      amount: body.amount,
      sourceType: 'admin',
      sourceId: body.idempotency_key ?? randomUUID(),
      reason: body.reason,
      createdBy: actor.id,
    });
    return { posted };
  });
}

/** How an entry changes the money the rep can withdraw; a paid withdrawal shows what reached the card. */
function shownAmount(kind: string, amount: number): number {
  return kind === 'withdrawal_requested' ? -amount : amount;
}

/** A user's money history, newest first by default. */
export async function history(
  db: Db,
  userId: number,
  q: { page: number; per_page: number; order: 'asc' | 'desc'; sort: 'id' | 'created_at' },
) {
  const dir = q.order === 'asc' ? asc : desc;
  const where = eq(ledgerEntries.userId, userId);
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(where)
    .orderBy(dir(q.sort === 'id' ? ledgerEntries.id : ledgerEntries.createdAt), dir(ledgerEntries.id))
    .limit(q.per_page)
    .offset(offsetOf(q.page, q.per_page));
  const [agg] = await db.select({ n: count() }).from(ledgerEntries).where(and(where));
  const total = agg?.n ?? 0;
  return paged(
    rows.map(
      (r): LedgerEntry => ({
        id: r.id,
        created_at: r.createdAt.toISOString(),
        kind: r.kind as LedgerEntry['kind'],
        source_type: r.sourceType as LedgerEntry['source_type'],
        source_id: r.sourceId,
        amount: formatGrosze(shownAmount(r.kind, r.amount)),
        reason: r.reason,
      }),
    ),
    total,
    q.page,
    q.per_page,
  );
}

type OverviewRow = { month: string; earned: string; requested: string; paid_out: string; returned: string };
type TotalsRow = { earned: string; available: string; in_withdrawal: string; paid_out: string };

/** The programme's money at a glance: liability in wallets, money on its way, paid out; by month for a year. */
export async function overview(db: Db): Promise<MoneyOverview> {
  const [totals] = await queryRows<TotalsRow>(
    db,
    sql`select coalesce(sum(earned_quiz + earned_challenge + earned_adjustment), 0)::bigint as earned,
      coalesce(sum(available), 0)::bigint as available, coalesce(sum(in_withdrawal), 0)::bigint as in_withdrawal,
      coalesce(sum(withdrawn), 0)::bigint as paid_out from wallets`,
  );
  const months = await queryRows<OverviewRow>(
    db,
    sql`select to_char(date_trunc('month', created_at), 'YYYY-MM') as month,
      coalesce(sum(amount) filter (where kind in ('quiz_reward','challenge_reward','adjustment')), 0)::bigint as earned,
      coalesce(sum(amount) filter (where kind = 'withdrawal_requested'), 0)::bigint as requested,
      coalesce(sum(amount) filter (where kind = 'withdrawal_paid'), 0)::bigint as paid_out,
      coalesce(sum(amount) filter (where kind = 'withdrawal_failed'), 0)::bigint as returned
    from ledger_entries
    where created_at >= date_trunc('month', now()) - interval '11 months'
    group by 1 order by 1 desc`,
  );
  const g = (v: string | number | undefined) => formatGrosze(Number(v ?? 0));
  return {
    totals: {
      earned: g(totals?.earned),
      available: g(totals?.available),
      in_withdrawal: g(totals?.in_withdrawal),
      paid_out: g(totals?.paid_out),
    },
    months: months.map((m) => ({
      month: m.month,
      earned: g(m.earned),
      requested: g(m.requested),
      paid_out: g(m.paid_out),
      returned: g(m.returned),
    })),
  };
}
