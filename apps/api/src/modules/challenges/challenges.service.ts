import type {
  ActiveChallenge,
  ActiveChallengeList,
  ChallengeDetails,
  ChallengeListQuery,
  ChallengeListRow,
  ChallengeProduct,
  Paged,
  RankingExportQuery,
  RankingQuery,
  RankingRow,
} from '@incentive/contracts';
import { CHALLENGE_RESULTS_DAYS } from '@incentive/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { offsetOf, paged, searchTerm } from '../../lib/paging.ts';
import { type Actor, readScopeOf } from '../access/access.service.ts';
import { imageOf } from '../media/media.service.ts';
import { addDays, challengeStatus, warsawDay } from './challenge-dates.ts';
import * as read from './challenge-read.repo.ts';
import * as ranking from './ranking.repo.ts';
import * as rep from './rep-challenges.repo.ts';

export { createChallenge, deleteChallenge, updateChallenge } from './write-challenge.ts';

/*
 * Sales challenges (docs/decisions/026): the back office's table, a challenge with its products
 * and the ranking, all counted within the caller's scope; the rep's page with what it earned.
 */

/** Rows per query when exporting the whole ranking. */
const EXPORT_CHUNK = 500;

const challengeNotFound = () => notFound('challenge.notFound');

type ImageCols = { image_hash: string | null; image_width: number | null; image_height: number | null };
const imageFrom = (r: ImageCols) =>
  r.image_hash !== null && r.image_width !== null && r.image_height !== null
    ? imageOf({ hash: r.image_hash, width: r.image_width, height: r.image_height })
    : null;

function listRowJson(r: read.ChallengeRow, today: string): ChallengeListRow {
  return {
    id: r.id,
    name: r.name,
    start_at: r.start_at,
    end_at: r.end_at,
    status: challengeStatus(r.start_at, r.end_at, today),
    image: imageFrom(r),
    products_count: r.products_count,
    reps_count: r.reps_count,
    units: r.units,
    money_paid: r.money_paid,
    created_at: r.created_at,
  };
}

function productJson(p: read.ChallengeProductRow): ChallengeProduct {
  const image = imageFrom(p);
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    code: p.code,
    image,
    url: image?.url ?? null,
    article_id: p.article_id,
    chosen_article_id: p.chosen_article_id,
    reward: p.reward,
    units: p.units,
    money_paid: p.money_paid,
    created_at: p.created_at,
  };
}

/** GET /api/challenges: the table and the selector, within the caller's scope. */
export async function listChallenges(db: Db, actor: Actor, q: ChallengeListQuery): Promise<Paged<ChallengeListRow>> {
  const today = warsawDay();
  const filter: read.ChallengeListFilter = {
    today,
    scope: await readScopeOf(db, actor),
    search: searchTerm(q.search),
    status: q.status,
  };
  const { rows, total } = await read.challengePage(
    db,
    filter,
    q.sort,
    q.order,
    q.per_page,
    offsetOf(q.page, q.per_page),
  );
  return paged(
    rows.map((r) => listRowJson(r, today)),
    total,
    q.page,
    q.per_page,
  );
}

/** GET /api/challenges/{id}: a live challenge with its products, figures within the caller's scope. */
export async function getChallenge(db: Db, actor: Actor, id: number): Promise<ChallengeDetails> {
  const scope = await readScopeOf(db, actor);
  const [row, products] = await Promise.all([read.findChallenge(db, id, scope), read.challengeProducts(db, id, scope)]);
  if (!row) throw challengeNotFound();
  return {
    ...listRowJson(row, warsawDay()),
    intro: row.intro,
    updated_at: row.updated_at,
    has_sales: row.has_sales,
    products: products.map(productJson),
  };
}

function activeJson(r: rep.RepChallengeRow, today: string): ActiveChallenge {
  return {
    id: r.id,
    name: r.name,
    intro: r.intro,
    image: imageFrom(r),
    start_at: r.start_at,
    end_at: r.end_at,
    status: challengeStatus(r.start_at, r.end_at, today),
    products: r.products.map((p) => {
      const image = imageFrom(p);
      return {
        id: p.id,
        name: p.name,
        description: p.description,
        image,
        url: image?.url ?? null,
        article_id: p.article_id,
        reward: p.reward,
        units: p.units,
        money_get: p.money_get,
      };
    }),
    money_get: r.money_get,
    units: r.units,
    rank: { warehouse: r.rank_warehouse, region: r.rank_region },
  };
}

/** GET /api/challenges/active: running today, then those ended within CHALLENGE_RESULTS_DAYS. */
export async function listActive(db: Db, actor: Actor): Promise<ActiveChallengeList> {
  const today = warsawDay();
  const since = addDays(today, -CHALLENGE_RESULTS_DAYS);
  const [rows, updatedAt] = await Promise.all([
    rep.repChallenges(db, actor.id, { list: true, today, since }),
    rep.lastImportAt(db),
  ]);
  return { data: rows.map((r) => activeJson(r, today)), updated_at: updatedAt };
}

/** GET /api/challenges/active/{id}: any started, live challenge (an upcoming one does not exist yet for a rep). */
export async function getActive(db: Db, actor: Actor, id: number): Promise<ActiveChallenge> {
  const today = warsawDay();
  const [row] = await rep.repChallenges(db, actor.id, { id, today });
  if (!row) throw challengeNotFound();
  return activeJson(row, today);
}

/** The ranking's filter; a warehouse outside the caller's scope is refused (403). */
async function rankingFilter(db: Db, actor: Actor, id: number, q: RankingExportQuery): Promise<ranking.RankingFilter> {
  const scope = await readScopeOf(db, actor);
  if (q.warehouse_id !== null && scope !== null && !scope.includes(q.warehouse_id)) {
    throw new AppError(403, 'errors.forbidden');
  }
  if (!(await read.findChallenge(db, id, scope))) throw challengeNotFound();
  return { challengeId: id, scope, warehouseId: q.warehouse_id, search: searchTerm(q.search) };
}

const rankingJson = (r: ranking.RankingRowDb): RankingRow => ({ ...r });

/** GET /api/challenges/{id}/ranking: one page of the ranking within the caller's scope. */
export async function getRanking(db: Db, actor: Actor, id: number, q: RankingQuery): Promise<Paged<RankingRow>> {
  const f = await rankingFilter(db, actor, id, q);
  const [rows, total] = await Promise.all([
    ranking.rankingRows(db, f, q.sort, q.order, q.per_page, offsetOf(q.page, q.per_page)),
    ranking.rankingCount(db, f),
  ]);
  return paged(rows.map(rankingJson), total, q.page, q.per_page);
}

/**
 * GET /api/challenges/{id}/ranking.csv: checks scope and the challenge first (a refusal is a proper
 * answer), then yields the ranking a chunk at a time.
 */
export async function exportRanking(
  db: Db,
  actor: Actor,
  id: number,
  q: RankingExportQuery,
): Promise<AsyncGenerator<RankingRow[]>> {
  const f = await rankingFilter(db, actor, id, q);
  return (async function* chunks() {
    for (let offset = 0; ; offset += EXPORT_CHUNK) {
      const rows = await ranking.rankingRows(db, f, q.sort, q.order, EXPORT_CHUNK, offset);
      if (rows.length) yield rows.map(rankingJson);
      if (rows.length < EXPORT_CHUNK) return;
    }
  })();
}
