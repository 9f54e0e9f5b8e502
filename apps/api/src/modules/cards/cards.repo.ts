import { count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cards } from '../../db/schema.ts';
import { direction } from '../../lib/paging.ts';

export async function countCards(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cards).where(eq(cards.userId, userId));
  return Number(row?.n ?? 0);
}

/**
 * The newest card is the current one. Cards of a user are added under a lock on the user's row,
 * so the highest id is the last added (and its created_at, taken after the lock, the latest).
 */
const currentId = (userId: number) => sql`(select max(c.id) from ${cards} c where c.user_id = ${userId})`;

export async function cardPage(
  db: DbOrTx,
  userId: number,
  sort: 'id' | 'created_at',
  order: 'asc' | 'desc',
  limit: number,
  offset: number,
) {
  const dir = direction(order);
  const key = sort === 'id' ? cards.id : cards.createdAt;
  return db
    .select({
      id: cards.id,
      number: cards.number,
      createdAt: cards.createdAt,
      isCurrent: sql<boolean>`(${cards.id} = ${currentId(userId)})`.mapWith(Boolean),
    })
    .from(cards)
    .where(eq(cards.userId, userId))
    .orderBy(sql`${key} ${dir}`, sql`${cards.id} ${dir}`)
    .limit(limit)
    .offset(offset);
}

export async function insertCard(db: DbOrTx, c: { userId: number; number: string; createdBy: number }) {
  // clock_timestamp(), not now(): a transaction that waited for the user's lock is dated when it adds the card.
  const [row] = await db
    .insert(cards)
    .values({ ...c, createdAt: sql`clock_timestamp()` })
    .returning({ id: cards.id, createdAt: cards.createdAt });
  if (!row) throw new Error('insert returned no row');
  return row;
}
