import { count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cards } from '../../db/schema.ts';
import { direction } from '../../lib/paging.ts';

export async function countCards(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(cards).where(eq(cards.userId, userId));
  return Number(row?.n ?? 0);
}

/** The newest card (by date, then id) is the current one. */
const currentId = (userId: number) =>
  sql`(select c.id from ${cards} c where c.user_id = ${userId} order by c.created_at desc, c.id desc limit 1)`;

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
  const [row] = await db.insert(cards).values(c).returning({ id: cards.id, createdAt: cards.createdAt });
  if (!row) throw new Error('insert returned no row');
  return row;
}
