import type { Paged } from '@incentive/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { JsonText } from './json-text.ts';

/** The spec's paged envelope. A page past the end is empty but still reports the real total. */
export function paged<T>(data: T[], total: number, page: number, perPage: number): Paged<T> {
  return { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), total, data };
}

/**
 * The same envelope around a page that is already JSON text (built by PostgreSQL), as the body
 * of the response: nothing is parsed or serialised again on the way out.
 */
export function pagedJson<T>(dataJson: string, total: number, page: number, perPage: number): JsonText<Paged<T>> {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  return new JsonText(`{"current_page":${page},"last_page":${lastPage},"total":${total},"data":${dataJson}}`);
}

export const offsetOf = (page: number, perPage: number) => (page - 1) * perPage;

/** `asc` or `desc` as raw SQL; only ever one of the two literals. */
export function direction(order: 'asc' | 'desc'): SQL {
  return sql.raw(order === 'desc' ? 'desc' : 'asc');
}

/** A `LIKE` pattern matching `search` anywhere, lower-cased, with `%`, `_` and `\` taken literally. */
export function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The trimmed search, or undefined when there is nothing to search for. */
export function searchTerm(search: string | undefined): string | undefined {
  const s = search?.trim();
  return s ? s : undefined;
}
