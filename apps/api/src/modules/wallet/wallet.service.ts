import { randomUUID } from 'node:crypto';
import { type LedgerEntry, type MoneyOverview, type Role, WALLET_ROLES } from '@incentive/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { formatGrosze } from '../../lib/money.ts';
import { offsetOf, paged } from '../../lib/paging.ts';
import { findActiveUserById } from '../access/access.service.ts';
import { recordChange } from '../audit/audit.service.ts';
import { post } from './ledger.service.ts';
import { EARNING_KINDS } from './money-rules.ts';
import * as repo from './wallet.repo.ts';

/** For features that pay into the ledger in their own transaction (quizzes): lock the wallet first, then post. */
export {
  lockMemberWallets,
  lockWallet,
  lockWalletsAvailable,
  type Posting,
  post,
  postMany,
} from './ledger.service.ts';

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
    // Money is credited only to those who can see and withdraw it (decision 045): a regional manager
    // holds a wallet (cards, old money taken back) but has no money pages and cannot withdraw.
    if (body.amount > 0 && user.role !== 'seller') throw new AppError(422, 'wallet.notARep');
    const { posted } = await post(tx, {
      userId: user.id,
      kind: 'adjustment',
      amount: body.amount,
      sourceType: 'admin',
      sourceId: body.idempotency_key ?? randomUUID(),
      reason: body.reason,
      createdBy: actor.id,
    });
    // A retried submit (the same idempotency key) changes nothing and records nothing.
    if (posted) {
      await recordChange(tx, {
        kind: 'user.walletAdjust',
        object: 'user',
        id: user.id,
        ofUser: user.id,
        details: { amount: formatGrosze(body.amount), reason: body.reason },
      });
    }
    return { posted };
  });
}

/** How an entry changes the money the rep can withdraw; a paid withdrawal shows what reached the card. */
const SHOWN_NEGATIVE = new Set([
  'withdrawal_requested',
  'challenge_reversal',
  'sale_correction',
  // Not taken from the available money, but owed: the rep sees it as money going out.
  'sale_correction_owed',
  'owed_settlement',
  'manager_reclaim',
]);
function shownAmount(kind: string, amount: number): number {
  return SHOWN_NEGATIVE.has(kind) ? -amount : amount;
}

/** A user's money history, newest first by default. */
export async function history(
  db: Db,
  userId: number,
  q: { page: number; per_page: number; order: 'asc' | 'desc'; sort: 'id' | 'created_at' },
) {
  const [rows, total] = await Promise.all([
    repo.entryPage(db, userId, {
      sort: q.sort,
      order: q.order,
      limit: q.per_page,
      offset: offsetOf(q.page, q.per_page),
    }),
    repo.countEntries(db, userId),
  ]);
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

/** The programme's money at a glance: liability in wallets, money on its way, paid out; by month for a year. */
export async function overview(db: Db): Promise<MoneyOverview> {
  const [totals, months] = await Promise.all([repo.walletTotals(db), repo.monthlyTotals(db, EARNING_KINDS)]);
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

/** The money in the reps' wallets now and the withdrawals not settled yet (the operator's metrics). */
export async function owedNow(db: Db) {
  const [totals, waiting] = await Promise.all([repo.walletTotals(db), repo.waitingWithdrawals(db)]);
  return {
    available: Number(totals?.available ?? 0),
    inWithdrawal: Number(totals?.in_withdrawal ?? 0),
    waiting: Object.fromEntries(['requested', 'exported'].map((s) => [s, waiting.find((r) => r.status === s)?.n ?? 0])),
  };
}
