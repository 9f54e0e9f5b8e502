import { sql } from 'drizzle-orm';
import { articles } from '../../db/schema.ts';

/*
 * What products lend to other modules' statements (decision 052): a product's article, shown with
 * the product in a challenge (challenges reads it in its own statement).
 */

/** The newest published, not deleted article presenting the product `productId` (articles_product_idx). */
export const newestArticleIdOf = (productId: unknown) => sql<number | null>`(select a.id from ${articles} a
  where a.product_id = ${productId} and a.deleted_at is null and a.published_at <= now()
  order by a.published_at desc, a.id desc limit 1)`;
