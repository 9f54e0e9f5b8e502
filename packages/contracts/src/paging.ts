import { z } from 'zod';
import { PAGE_SIZES, textSchema } from './common.ts';

export const MAX_PAGE = 100_000;
export const MAX_SEARCH = 100;

/**
 * Query of every paged list: page from 1, per_page one of 10/25/50/100, an allow-listed sort
 * field, asc/desc, and an optional search. Ties always sort by id, so pages never repeat or skip rows.
 */
export function pagedQuerySchema<const S extends readonly [string, ...string[]]>(
  sortFields: S,
  defaultSort: S[number],
) {
  return z.object({
    page: z.coerce
      .number({ error: 'validation.pageInvalid' })
      .int({ error: 'validation.pageInvalid' })
      .min(1, { error: 'validation.pageInvalid' })
      .max(MAX_PAGE, { error: 'validation.pageInvalid' })
      .default(1),
    per_page: z.coerce
      .number({ error: 'validation.perPageInvalid' })
      .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), { error: 'validation.perPageInvalid' })
      .default(10),
    sort: z.enum(sortFields, { error: 'validation.sortInvalid' }).default(defaultSort),
    order: z.enum(['asc', 'desc'], { error: 'validation.orderInvalid' }).default('asc'),
    search: textSchema().trim().max(MAX_SEARCH, { error: 'validation.searchTooLong' }).optional(),
  });
}

/** A numeric id in a path: positive 32-bit integer. */
export const idParamSchema = z.object({
  // Digits only: "1e3", "0x10", " 7" or "7.0" are not ids, however Number() would read them.
  id: z
    .string({ error: 'validation.idInvalid' })
    .regex(/^[1-9]\d{0,9}$/, { error: 'validation.idInvalid' })
    .transform(Number)
    .pipe(z.number().max(2_147_483_647, { error: 'validation.idInvalid' })),
});
