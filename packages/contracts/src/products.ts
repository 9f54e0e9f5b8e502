/*
 * The provider's products (SPEC.md section 3: Product id, name, url (image), article_id). Articles
 * present a product (article.product_id); challenges (issue 15) pay a reward per unit of a product
 * sold. The catalogue is read here; challenges add writing it.
 */
import { z } from 'zod';
import { imageSchema } from './media.ts';
import { pagedQuerySchema } from './paging.ts';

export const PRODUCT_SORT_FIELDS = ['name', 'id', 'created_at'] as const;

/** GET /api/products: the article form's product picker (search by name), paged like every list. */
export const productListQuerySchema = pagedQuerySchema(PRODUCT_SORT_FIELDS, 'name');
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const productSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image: imageSchema.nullable(),
  /** The newest published article that presents it ('more' on a challenge card), or null. */
  article_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type Product = z.infer<typeof productSchema>;
