import type {
  AdminArticle,
  AdminArticleListQuery,
  AdminArticleListRow,
  Paged,
  RepArticle,
  RepArticleListItem,
  RepArticleListQuery,
} from '@incentive/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { JsonText } from '../../lib/json-text.ts';
import { offsetOf, paged, pagedJson, searchTerm } from '../../lib/paging.ts';
import { adminArticleJson, repArticleJson, repRowJson } from './article-json.ts';
import * as read from './article-read.repo.ts';

export { createArticle, deleteArticle, updateArticle } from './write-article.ts';

/*
 * Articles (docs/decisions/023-articles-publication.md). Two families: the back office reads every
 * article, drafts, scheduled and deleted ones included; the rep family reads only what is live
 * (published, its date come, not deleted), whoever asks: the filter is in every rep query.
 */

/** GET /api/admin/articles: everything but deleted ones, or the chosen status; one query per page, JSON written by it. */
export async function listAdmin(db: Db, q: AdminArticleListQuery): Promise<JsonText<Paged<AdminArticleListRow>>> {
  const search = searchTerm(q.search);
  const { data, total } = await read.adminPage(db, {
    sort: q.sort,
    order: q.order,
    search,
    status: q.status,
    limit: q.per_page,
    offset: offsetOf(q.page, q.per_page),
  });
  return pagedJson<AdminArticleListRow>(data, total, q.page, q.per_page);
}

/** GET /api/admin/articles/{id}: any article, deleted ones too (status 'deleted'). */
export async function getAdmin(db: Db, id: number): Promise<AdminArticle> {
  const row = await read.findForAdmin(db, id);
  if (!row) throw notFound('article.notFound');
  return adminArticleJson(row);
}

/** GET /api/articles: the rep's list (4 a page) and the home carousel (100): live articles only. */
export async function listLive(db: Db, q: RepArticleListQuery): Promise<Paged<RepArticleListItem>> {
  const search = searchTerm(q.search);
  const { rows, total } = await read.repPage(db, {
    sort: q.sort,
    order: q.order,
    search,
    limit: q.per_page,
    offset: offsetOf(q.page, q.per_page),
  });
  return paged(rows.map(repRowJson), total, q.page, q.per_page);
}

/** GET /api/articles/{id}: a live article; a draft, a future or a deleted one is "not found". */
export async function getLive(db: Db, id: number): Promise<RepArticle> {
  const row = await read.findLive(db, id);
  if (!row) throw notFound('article.notFound');
  return repArticleJson(row);
}
