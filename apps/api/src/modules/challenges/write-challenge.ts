import type { ChallengeFields, MessageKey } from '@incentive/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { recordChange } from '../audit/audit.service.ts';
import { storeImage } from '../media/media.service.ts';
import { liveProductsByIds } from '../products/products.service.ts';
import * as write from './challenge-write.repo.ts';

/*
 * Writing challenges (challenges.manage, docs/decisions/026). The form's fields are checked first
 * (products live and coded, articles live) and the image stored (content-addressed: a refused form
 * leaves at most an unused image that a later upload of the same bytes reuses); then one
 * transaction, under the challenge-products lock, checks the one-challenge-per-product-per-day
 * rule and writes the challenge with its products, or nothing.
 */

type Actor = { id: number };

/** A 422 about one field of the form. */
const refuse = (key: MessageKey, field: string, params: Record<string, string> = {}) =>
  new AppError(422, key, params, { [field]: [key] });

const challengeNotFound = () => notFound('challenge.notFound');

/**
 * The products as the tables hold them, after every product and article of the form is checked.
 * Products already in the challenge (`kept`) stay even when since deleted or uncoded: their sales
 * keep them in it, and the challenge must stay editable.
 */
async function checkedProducts(
  db: DbOrTx,
  f: ChallengeFields,
  kept: ReadonlySet<number> = new Set(),
): Promise<write.ChallengeProductValues[]> {
  const ids = f.products.map((p) => p.product_id);
  const found = new Map((await liveProductsByIds(db, ids)).map((p) => [p.id, p]));
  for (const id of ids) {
    if (kept.has(id)) continue;
    const product = found.get(id);
    if (!product) throw refuse('challenge.productNotFound', 'products');
    if (!product.code) throw refuse('challenge.productWithoutCode', 'products', { name: product.name });
  }
  const chosen = f.products.flatMap((p) => (p.article_id === null ? [] : [p.article_id]));
  const live = await write.liveArticleIds(db, chosen);
  if (chosen.some((id) => !live.has(id))) throw refuse('challenge.articleNotFound', 'products');
  return f.products.map((p) => ({ productId: p.product_id, reward: p.reward, articleId: p.article_id }));
}

/** Refuses a product that another live challenge has on one of these days. */
async function checkNoOverlap(tx: DbOrTx, f: ChallengeFields, exceptId: number | null): Promise<void> {
  const ids = f.products.map((p) => p.product_id);
  const overlap = await write.findOverlap(tx, ids, f.start_at, f.end_at, exceptId);
  if (overlap) throw refuse('challenge.productOverlap', 'products', overlap);
}

const valuesOf = (f: ChallengeFields): write.ChallengeValues => ({
  name: f.name,
  intro: f.intro,
  startOn: f.start_at,
  endOn: f.end_at,
});

/** POST /api/challenges: the image is required. */
export async function createChallenge(db: Db, actor: Actor, f: ChallengeFields, image: Buffer | null): Promise<number> {
  const items = await checkedProducts(db, f);
  if (!image) throw refuse('challenge.imageRequired', 'image');
  const { hash } = await storeImage(db, image, actor.id);
  return db.transaction(async (tx) => {
    await write.lockChallengeProducts(tx);
    await checkNoOverlap(tx, f, null);
    const id = await write.insertChallenge(tx, { ...valuesOf(f), imageHash: hash, createdBy: actor.id });
    await write.replaceProducts(tx, id, items);
    await recordChange(tx, { kind: 'challenge.create', object: 'challenge', id });
    return id;
  });
}

/**
 * POST /api/challenges/{id}: no image keeps the current one; the product list is replaced, but a
 * product with imported sales in this challenge cannot be taken out of it.
 */
export async function updateChallenge(
  db: Db,
  actor: Actor,
  id: number,
  f: ChallengeFields,
  image: Buffer | null,
): Promise<void> {
  if (f.id !== null && f.id !== id) throw refuse('challenge.idMismatch', 'id');
  const items = await checkedProducts(db, f, new Set(await write.productIdsOf(db, id)));
  const imageHash = image ? (await storeImage(db, image, actor.id)).hash : undefined;
  await db.transaction(async (tx) => {
    await write.lockChallengeProducts(tx);
    if (!(await write.lockLiveChallenge(tx, id))) throw challengeNotFound();
    const [withSales] = await write.productsWithSales(
      tx,
      id,
      items.map((p) => p.productId),
    );
    if (withSales) throw refuse('challenge.productHasSales', 'products', { name: withSales.name });
    await checkNoOverlap(tx, f, id);
    await write.updateChallenge(tx, id, { ...valuesOf(f), imageHash, updatedBy: actor.id });
    await write.replaceProducts(tx, id, items);
    await recordChange(tx, { kind: 'challenge.update', object: 'challenge', id });
  });
}

/** DELETE /api/challenges/{id}: hidden everywhere; refused (409) once imported sales refer to it. */
export async function deleteChallenge(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await write.lockChallengeProducts(tx);
    if (!(await write.lockLiveChallenge(tx, id))) throw challengeNotFound();
    if (await write.hasSales(tx, id)) throw new AppError(409, 'challenge.hasSales');
    await write.softDeleteChallenge(tx, id, actor.id);
    await recordChange(tx, { kind: 'challenge.delete', object: 'challenge', id });
  });
}
