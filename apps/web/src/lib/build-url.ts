/** A call's query: what is undefined, null or empty is left out. */
export type Query = Record<string, string | number | boolean | null | undefined>;

/**
 * `path?k=v&…` in the query's own key order: the one query-string builder of the web app (decision
 * 056), for API calls, CSV exports and in-app links (lib/paths.ts). The early calls of a first load
 * (decision 030) build theirs the same way.
 */
export function buildUrl(path: string, query?: Query): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}
