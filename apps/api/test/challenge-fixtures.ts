import { count, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { queryRows } from '../src/db/query-rows.ts';
import { challengeEarnings, challengeProducts, challenges, images, products, sales } from '../src/db/schema.ts';
import { addDays, warsawDay } from '../src/modules/challenges/challenge-dates.ts';
import { createProduct } from '../src/modules/products/products.service.ts';
import { articlePng, imagePart } from './article-fixtures.ts';
import type { FormPart } from './multipart.ts';

/** A Warsaw day relative to today ('YYYY-MM-DD'). */
export const day = (offset: number) => addDays(warsawDay(), offset);

let codes = 0;
/** A live catalogue product with a unique code (challenges need one). */
export async function codedProduct(db: Db, name = 'Produkt wyzwania', code?: string): Promise<number> {
  codes += 1;
  return createProduct(db, { name, description: 'opis', code: code ?? `T-${process.pid}-${codes}` }, null);
}

export interface ProductItem {
  product_id: number;
  reward: string | number;
  article_id?: number | null;
}

/** The text fields of a valid challenge form; `over` replaces or adds some (undefined drops one). */
export function challengeFields(products: ProductItem[], over: Record<string, string | undefined> = {}): FormPart[] {
  const fields: Record<string, string | undefined> = {
    name: 'Wyzwanie testowe',
    intro: 'Sprzedawaj więcej i zarabiaj',
    start_at: day(0),
    end_at: day(10),
    products: JSON.stringify(products),
    ...over,
  };
  return Object.entries(fields).flatMap(([name, value]) => (value === undefined ? [] : [{ name, value }]));
}

/** A valid form with the image. */
export async function challengeForm(products: ProductItem[], over: Record<string, string | undefined> = {}) {
  return [...challengeFields(products, over), imagePart(await articlePng())];
}

/** Rows of every table a challenge form may write, to prove a refused one wrote nothing. */
export async function challengeWriteCounts(db: Db) {
  const n = async (table: typeof challenges | typeof challengeProducts | typeof images | typeof products) =>
    (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  const [live] = await queryRows<{ n: number; changed: string | null; lines: string | null }>(
    db,
    sql`select (select count(*)::int from challenges where deleted_at is null) as n,
      (select max(updated_at)::text from challenges) as changed,
      (select string_agg(concat_ws(':', challenge_id, product_id, reward, article_id, position), ',' order by challenge_id, product_id)
        from challenge_products) as lines`,
  );
  return {
    challenges: await n(challenges),
    liveChallenges: live?.n,
    lastChange: live?.changed,
    productLines: live?.lines,
    challengeProducts: await n(challengeProducts),
    images: await n(images),
    products: await n(products),
  };
}

export interface SaleInput {
  challengeId: number;
  userId: number;
  warehouseId: number;
  productId: number;
  quantity: number;
  /** Grosze per unit. */
  reward: number;
  soldOn?: string;
}

let documents = 0;

/**
 * Imported sales as the import's apply step leaves them (docs/decisions/026), written directly:
 * an applied import, its sales lines, and challenge_earnings grown by them. Branch sales-import
 * builds the real import; these tests do not depend on it. Returns the import's id.
 */
export async function recordSales(db: Db, lines: SaleInput[], appliedAt = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const [imp] = await queryRows<{ id: number }>(
      tx,
      sql`insert into sales_imports (file_name, status, rows_total, rows_accepted, applied_at)
        values ('test.csv', 'applied', ${lines.length}, ${lines.length}, ${appliedAt.toISOString()}::timestamptz) returning id`,
    );
    if (!imp) throw new Error('no import');
    for (const l of lines) {
      documents += 1;
      await tx.insert(sales).values({
        importId: imp.id,
        document: `FV/${process.pid}/${documents}`,
        line: '1',
        soldOn: l.soldOn ?? day(0),
        warehouseId: l.warehouseId,
        userId: l.userId,
        productId: l.productId,
        challengeId: l.challengeId,
        quantity: l.quantity,
        reward: l.reward,
        amount: l.quantity * l.reward,
      });
      await tx
        .insert(challengeEarnings)
        .values({ challengeId: l.challengeId, userId: l.userId, units: l.quantity, amount: l.quantity * l.reward })
        .onConflictDoUpdate({
          target: [challengeEarnings.challengeId, challengeEarnings.userId],
          set: {
            units: sql`${challengeEarnings.units} + excluded.units`,
            amount: sql`${challengeEarnings.amount} + excluded.amount`,
          },
        });
    }
    return imp.id;
  });
}

/** A user's id and (not deleted) warehouses, by e-mail. */
export async function userWithWarehouses(db: Db, email: string) {
  const [row] = await queryRows<{ id: number; warehouses: number[] }>(
    db,
    sql`select u.id, coalesce(array_agg(uw.warehouse_id order by uw.warehouse_id) filter (where uw.warehouse_id is not null), '{}') as warehouses
      from users u left join user_warehouses uw on uw.user_id = u.id
      where lower(u.email) = ${email.toLowerCase()} group by u.id`,
  );
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

/** A bare running challenge (no products), straight into the table, for tests that need only its id. */
export async function insertChallenge(db: Db, name = 'Wyzwanie testowe'): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into challenges (name, start_on, end_on) values (${name}, ${day(-1)}::date, ${day(1)}::date) returning id`,
  );
  if (!row) throw new Error('no challenge');
  return row.id;
}
