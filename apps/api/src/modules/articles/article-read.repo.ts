import type { ArticleStatus } from '@incentive/contracts';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { articles, images, products } from '../../db/schema.ts';
import { containsPattern, direction } from '../../lib/paging.ts';
import { literalLimit, type Placeholders, preparedStatement } from '../../lib/prepared.ts';
import { isoSql, jsonObject } from '../../lib/sql-json.ts';
import { imageSql } from '../media/media.shared.repo.ts';

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

/**
 * Allow-listed sort columns; the title sorts by its Polish key; ties by id. By date, drafts (no
 * date) come last when newest first, and both keys carry the nulls order of articles_live_idx
 * (published_at DESC NULLS LAST, id DESC NULLS LAST), so the rep's list reads that index in order.
 * The other columns keep the defaults of their plain indexes.
 */
function orderOf(q: { sort: AdminSort | RepSort; order: 'asc' | 'desc' }): SQL[] {
  const dir = direction(q.order);
  const nulls = nullsOf(q);
  const byId = sql`${articles.id} ${dir}${nulls}`;
  return q.sort === 'id' ? [byId] : [sql`${sortKeyOf(q.sort)} ${dir}${nulls}`, byId];
}

const nullsOf = (q: { sort: AdminSort | RepSort; order: 'asc' | 'desc' }) =>
  q.sort === 'published_at' ? sql.raw(q.order === 'desc' ? ' nulls last' : ' nulls first') : sql``;

const sortKeyOf = (sort: AdminSort | RepSort): SQL =>
  ({
    id: sql`${articles.id}`,
    name: sql`${articles.titleKey}`,
    published_at: sql`${articles.publishedAt}`,
    created_at: sql`${articles.createdAt}`,
    updated_at: sql`${articles.updatedAt}`,
  })[sort];

/*
 * A page is its rows and its count, in one prepared statement per shape (lib/prepared.ts): the
 * count is an uncorrelated subquery, run once; a window count (count(*) over ()) would make
 * PostgreSQL read every matching row before the LIMIT, while the rows alone read a few entries
 * of the index in order (measured with 2,000 live articles: 54 ms against 0.1 ms + 17 ms).
 * Drizzle writes the columns qualified (the query joins), so in the subquery they name its own FROM.
 */
type PageShape<S> = { sort: S; order: 'asc' | 'desc'; search: boolean; pageSize: number };
type PageValues = { pattern: string | undefined; offset: number };

/** Title and lead, as the trigram index articles_search_trgm_idx has them. */
const searchBy = (search: boolean, p: Placeholders<PageValues>) =>
  search ? sql`lower(${articles.title} || ' ' || ${articles.lead}) like ${p.pattern}` : undefined;

const countSql = sql<number>`count(*)`.mapWith(Number);

const totalOf = (where: SQL | undefined) =>
  sql<number>`(select count(*) from ${articles} where ${where ?? sql`true`})`.mapWith(Number);

/**
 * A back-office list row as the JSON of AdminArticleListRow, written by PostgreSQL (decision 010):
 * mapping, the image's URLs and serialising ten rows cost Node more than the query (decision 032).
 * The same fields as article-json.ts's adminRowJson, which the tests compare it with.
 */
const adminRowSql = jsonObject({
  id: sql`${articles.id}`,
  uuid: sql`${articles.uuid}`,
  name: sql`${articles.title}`,
  lead: sql`${articles.lead}`,
  image: imageSql(images.hash, images.width, images.height),
  video_url: sql`${articles.videoUrl}`,
  product: sql`case when ${articles.productId} is not null and ${products.name} is not null
    then ${jsonObject({ id: sql`${articles.productId}`, name: sql`${products.name}` })} end`,
  status: statusSql,
  published_at: isoSql(articles.publishedAt),
  created_at: isoSql(articles.createdAt),
  updated_at: isoSql(articles.updatedAt),
});

