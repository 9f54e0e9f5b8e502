import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { articles, images, products } from '../../db/schema.ts';
import { containsPattern, direction } from '../../lib/paging.ts';

export type ProductSort = 'name' | 'id' | 'created_at';
export interface ProductListQuery {
  sort: ProductSort;
  order: 'asc' | 'desc';
  search?: string;
  limit: number;
  offset: number;
}

/** The newest published, not deleted article presenting the current products row (articles_product_idx). */
const articleIdSql = sql<number | null>`(select a.id from ${articles} a
  where a.product_id = ${products.id} and a.deleted_at is null and a.published_at <= now()
  order by a.published_at desc, a.id desc limit 1)`;

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
