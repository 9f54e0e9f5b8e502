/** What the api project's global setup hands to each test file (serialisable). */
export type TestDbTemplate =
  | { kind: 'pglite'; dumpFile: string }
  | { kind: 'postgres'; adminUrl: string; template: string; prefix: string };

/** The same server URL with another database name. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
