import { type SQL, sql } from 'drizzle-orm';

/*
 * A list of values as ONE parameter, a PostgreSQL array, for `= any(...)`. A list of thousands of
 * separate parameters is slow to build and, under the generic plans the PostgreSQL pool uses
 * (plan_cache_mode=force_generic_plan, db/client.ts), is planned without its values: 10,000 e-mails
 * in `in (...)` took 10 s on 20,000 users, `= any($1::text[])` 70 ms (decision 061).
 */

/** The text array literal of `values` ('{"a","b\"c"}'), quoted so that any text is one element. */
export function textArrayLiteral(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

/** `values` as a text[] parameter. */
export const textArray = (values: readonly string[]): SQL => sql`${textArrayLiteral(values)}::text[]`;

/** `values` as an int[] parameter. */
export const intArray = (values: readonly number[]): SQL =>
  sql`${`{${values.map((v) => String(Math.trunc(v))).join(',')}}`}::int[]`;
