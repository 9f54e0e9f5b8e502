import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { formatGrosze } from './money.ts';
import { isoSql, jsonObject, plnSql } from './sql-json.ts';

/** The SQL formatters must write exactly what their JavaScript counterparts write. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function one<T>(expr: ReturnType<typeof sql>): Promise<T> {
  const rows = (await t.db.execute(sql`select ${expr} as v`)) as unknown as { rows?: { v: T }[] } | { v: T }[];
  const list = Array.isArray(rows) ? rows : (rows.rows ?? []);
  return (list[0] as { v: T }).v;
}

describe('plnSql', () => {
  it('formats grosze as formatGrosze does', async () => {
    const fixed = [0, 1, 5, 9, 10, 99, 100, 101, 1050, 123456, 999_999_99, -1, -5, -99, -100, -1050, -123456];
    for (const g of fixed) expect(await one<string>(plnSql(sql`${g}::bigint`)), String(g)).toBe(formatGrosze(g));
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -1e12, max: 1e12 }), async (g) => {
        expect(await one<string>(plnSql(sql`${g}::bigint`))).toBe(formatGrosze(g));
      }),
      { numRuns: 60 },
    );
  });
});

describe('isoSql', () => {
  it('writes a timestamptz as Date.toISOString does for the same value read by the driver', async () => {
    const values = [
      '2026-11-21 21:16:00+00',
      '2026-01-02 03:04:05.678901+00',
      '2026-06-30 23:59:59.999999+02',
      '1999-12-31 23:00:00.5-05',
    ];
    for (const v of values) {
      const [text, read] = await Promise.all([
        one<string>(isoSql(sql`${v}::timestamptz`)),
        one<Date | string>(sql`${v}::timestamptz`),
      ]);
      expect(text, v).toBe(new Date(read).toISOString());
    }
    expect(await one<string | null>(isoSql(sql`null::timestamptz`))).toBeNull();
  });
});

describe('jsonObject', () => {
  it('builds an object with literal keys and refuses keys that are not plain names', async () => {
    const v = await one<unknown>(sql`${jsonObject({ a: sql`1`, b_c: sql`'x'::text`, d: sql`null::text` })}::text`);
    expect(JSON.parse(v as string)).toEqual({ a: 1, b_c: 'x', d: null });
    expect(() => jsonObject({ "a'); drop table users; --": sql`1` })).toThrow();
  });
});
