import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { liveArticle } from './challenge-read.repo.ts';
import { intArray } from './challenge-scope.repo.ts';

/*
 * Writing challenges and their products; the rules are in write-challenge.ts. Every function here
 * runs inside that file's transaction.
 */

export interface ChallengeValues {
  name: string;
  intro: string;
  startOn: string;
  endOn: string;
}

export interface ChallengeProductValues {
  productId: number;
  /** Grosze per unit. */
  reward: number;
  articleId: number | null;
}

/**
 * Challenges save one at a time: the one-challenge-per-product-per-day rule is checked and written
 * under this lock, so two admins saving overlapping challenges at once cannot both pass.
 */
export async function lockChallengeProducts(db: DbOrTx): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('challenge_products'))`);
}

export async function insertChallenge(
  db: DbOrTx,
  v: ChallengeValues & { imageHash: string; createdBy: number },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into challenges (name, intro, start_on, end_on, image_hash, created_by, updated_by)
      values (${v.name}, ${v.intro}, ${v.startOn}::date, ${v.endOn}::date, ${v.imageHash}, ${v.createdBy}, ${v.createdBy})
      returning id`,
  );
  if (!row) throw new Error('challenge insert returned nothing');
  return row.id;
}

/** Edits a live challenge (imageHash undefined keeps its image); false when there is none. */
export async function updateChallenge(
  db: DbOrTx,
  id: number,
  v: ChallengeValues & { imageHash?: string; updatedBy: number },
): Promise<boolean> {
  const image = v.imageHash === undefined ? sql`image_hash` : sql`${v.imageHash}`;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update challenges set name = ${v.name}, intro = ${v.intro}, start_on = ${v.startOn}::date,
        end_on = ${v.endOn}::date, image_hash = ${image}, updated_by = ${v.updatedBy}, updated_at = now()
      where id = ${id} and deleted_at is null returning id`,
  );
  return rows.length > 0;
}

/** A live challenge's id, locked for the edit or delete (so a concurrent import sees the result). */
export async function lockLiveChallenge(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from challenges where id = ${id} and deleted_at is null for update`,
  );
  return rows.length > 0;
}

/**
 * The chosen product list becomes the challenge's: products no longer in it go, the others are
 * inserted or updated in place (keeping when they were first added); position = order sent.
 */
export async function replaceProducts(db: DbOrTx, challengeId: number, items: ChallengeProductValues[]) {
  const ids = items.map((p) => p.productId);
  await db.execute(
    sql`delete from challenge_products where challenge_id = ${challengeId} and not (product_id = any(${intArray(ids)}))`,
  );
  const values = items.map(
    (p, position) => sql`(${challengeId}, ${p.productId}, ${p.reward}, ${p.articleId}::int, ${position})`,
  );
  await db.execute(
    sql`insert into challenge_products (challenge_id, product_id, reward, article_id, position)
      values ${sql.join(values, sql`, `)}
      on conflict (challenge_id, product_id) do update
        set reward = excluded.reward, article_id = excluded.article_id, position = excluded.position`,
  );
}

/** The first product of `ids` that another live challenge has on a day of [start, end], with both names. */
export async function findOverlap(db: DbOrTx, ids: number[], start: string, end: string, exceptId: number | null) {
  const [row] = await queryRows<{ product: string; challenge: string }>(
    db,
    sql`select p.name as product, c.name as challenge
      from challenge_products cp
      join challenges c on c.id = cp.challenge_id
      join products p on p.id = cp.product_id
      where cp.product_id = any(${intArray(ids)}) and c.deleted_at is null
        and c.start_on <= ${end}::date and c.end_on >= ${start}::date
        ${exceptId === null ? sql`` : sql`and c.id <> ${exceptId}`}
      order by c.start_on, c.id, cp.position
      limit 1`,
  );
  return row;
}

/** Of `ids`, the articles a rep may open (published, date come, not deleted). */
export async function liveArticleIds(db: DbOrTx, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select a.id from articles a where a.id = any(${intArray(ids)}) and ${liveArticle}`,
  );
  return new Set(rows.map((r) => r.id));
}

/** Products of the challenge, outside `keep`, that sales not reverted refer to: they cannot be removed. */
export async function productsWithSales(db: DbOrTx, challengeId: number, keep: number[]) {
  return queryRows<{ name: string }>(
    db,
    sql`select p.name from challenge_products cp join products p on p.id = cp.product_id
      where cp.challenge_id = ${challengeId} and not (cp.product_id = any(${intArray(keep)}))
        and exists (select 1 from sales s where s.challenge_id = cp.challenge_id and s.product_id = cp.product_id
          and s.reverted_at is null)
      order by cp.position`,
  );
}

/** The products a challenge has now. */
export async function productIdsOf(db: DbOrTx, challengeId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select product_id as id from challenge_products where challenge_id = ${challengeId}`,
  );
  return rows.map((r) => r.id);
}

/** Do sales not reverted refer to the challenge? */
export async function hasSales(db: DbOrTx, challengeId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    db,
    sql`select 1 as one from sales s where s.challenge_id = ${challengeId} and s.reverted_at is null limit 1`,
  );
  return rows.length > 0;
}

export async function softDeleteChallenge(db: DbOrTx, id: number, by: number): Promise<void> {
  await db.execute(
    sql`update challenges set deleted_at = now(), updated_by = ${by}, updated_at = now() where id = ${id}`,
  );
}
