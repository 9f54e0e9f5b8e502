import type { WithdrawalListQuery } from '@incentive/contracts';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { payoutBatches, users, withdrawals } from '../../db/schema.ts';
import { containsPattern, offsetOf } from '../../lib/paging.ts';

export type WithdrawalRow = typeof withdrawals.$inferSelect;

const SORT: Record<WithdrawalListQuery['sort'], SQL | AnyPgColumn> = {
  id: withdrawals.id,
  // In the Polish alphabet (the stored key, docs/decisions/017).
  email: users.emailKey,
  created_at: withdrawals.createdAt,
  amount: withdrawals.amount,
  status: withdrawals.status,
};

/** A search that is a withdrawal's number (what the back office reads off a payout file). */
const withdrawalIdOf = (search: string): number | undefined =>
  /^[1-9]\d{0,8}$/.test(search) ? Number(search) : undefined;

function listWhere(q: WithdrawalListQuery, onlyUserId?: number): SQL | undefined {
  const conds: SQL[] = [];
  if (onlyUserId !== undefined) conds.push(eq(withdrawals.userId, onlyUserId));
  if (q.status) conds.push(eq(withdrawals.status, q.status));
  if (q.search) {
    // The reps the search matches, through the users' trigram index (users.search_text), then
    // their withdrawals through withdrawals_user_idx; or the withdrawal of that number (its key).
    const reps = sql`${withdrawals.userId} = any(array(select ${users.id} from ${users} where ${users.searchText} like ${containsPattern(q.search)}))`;
    const id = withdrawalIdOf(q.search);
    conds.push(id === undefined ? reps : sql`(${reps} or ${eq(withdrawals.id, id)})`);
  }
  return conds.length ? and(...conds) : undefined;
}

/** One page of withdrawals with their users, the filtered count and the filtered sum. */
export async function listWithdrawals(db: DbOrTx, q: WithdrawalListQuery, onlyUserId?: number) {
  const where = listWhere(q, onlyUserId);
  const dir = q.order === 'asc' ? asc : desc;
  const rows = await db
    .select({
      w: withdrawals,
      user: { id: users.id, email: users.email, name: users.name, surname: users.surname },
    })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(where)
    .orderBy(dir(SORT[q.sort]), dir(withdrawals.id))
    .limit(q.per_page)
    .offset(offsetOf(q.page, q.per_page));
  const [agg] = await totalsQuery(db, q, onlyUserId);
  return { rows, total: agg?.n ?? 0, sum: Number(agg?.sum ?? 0) };
}

/**
 * The count and sum of the filtered withdrawals (the tests read its plan). No join with users:
 * every withdrawal has its user (a foreign key; users are deactivated, never deleted), and the
 * search reads users in its own subquery. Joined, each list request hashed all 10,000 users.
 */
export function totalsQuery(db: DbOrTx, q: WithdrawalListQuery, onlyUserId?: number) {
  return db
    .select({ n: count(), sum: sql<string>`coalesce(sum(${withdrawals.amount}), 0)` })
    .from(withdrawals)
    .where(listWhere(q, onlyUserId));
}

export async function insertWithdrawal(db: DbOrTx, userId: number, amount: number, cardNumber: string) {
  const [row] = await db.insert(withdrawals).values({ userId, amount, cardNumber }).returning();
  return row as WithdrawalRow;
}

export async function lockWithdrawals(db: DbOrTx, ids: number[]): Promise<WithdrawalRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(withdrawals).where(inArray(withdrawals.id, ids)).orderBy(asc(withdrawals.id)).for('update');
}

export async function lockBatchWithdrawals(db: DbOrTx, batchId: number): Promise<WithdrawalRow[]> {
  return db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.batchId, batchId))
    .orderBy(asc(withdrawals.id))
    .for('update');
}

export async function insertBatch(db: DbOrTx, createdBy: number, count: number, total: number) {
  const [row] = await db.insert(payoutBatches).values({ createdBy, withdrawalsCount: count, total }).returning();
  return row as typeof payoutBatches.$inferSelect;
}

export async function findBatch(db: DbOrTx, id: number) {
  const [row] = await db.select().from(payoutBatches).where(eq(payoutBatches.id, id)).limit(1);
  return row;
}

export async function markExported(db: DbOrTx, ids: number[], batchId: number, by: number) {
  await db
    .update(withdrawals)
    .set({ status: 'exported', batchId, exportedAt: new Date(), exportedBy: by })
    .where(inArray(withdrawals.id, ids));
}

export async function markSettled(
  db: DbOrTx,
  id: number,
  status: 'paid' | 'failed',
  by: number,
  reason: string | null,
) {
  await db
    .update(withdrawals)
    .set({ status, settledAt: new Date(), settledBy: by, failureReason: reason })
    .where(eq(withdrawals.id, id));
}

/** The rows of a batch file for the card issuer. */
export async function batchFileRows(db: DbOrTx, batchId: number) {
  return db
    .select({
      id: withdrawals.id,
      amount: withdrawals.amount,
      cardNumber: withdrawals.cardNumber,
      name: users.name,
      surname: users.surname,
      email: users.email,
      assecoId: users.assecoId,
    })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(eq(withdrawals.batchId, batchId))
    .orderBy(asc(withdrawals.id));
}
