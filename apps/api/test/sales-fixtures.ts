import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { queryRows } from '../src/db/query-rows.ts';
import { challengeProducts, challenges, products } from '../src/db/schema.ts';
import { DEMO_ACCOUNTS } from '../src/seed/demo-accounts.ts';

/*
 * Sales-import test set-up: challenges and their products written straight to the tables (the
 * tests of the import do not depend on the challenge forms), and seeded reps with their warehouse.
 */

/** A short random tag, so each test's documents, product codes and challenge names are its own. */
export const tag = () => randomBytes(4).toString('hex').toUpperCase();

export interface TestChallenge {
  id: number;
  name: string;
  /** Product code → reward per unit in grosze. */
  products: { id: number; code: string; reward: number }[];
}

/** A challenge from `startOn` to `endOn` with new products (their codes carry a fresh tag). */
export async function makeChallenge(
  db: Db,
  opts: { name?: string; startOn: string; endOn: string; rewards: number[] },
): Promise<TestChallenge> {
  const t = tag();
  const name = opts.name ?? `Wyzwanie ${t}`;
  const [challenge] = await db
    .insert(challenges)
    .values({ name, startOn: opts.startOn, endOn: opts.endOn })
    .returning({ id: challenges.id });
  if (!challenge) throw new Error('challenge not created');
  const made: TestChallenge['products'] = [];
  for (const [i, reward] of opts.rewards.entries()) {
    const code = `P-${t}-${i + 1}`;
    const [p] = await db
      .insert(products)
      .values({ name: `Produkt ${code}`, code })
      .returning({ id: products.id });
    if (!p) throw new Error('product not created');
    await db.insert(challengeProducts).values({ challengeId: challenge.id, productId: p.id, reward, position: i });
    made.push({ id: p.id, code, reward });
  }
  return { id: challenge.id, name, products: made };
}

export interface TestRep {
  id: number;
  email: string;
  asseco: string;
  warehouse: string;
  warehouseId: number;
}

/** Activated generated sellers with an asseco id and one warehouse, lowest ids first, never the same twice. */
export function repPool(db: Db) {
  const taken: number[] = [];
  return async (): Promise<TestRep> => {
    const demo = DEMO_ACCOUNTS.map((a) => a.email);
    const [r] = await queryRows<TestRep>(
      db,
      sql`select u.id, u.email, u.asseco_id as asseco, w.asseco_id as warehouse, w.id as "warehouseId"
        from users u join user_warehouses uw on uw.user_id = u.id join warehouses w on w.id = uw.warehouse_id
        where u.role = 'seller' and u.deleted_at is null and u.asseco_id is not null and u.password_hash is not null
          and w.deleted_at is null and u.email not in ${demo}
          ${taken.length ? sql`and u.id not in ${taken}` : sql``}
        order by u.id limit 1`,
    );
    if (!r) throw new Error('the demo seed has too few reps');
    taken.push(r.id);
    return r;
  };
}

/** Another live warehouse than `warehouseId`, by its asseco id. */
export async function otherWarehouse(db: Db, warehouseId: number): Promise<string> {
  const [w] = await queryRows<{ asseco: string }>(
    db,
    sql`select asseco_id as asseco from warehouses where deleted_at is null and id <> ${warehouseId} order by id limit 1`,
  );
  if (!w) throw new Error('the demo seed has one warehouse only');
  return w.asseco;
}

export const SALES_HEADER = [
  'Dokument',
  'Pozycja',
  'Data sprzedaży',
  'Hurtownia',
  'Przedstawiciel',
  'Produkt',
  'Ilość',
];

/** A CSV of sales rows (header first), joined by `sep`, lines ending in CRLF as Excel writes them. */
export function salesCsv(rows: (string | number)[][], sep = ';', header = SALES_HEADER): string {
  return `${[header, ...rows].map((r) => r.join(sep)).join('\r\n')}\r\n`;
}
