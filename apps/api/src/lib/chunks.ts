/**
 * The items in slices of at most `size`: one multi-row statement each (PostgreSQL takes at most
 * 65,535 parameters in one, so a statement of 1,000 rows of up to 65 values is always within it).
 */
export function chunked<T>(items: readonly T[], size = 1000): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
