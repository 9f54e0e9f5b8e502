/*
 * The provider's products (SPEC.md section 3: Product id, name, url (image), article_id). Articles
 * present a product (article.product_id); challenges (issue 15) pay a reward per unit of a product
 * sold, matched by `code` in the sales-result files. Admins write the catalogue.
 */
import { z } from 'zod';
import { textSchema } from './common.ts';
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
  /** The product's code in the sales-result files (what an import's product column holds), or null. */
  code: z.string().nullable(),
  /** The newest published article that presents it ('more' on a challenge card), or null. */
  article_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const PRODUCT_LIMITS = { name: 200, description: 1_000, code: 50 } as const;

/**
 * POST /api/products (create) and POST /api/products/{id} (edit), multipart/form-data: name, code,
 * description and the optional file part `image` (on edit, none keeps the current image). The code
 * is unique among live products: letters, digits and . _ / - (as ERP indexes are written).
 */
export const productFieldsSchema = z.object({
  name: textSchema('product.nameRequired')
    .trim()
    .min(1, { error: 'product.nameRequired' })
    .max(PRODUCT_LIMITS.name, { error: 'validation.tooLong' }),
  code: textSchema('product.codeRequired')
    .trim()
    .min(1, { error: 'product.codeRequired' })
    .max(PRODUCT_LIMITS.code, { error: 'validation.tooLong' })
    .regex(/^[\p{L}\p{N}._/-]+$/u, { error: 'product.codeInvalid' }),
  description: textSchema()
    .trim()
    .max(PRODUCT_LIMITS.description, { error: 'validation.tooLong' })
    .optional()
    .transform((v) => v ?? ''),
});
export type ProductFields = z.output<typeof productFieldsSchema>;

export const productSavedSchema = z.object({ product_id: z.number().int(), message: z.string() });
export type ProductSaved = z.infer<typeof productSavedSchema>;
