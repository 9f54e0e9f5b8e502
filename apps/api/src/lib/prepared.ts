import { createHash } from 'node:crypto';
import { type Placeholder, sql } from 'drizzle-orm';

/*
 * Named prepared statements built from typed parts (docs/decisions/009, 010). Building a large
 * drizzle query costs more CPU than running it, and PostgreSQL parses and plans a named statement
 * once per connection, so each statement is built once per *shape* and database handle and then
 * run with each call's *values*:
 * - the shape is what the SQL text depends on (a sort, which filters are present, a page size);
 * - the values fill the placeholders (a role, a search pattern, warehouse ids, an offset).
 * The builder is given the shape and typed placeholders, never the values, so no value can slip
 * into the SQL text without being part of the shape, and the cache key is derived from the shape.
 */

/** What a statement's SQL text depends on: a flat record of small values. */
export type Shape = Readonly<Record<string, string | number | boolean | null>>;

/** The values a statement runs with, by placeholder name. */
export type Values = Record<string, unknown>;

/** One placeholder per value name, so a statement can only use values its callers pass. */
export type Placeholders<V extends Values> = { readonly [K in keyof V & string]-?: Placeholder<K, V[K]> };

interface Runnable<T> {
  execute(values?: Record<string, unknown>): Promise<T>;
}

interface Preparable<T> {
  prepare(name: string): Runnable<T>;
}

/**
 * A statement family: `build` makes the statement of one shape; the returned function runs the
 * statement of a call's shape with its values, building and preparing it on first use for each
 * database handle. PGlite runs it as a plain query.
 */
export function preparedStatement<D extends object, S extends Shape, V extends Values, T>(
  family: string,
  build: (db: D, shape: S, p: Placeholders<V>) => Preparable<T>,
): (db: D, shape: S, values: V) => Promise<T> {
  const cache = new WeakMap<object, Map<string, Runnable<T>>>();
  const p = placeholders<V>();
  return (db, shape, values) => {
    let byShape = cache.get(db);
    if (!byShape) {
      byShape = new Map();
      cache.set(db, byShape);
    }
    const key = shapeKey(shape);
    let statement = byShape.get(key);
    if (!statement) {
      const name = `q_${createHash('sha1').update(`${family}${key}`).digest('base64url').slice(0, 24)}`;
      statement = build(db, shape, p).prepare(name);
      byShape.set(key, statement);
    }
    return statement.execute(values);
  };
}

/**
 * The shape as text (2 µs). Every field is in it, so two shapes with the same key are equal; an
 * equal shape written in another field order only gets a statement of its own.
 */
export function shapeKey(shape: Shape): string {
  return JSON.stringify(shape);
}

/** Placeholders named after the properties read (`p.role` is `sql.placeholder('role')`). */
function placeholders<V extends Values>(): Placeholders<V> {
  const made = new Map<string, Placeholder>();
  const target = {} as Placeholders<V>;
  return new Proxy(target, {
    get(_, key) {
      if (typeof key !== 'string') return undefined;
      let p = made.get(key);
      if (!p) {
        p = sql.placeholder(key);
        made.set(key, p);
      }
      return p;
    },
  });
}

/**
 * A LIMIT written into the SQL text rather than bound: with the page size a parameter, the one
 * generic plan of a statement cannot know a page is 10 rows and sorts the whole role instead
 * (decision 010). Drizzle renders SQL there at run time, but its types admit only numbers (which
 * it binds) and placeholders, hence the cast. Only ever a validated page size, part of the shape.
 */
export function literalLimit(n: number): number {
  if (!Number.isSafeInteger(n) || n < 1 || n > 10_000) throw new Error(`bad page size ${n}`);
  return sql.raw(String(n)) as unknown as number;
}