/** The page's rows as one JSON array (ordered again by their sort keys outside) and the total. */
const runAdminPage = preparedStatement(
  'articles.adminPage',
  (db: DbOrTx, s: PageShape<AdminSort> & { status: ArticleStatus | null }, p: Placeholders<PageValues>) => {
    const where = and(statusFilter(s.status ?? undefined), searchBy(s.search, p));
    const page = db
      .select({
        j: sql`${adminRowSql}`.as('j'),
        sk: sql`${sortKeyOf(s.sort)}`.as('sk'),
        id: sql<number>`${articles.id}`.as('aid'),
      })
      .from(articles)
      .innerJoin(images, eq(images.hash, articles.imageHash))
      .leftJoin(products, eq(products.id, articles.productId))
      .where(where)
      .orderBy(...orderOf(s))
      .limit(literalLimit(s.pageSize))
      .offset(p.offset)
      .as('p');
    const dir = direction(s.order);
    const nulls = nullsOf(s);
    return db
      .select({
        total: totalOf(where),
        data: sql<string>`coalesce(json_agg(${page.j} order by ${page.sk} ${dir}${nulls}, ${page.id} ${dir}), '[]'::json)::text`,
      })
      .from(page);
  },
);

const runRepPage = preparedStatement(
  'articles.repPage',
  (db: DbOrTx, s: PageShape<RepSort>, p: Placeholders<PageValues>) => {
    const where = and(liveSql, searchBy(s.search, p));
    return db
      .select({ ...listColumns, total: totalOf(where) })
      .from(articles)
      .innerJoin(images, eq(images.hash, articles.imageHash))
      .where(where)
      .orderBy(...orderOf(s))
      .limit(literalLimit(s.pageSize))
      .offset(p.offset);
  },
);

const countRep = preparedStatement(
  'articles.repCount',
  (db: DbOrTx, s: { search: boolean }, p: Placeholders<PageValues>) =>
    db
      .select({ n: countSql })
      .from(articles)
      .where(and(liveSql, searchBy(s.search, p))),
);

/** The rows without the total each carries; a page past the end has no row to carry it, so it is counted apart. */
async function split<R extends { total: number }>(
  rows: R[],
  offset: number,
  count: () => Promise<{ n: number }[]>,
): Promise<{ rows: Omit<R, 'total'>[]; total: number }> {
  const total = rows[0] ? rows[0].total : offset > 0 ? ((await count())[0]?.n ?? 0) : 0;
  return { rows: rows.map(({ total: _, ...r }) => r), total };
}

/**
 * One page of the back office's list as JSON text and the number of matches, in one statement (an
 * aggregate: a page past the end is an empty array with the total).
 */
export async function adminPage(
  db: DbOrTx,
  q: ListQuery<AdminSort> & { status?: ArticleStatus },
): Promise<{ data: string; total: number }> {
  const values = { pattern: q.search ? containsPattern(q.search) : undefined, offset: q.offset };
  const [row] = await runAdminPage(
    db,
    { sort: q.sort, order: q.order, search: Boolean(q.search), pageSize: q.limit, status: q.status ?? null },
    values,
  );
  return { data: row?.data ?? '[]', total: row?.total ?? 0 };
}

/** One page of the rep's list or the home carousel: live articles only, newest first by default (articles_live_idx). */
export async function repPage(db: DbOrTx, q: ListQuery<RepSort>) {
  const values = { pattern: q.search ? containsPattern(q.search) : undefined, offset: q.offset };
  const rows = await runRepPage(
    db,
    { sort: q.sort, order: q.order, search: Boolean(q.search), pageSize: q.limit },
    values,
  );
  return split(rows, q.offset, () => countRep(db, { search: Boolean(q.search) }, values));
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

export type AdminFullRow = NonNullable<Awaited<ReturnType<typeof findForAdmin>>>;
/** A back-office row without its content (the list's fields: adminRowSql writes them in SQL). */
export type AdminRow = Omit<AdminFullRow, 'content'>;
export type RepRow = Awaited<ReturnType<typeof repPage>>['rows'][number];
export type RepFullRow = NonNullable<Awaited<ReturnType<typeof findLive>>>;
