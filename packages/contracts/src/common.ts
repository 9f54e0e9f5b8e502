import { z } from 'zod';

/** Body of every error response: a message in the caller's language, and per-field messages on 422. */
export const errorResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** The spec's paged list envelope. */
export const pagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    current_page: z.number().int(),
    last_page: z.number().int(),
    total: z.number().int(),
    data: z.array(item),
  });
export type Paged<T> = { current_page: number; last_page: number; total: number; data: T[] };

/** Money on the wire: PLN as a decimal string with two places ("12.50"), exact, never a float. */
export const moneySchema = z.string().regex(/^-?\d+\.\d{2}$/);

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** Limits that both the forms and the server enforce. */
export const LIMITS = {
  email: 254,
  password: { min: 8, max: 128 },
  name: 100,
  token: 200,
} as const;

export const okResponseSchema = z.object({ message: z.string() });

/**
 * True when PostgreSQL can store the string as text: no NUL character and no half of a UTF-16
 * surrogate pair without the other half (JSON and query strings can carry both; no keyboard types them).
 */
export function isStorableText(s: string): boolean {
  return !s.includes('\u0000') && !/\p{Cs}/u.test(s);
}

/**
 * The one string schema every text of a request starts from (body fields, query parameters such as
 * `search`, uploaded text files): text PostgreSQL cannot store is a 422 'validation.textInvalid',
 * decided here and nowhere else. `error` is the message for a value that is not a string at all.
 */
export function textSchema(error = 'validation.invalid') {
  return z.string({ error }).refine(isStorableText, { error: 'validation.textInvalid', abort: true });
}
