import { Placeholder, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { literalLimit, type Placeholders, preparedStatement } from './prepared.ts';

/** A stand-in for a drizzle query: records what was built, prepared and run. */
function fakeDb() {
  const built: string[] = [];
  const prepared: string[] = [];
  const runs: { name: string; values: Record<string, unknown> | undefined }[] = [];
  const dialect = new PgDialect();
  return {
    built,
    prepared,
    runs,
    query(text: SQL) {
      built.push(dialect.sqlToQuery(text).sql);
      return {
        prepare(name: string) {
          prepared.push(name);
          return {
            execute: async (values?: Record<string, unknown>) => {
              runs.push({ name, values });
              return [values];
            },
          };
        },
      };
    },
  };
}

type Shape = { order: 'asc' | 'desc'; search: boolean };
type Values = { role: string; pattern: string | undefined };

const statement = preparedStatement('test.list', (db: ReturnType<typeof fakeDb>, s: Shape, p: Placeholders<Values>) =>
  db.query(
    sql`select id from users where role = ${p.role}${s.search ? sql` and search_text like ${p.pattern}` : sql``} order by id ${sql.raw(s.order)}`,
  ),
);

describe('preparedStatement', () => {
  it('builds and prepares a statement once per shape and database, and runs it with each call’s values', async () => {
    const db = fakeDb();
    await statement(db, { order: 'asc', search: false }, { role: 'seller', pattern: undefined });
    await statement(db, { order: 'asc', search: false }, { role: 'admin', pattern: undefined });
    await statement(db, { order: 'asc', search: true }, { role: 'seller', pattern: '%kow%' });
    expect(db.built).toEqual([
      'select id from users where role = $1 order by id asc',
      'select id from users where role = $1 and search_text like $2 order by id asc',
    ]);
    expect(db.prepared).toHaveLength(2);
    expect(new Set(db.prepared).size).toBe(2);
    expect(db.prepared.every((n) => /^q_[\w-]{24}$/.test(n))).toBe(true);
    expect(db.runs.map((r) => r.values?.role)).toEqual(['seller', 'admin', 'seller']);
    expect(db.runs[2]?.values?.pattern).toBe('%kow%');

    const other = fakeDb();
    await statement(other, { order: 'asc', search: false }, { role: 'seller', pattern: undefined });
    expect(other.prepared).toEqual([db.prepared[0]]);
  });

  it('hands the builder placeholders named after the values, never the values', async () => {
    let seen: unknown;
    const spy = preparedStatement('test.spy', (db: ReturnType<typeof fakeDb>, _: Shape, p: Placeholders<Values>) => {
      seen = p.role;
      return db.query(sql`select ${p.role}`);
    });
    await spy(fakeDb(), { order: 'desc', search: false }, { role: 'seller', pattern: undefined });
    expect(seen).toBeInstanceOf(Placeholder);
    expect((seen as Placeholder).name).toBe('role');
  });

  it('writes only a valid page size into the SQL', () => {
    const text = (n: number) => new PgDialect().sqlToQuery(sql`limit ${literalLimit(n)}`).sql;
    expect(text(10)).toBe('limit 10');
    for (const bad of [0, -1, 1.5, 10_001, Number.NaN]) expect(() => literalLimit(bad)).toThrow('bad page size');
  });
});
