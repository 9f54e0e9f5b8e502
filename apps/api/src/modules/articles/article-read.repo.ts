import type { ArticleStatus } from '@incentive/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { articles, images, products } from '../../db/schema.ts';
import { containsPattern, direction } from '../../lib/paging.ts';

/** What reps may read: published, its date come, not deleted (the predicate of articles_live_idx, plus the date). */
export const liveSql: SQL = sql`(${articles.deletedAt} is null and ${articles.publishedAt} is not null and ${articles.publishedAt} <= now())`;

/** Where an article stands, by the database's clock (the same clock liveSql reads). */
const statusSql = sql<ArticleStatus>`case
  when ${articles.deletedAt} is not null then 'deleted'
  when ${articles.publishedAt} is null then 'draft'
  when ${articles.publishedAt} > now() then 'scheduled'
  else 'published' end`;

function statusFilter(status: ArticleStatus | undefined): SQL {
  switch (status) {
    case 'deleted':
      return sql`${articles.deletedAt} is not null`;
    case 'draft':
      return sql`${articles.deletedAt} is null and ${articles.publishedAt} is null`;
    case 'scheduled':
      return sql`${articles.deletedAt} is null and ${articles.publishedAt} > now()`;
    case 'published':
      return liveSql;
    default:
      // Without a filter the back office sees everything but the deleted ones.
      return sql`${articles.deletedAt} is null`;
  }
}

/** Title and lead, as the trigram index articles_search_trgm_idx has them. */
const searchSql = (search: string | undefined) =>
  search ? sql`lower(${articles.title} || ' ' || ${articles.lead}) like ${containsPattern(search)}` : undefined;

const listColumns = {
  id: articles.id,
  uuid: articles.uuid,
  title: articles.title,
  lead: articles.lead,
  videoUrl: articles.videoUrl,
  publishedAt: articles.publishedAt,
  createdAt: articles.createdAt,
  imageHash: images.hash,
  imageWidth: images.width,
  imageHeight: images.height,
};

const adminColumns = {
  ...listColumns,
  updatedAt: articles.updatedAt,
  status: statusSql,
  productId: articles.productId,
  productName: products.name,
};

export type AdminSort = 'id' | 'name' | 'published_at' | 'created_at' | 'updated_at';
export type RepSort = 'published_at' | 'name' | 'id';
export interface ListQuery<S> {
  sort: S;
  order: 'asc' | 'desc';
  search?: string;
  limit: number;
  offset: number;
}

/** Allow-listed sort columns; the title sorts by its Polish key; ties by id; drafts (no date) last when newest first. */
function orderOf(q: ListQuery<AdminSort | RepSort>): SQL[] {
  const dir = direction(q.order);
  const column = {
    id: sql`${articles.id}`,
    name: sql`${articles.titleKey}`,
    published_at: sql`${articles.publishedAt}`,
    created_at: sql`${articles.createdAt}`,
    updated_at: sql`${articles.updatedAt}`,
  }[q.sort];
  const nulls = sql.raw(q.order === 'desc' ? 'nulls last' : 'nulls first');
  return q.sort === 'id' ? [sql`${articles.id} ${dir}`] : [sql`${column} ${dir} ${nulls}`, sql`${articles.id} ${dir}`];
}

const totalSql = sql<number>`count(*) over ()`.mapWith(Number);

/** One page of the back office's list; the total rides on each row (a window count), one round trip. */
export async function adminPage(db: DbOrTx, q: ListQuery<AdminSort> & { status?: ArticleStatus }) {
  return db
    .select({ ...adminColumns, total: totalSql })
    .from(articles)
    .innerJoin(images, eq(images.hash, articles.imageHash))
    .leftJoin(products, eq(products.id, articles.productId))
    .where(and(statusFilter(q.status), searchSql(q.search)))
    .orderBy(...orderOf(q))
    .limit(q.limit)
    .offset(q.offset);
}

export async function countAdmin(db: DbOrTx, q: { search?: string; status?: ArticleStatus }): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(articles)
    .where(and(statusFilter(q.status), searchSql(q.search)));
  return row?.n ?? 0;
}

/** One page of the rep's list or the home carousel: live articles only, newest first by default (articles_live_idx). */
export async function repPage(db: DbOrTx, q: ListQuery<RepSort>) {
  return db
    .select({ ...listColumns, total: totalSql })
    .from(articles)
    .innerJoin(images, eq(images.hash, articles.imageHash))
    .where(and(liveSql, searchSql(q.search)))
    .orderBy(...orderOf(q))
    .limit(q.limit)
    .offset(q.offset);
}

export async function countRep(db: DbOrTx, search: string | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(articles)
    .where(and(liveSql, searchSql(search)));
  return row?.n ?? 0;
}

/** Any article, deleted ones too (the back office keeps the history), with its content and product. */
export async function findForAdmin(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ...adminColumns, content: articles.content })
    .from(articles)
    .innerJoin(images, eq(images.hash, articles.imageHash))
    .leftJoin(products, eq(products.id, articles.productId))
    .where(eq(articles.id, id));
  return row;
}

/** A live article only: drafts, scheduled and deleted ones do not exist for a rep. */
export async function findLive(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ ...listColumns, content: articles.content, productId: articles.productId })
    .from(articles)
    .innerJoin(images, eq(images.hash, articles.imageHash))
    .where(and(eq(articles.id, id), liveSql));
  return row;
}

export type AdminRow = Awaited<ReturnType<typeof adminPage>>[number];
export type AdminFullRow = NonNullable<Awaited<ReturnType<typeof findForAdmin>>>;
export type RepRow = Awaited<ReturnType<typeof repPage>>[number];
export type RepFullRow = NonNullable<Awaited<ReturnType<typeof findLive>>>;
