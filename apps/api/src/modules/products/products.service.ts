import type { Paged, Product, ProductListQuery } from '@incentive/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { offsetOf, paged, searchTerm } from '../../lib/paging.ts';
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
