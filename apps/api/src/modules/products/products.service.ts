import type { Paged, Product, ProductFields, ProductListQuery } from '@incentive/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { offsetOf, paged, searchTerm } from '../../lib/paging.ts';
import { recordChange } from '../audit/audit.service.ts';
import { imageOf, storeImage } from '../media/media.service.ts';
import * as repo from './products.repo.ts';

/*
 * The provider's product catalogue (docs/decisions/023): read by the article form's picker,
 * referred to by articles, and by challenges later (matched on `code` in the sales import).
 */

type Row = Awaited<ReturnType<typeof repo.productPage>>['rows'][number];

function productJson(r: Row): Product {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    code: r.code,
    image:
      r.imageHash && r.imageWidth !== null && r.imageHeight !== null
        ? imageOf({ hash: r.imageHash, width: r.imageWidth, height: r.imageHeight })
        : null,
    article_id: r.articleId,
    created_at: r.createdAt.toISOString(),
  };
}

/** GET /api/products: the live catalogue, paged, searched by name. */
export async function listProducts(db: Db, q: ProductListQuery): Promise<Paged<Product>> {
  const search = searchTerm(q.search);
  const { rows, total } = await repo.productPage(db, {
    sort: q.sort,
    order: q.order,
    search,
    limit: q.per_page,
    offset: offsetOf(q.page, q.per_page),
  });
  return paged(rows.map(productJson), total, q.page, q.per_page);
}

/** True when the product exists and is not deleted (what an article may present). */
export async function productExists(db: DbOrTx, id: number): Promise<boolean> {
  return (await repo.liveProductId(db, id)) !== undefined;
}

export interface ProductInput {
  name: string;
  description?: string;
  /** The product's code in the wholesalers' sales exports. */
  code?: string | null;
  /** PNG or JPEG bytes, stored through the media pipeline. */
  image?: Buffer | null;
}

/** Adds a product to the catalogue (the demo seed now; the challenges' product form later). */
export async function createProduct(db: Db, input: ProductInput, createdBy: number | null): Promise<number> {
  const imageHash = input.image ? (await storeImage(db, input.image, createdBy)).hash : null;
  return repo.insertProduct(db, {
    name: input.name.trim(),
    description: input.description?.trim() ?? '',
    code: input.code?.trim() || null,
    imageHash,
    createdBy,
  });
}

/** Live products among `ids` with their name and code (what a challenge checks before it pays for them). */
export const liveProductsByIds = repo.liveProductsByIds;

const codeTaken = () => new AppError(409, 'product.codeTaken', {}, { code: ['product.codeTaken'] });

/** A code another live product holds: refused with the field named (the unique index stays the last word). */
async function checkCodeFree(db: DbOrTx, code: string, selfId: number | null): Promise<void> {
  const holder = await repo.productIdWithCode(db, code);
  if (holder !== undefined && holder !== selfId) throw codeTaken();
}

/** Turns a race lost on products_code_key into the same 409 the check gives. */
function rethrowCodeTaken(err: unknown): never {
  if (uniqueViolation(err) === 'products_code_key') throw codeTaken();
  throw err;
}

/** POST /api/products: a new catalogue product (products.manage); the image is optional. */
export async function createProductFromForm(
  db: Db,
  actor: { id: number },
  f: ProductFields,
  image: Buffer | null,
): Promise<number> {
  await checkCodeFree(db, f.code, null);
  const imageHash = image ? (await storeImage(db, image, actor.id)).hash : null;
  try {
    return await db.transaction(async (tx) => {
      const id = await repo.insertProduct(tx, {
        name: f.name,
        description: f.description,
        code: f.code,
        imageHash,
        createdBy: actor.id,
      });
      await recordChange(tx, { kind: 'product.create', object: 'product', id });
      return id;
    });
  } catch (err) {
    rethrowCodeTaken(err);
  }
}

/** POST /api/products/{id}: edits a live product; no image keeps the current one. */
export async function updateProductFromForm(
  db: Db,
  actor: { id: number },
  id: number,
  f: ProductFields,
  image: Buffer | null,
): Promise<void> {
  if ((await repo.liveProductId(db, id)) === undefined) throw notFound('product.notFound');
  await checkCodeFree(db, f.code, id);
  const imageHash = image ? (await storeImage(db, image, actor.id)).hash : undefined;
  try {
    await db.transaction(async (tx) => {
      const updated = await repo.updateProduct(tx, id, {
        name: f.name,
        description: f.description,
        code: f.code,
        imageHash,
      });
      if (!updated) throw notFound('product.notFound');
      await recordChange(tx, { kind: 'product.update', object: 'product', id });
    });
  } catch (err) {
    rethrowCodeTaken(err);
  }
}
