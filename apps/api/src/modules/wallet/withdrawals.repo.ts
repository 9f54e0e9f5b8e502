import type { WithdrawalListQuery } from '@incentive/contracts';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { payoutBatches, users, withdrawals } from '../../db/schema.ts';
import { containsPattern, offsetOf } from '../../lib/paging.ts';
import { literalLimit, type Placeholders, preparedStatement } from '../../lib/prepared.ts';

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

type PageShape = {
  sort: WithdrawalListQuery['sort'];
  order: 'asc' | 'desc';
  pageSize: number;
  onlyUser: boolean;
  status: boolean;
  search: boolean;
  searchId: boolean;
};
type PageValues = {
  userId: number | undefined;
  status: string | undefined;
  pattern: string | undefined;
  searchId: number | undefined;
  offset: number;
};

/** listWhere for a prepared statement: the same conditions, with placeholders for the values. */
function pageWhere(s: PageShape, p: Placeholders<PageValues>): SQL {
  const conds: SQL[] = [sql`true`];
  if (s.onlyUser) conds.push(sql`${withdrawals.userId} = ${p.userId}`);
  if (s.status) conds.push(sql`${withdrawals.status} = ${p.status}`);
  if (s.search) {
    const reps = sql`${withdrawals.userId} = any(array(select ${users.id} from ${users} where ${users.searchText} like ${p.pattern}))`;
    conds.push(s.searchId ? sql`(${reps} or ${withdrawals.id} = ${p.searchId})` : reps);
  }
  return and(...conds) as SQL;
}

/*
 * The page with its users, and the filtered count and sum as one uncorrelated subquery (run once,
 * as "count,sum" text), in one prepared statement per shape (lib/prepared.ts). Drizzle writes the
 * columns qualified (the query joins), so in the subquery they name its own FROM.
 */
const runPage = preparedStatement('withdrawals.page', (db: DbOrTx, s: PageShape, p: Placeholders<PageValues>) => {
  const dir = s.order === 'asc' ? asc : desc;
  return db
    .select({
      w: withdrawals,
      user: { id: users.id, email: users.email, name: users.name, surname: users.surname },
      totals: sql<string>`(select count(*) || ',' || coalesce(sum(${withdrawals.amount}), 0) from ${withdrawals} where ${pageWhere(s, p)})`,
    })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(pageWhere(s, p))
    .orderBy(dir(SORT[s.sort]), dir(withdrawals.id))
    .limit(literalLimit(s.pageSize))
    .offset(p.offset);
});

/** One page of withdrawals with their users, the filtered count and the filtered sum. */
export async function listWithdrawals(db: DbOrTx, q: WithdrawalListQuery, onlyUserId?: number) {
  const searchId = q.search ? withdrawalIdOf(q.search) : undefined;
  const offset = offsetOf(q.page, q.per_page);
  const found = await runPage(
    db,
    {
      sort: q.sort,
      order: q.order,
      pageSize: q.per_page,
      onlyUser: onlyUserId !== undefined,
      status: Boolean(q.status),
      search: Boolean(q.search),
      searchId: searchId !== undefined,
    },
    {
      userId: onlyUserId,
      status: q.status || undefined,
      pattern: q.search ? containsPattern(q.search) : undefined,
      searchId,
      offset,
    },
  );
  const rows = found.map(({ w, user }) => ({ w, user }));
  const first = found[0];
  if (first) {
    const [n, sum] = first.totals.split(',');
    return { rows, total: Number(n), sum: Number(sum) };
  }
  // A page past the end has no row to carry the totals.
  const [agg] = offset > 0 ? await totalsQuery(db, q, onlyUserId) : [];
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
