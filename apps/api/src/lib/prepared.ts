import { createHash } from 'node:crypto';

interface Runnable<T> {
  execute(values?: Record<string, unknown>): Promise<T>;
}

interface Preparable<T> {
  prepare(name: string): Runnable<T>;
}

const cache = new WeakMap<object, Map<string, Runnable<unknown>>>();

/**
 * Runs a query that is built (with `sql.placeholder`s) and prepared once per `key` and database
 * handle, then executed with each call's values. `key` must name everything that changes the SQL
 * text (sort, filters present, list lengths); the values must not. Building a large drizzle query
 * costs more CPU than running it, and PostgreSQL then parses and plans each shape once per
 * connection (a named prepared statement). PGlite runs it as a plain query.
 */
export function runCached<T>(db: object, key: string, build: () => Preparable<T>, values: Record<string, unknown>) {
  let byKey = cache.get(db);
  if (!byKey) {
    byKey = new Map();
    cache.set(db, byKey);
  }
  let query = byKey.get(key) as Runnable<T> | undefined;
  if (!query) {
    query = build().prepare(`q_${createHash('sha1').update(key).digest('base64url').slice(0, 24)}`);
    byKey.set(key, query);
  }
  return query.execute(values);
}
