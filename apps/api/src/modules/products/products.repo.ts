import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { images, products } from '../../db/schema.ts';
import { containsPattern, direction } from '../../lib/paging.ts';
import { newestArticleIdOf } from './products.shared.repo.ts';

export type ProductSort = 'name' | 'id' | 'created_at';
export interface ProductListQuery {
  sort: ProductSort;
  order: 'asc' | 'desc';
  search?: string;
  limit: number;
  offset: number;
}

const articleIdSql = newestArticleIdOf(products.id);

const productColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  code: products.code,
  createdAt: products.createdAt,
  imageHash: images.hash,
  imageWidth: images.width,
  imageHeight: images.height,
  articleId: articleIdSql,
};

/** Matches the trigram index products_name_trgm_idx (lower(name)). */
const searchSql = (search: string | undefined) =>
  search ? sql`lower(${products.name}) like ${containsPattern(search)}` : undefined;

function orderOf(q: ProductListQuery): SQL[] {
  const dir = direction(q.order);
  const column = { id: sql`${products.id}`, name: sql`${products.nameKey}`, created_at: sql`${products.createdAt}` }[
    q.sort
  ];
  return q.sort === 'id' ? [sql`${products.id} ${dir}`] : [sql`${column} ${dir}`, sql`${products.id} ${dir}`];
}

/** One page of the live catalogue and the number of matches, sent together (as the article lists). */
export async function productPage(db: DbOrTx, q: ProductListQuery) {
  const where = and(isNull(products.deletedAt), searchSql(q.search));
  const [rows, [total]] = await Promise.all([
    db
      .select(productColumns)
      .from(products)
      .leftJoin(images, eq(images.hash, products.imageHash))
      .where(where)
      .orderBy(...orderOf(q))
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(products)
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The id when that product exists and is not deleted. */
export async function liveProductId(db: DbOrTx, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, id), isNull(products.deletedAt)));
  return row?.id;
}

export interface NewProduct {
  name: string;
  description: string;
  code: string | null;
  imageHash: string | null;
  createdBy: number | null;
}

export async function insertProduct(db: DbOrTx, p: NewProduct): Promise<number> {
  const [row] = await db.insert(products).values(p).returning({ id: products.id });
  if (!row) throw new Error('product insert returned nothing');
  return row.id;
}

export interface ProductChanges {
  name: string;
  description: string;
  code: string | null;
  /** undefined keeps the current image. */
  imageHash?: string;
}

/** Edits a live product; false when there is none with that id. */
export async function updateProduct(db: DbOrTx, id: number, p: ProductChanges): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ ...p, updatedAt: sql`now()` })
    .where(and(eq(products.id, id), isNull(products.deletedAt)))
    .returning({ id: products.id });
  return rows.length > 0;
}

/** The live product holding this code (compared as products_code_key does: exactly), if any. */
export async function productIdWithCode(db: DbOrTx, code: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.code, code), isNull(products.deletedAt)))
    .limit(1);
  return row?.id;
}

/** Live products among `ids`, with what a challenge needs of them. */
export async function liveProductsByIds(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: products.id, name: products.name, code: products.code })
    .from(products)
    .where(and(inArray(products.id, ids), isNull(products.deletedAt)));
}
