import type { ArticleFields } from '@incentive/contracts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { recordChange } from '../audit/audit.service.ts';
import { storeImage } from '../media/media.service.ts';
import { productExists } from '../products/products.service.ts';
import { cleanArticle, publicationOf, refuse } from './article-fields.ts';
import * as write from './article-write.repo.ts';

/*
 * Writing articles (articles.manage). Every field is checked first, the product looked up, and the
 * image decoded and stored (content-addressed: a refused form leaves at most an unused image that
 * any later upload of the same bytes reuses); only then does one transaction write the row.
 */

type Actor = { id: number };

/** The new image's bytes, if the form sent one in its `image` part. */
export type ArticleImage = Buffer | null;

async function checkedValues(db: Db, f: ArticleFields) {
  const values = cleanArticle(f);
  const publishedAt = publicationOf(f.published_at);
  if (values.productId !== null && !(await productExists(db, values.productId))) {
    throw refuse('article.productNotFound', 'product_id');
  }
  return { values, publishedAt };
}

/** POST /api/admin/articles: published now unless the form says a draft ('') or a date. */
export async function createArticle(db: Db, actor: Actor, f: ArticleFields, image: ArticleImage): Promise<number> {
  const { values, publishedAt } = await checkedValues(db, f);
  if (!image) throw refuse('article.imageRequired', 'image');
  const { hash } = await storeImage(db, image, actor.id);
  return db.transaction(async (tx) => {
    const id = await write.insertArticle(tx, {
      ...values,
      imageHash: hash,
      publishedAt: publishedAt === undefined ? new Date() : publishedAt,
      createdBy: actor.id,
    });
    await recordChange(tx, { kind: 'article.create', object: 'article', id });
    return id;
  });
}

/** POST /api/admin/articles/{id}: no image keeps the current one, no published_at keeps the date. */
export async function updateArticle(
  db: Db,
  actor: Actor,
  id: number,
  f: ArticleFields,
  image: ArticleImage,
): Promise<void> {
  if (f.id !== undefined && f.id !== id) throw refuse('article.idMismatch', 'id');
  const { values, publishedAt } = await checkedValues(db, f);
  const imageHash = image ? (await storeImage(db, image, actor.id)).hash : undefined;
  await db.transaction(async (tx) => {
    if (!(await write.updateArticle(tx, id, { ...values, imageHash, publishedAt, updatedBy: actor.id }))) {
      throw notFound('article.notFound');
    }
    await recordChange(tx, { kind: 'article.update', object: 'article', id });
  });
}

/** DELETE /api/admin/articles/{id}: reps no longer see it; the back office keeps it as 'deleted'. */
export async function deleteArticle(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await write.softDeleteArticle(tx, id, actor.id))) throw notFound('article.notFound');
    await recordChange(tx, { kind: 'article.delete', object: 'article', id });
  });
}
