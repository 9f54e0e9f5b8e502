import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLISH_ORDER, polishSortKey } from '../../test/polish-order.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import type { Database } from './client.ts';
import { queryRows } from './query-rows.ts';

/*
 * pl_sort_key (migration 0008), the key behind every sort by a name, surname, e-mail or warehouse
 * name (docs/decisions/017), on the suite's database: PGlite by default, PostgreSQL with
 * DATABASE_URL.
 */

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function keysOf(texts: readonly string[]): Promise<string[]> {
  const rows = await queryRows<{ key: string }>(
    database.db,
    sql`select pl_sort_key(t) as key from unnest(${sql.param(texts)}::text[]) with ordinality as x(t, n) order by n`,
  );
  return rows.map((r) => r.key);
}

/** Letters the key maps (Polish and other Latin letters with a diacritic) and characters it leaves alone. */
const ALPHABET = [
  ...'aąbcćdeęfghijklłmnńoóprsśtuwyzźżqvx',
  ...'AĄBCĆDEĘFGHIJKLŁMNŃOÓPRSŚTUWYZŹŻQVX',
  ...'àáâãäåāăçčďđèéêëēėěğìíîïīįıĺľñňòôõöøōőŕřšşţťùúûüūůűųýÿž',
  ...'ÀÁÂÃÄÅĀĂÇČĎĐÈÉÊËĒĖĚĞÌÍÎÏĪĮİĹĽÑŇÒÔÕÖØŌŐŔŘŠŞŢŤÙÚÛÜŪŮŰŲÝŸŽ',
  ..."0123456789 -.,'@_+",
  ...'ßæжЖ',
];

describe('pl_sort_key', () => {
  it('orders names as the Polish alphabet does, ignoring case', async () => {
    const shuffled = [...POLISH_ORDER].reverse();
    const rows = await queryRows<{ t: string }>(
      database.db,
      sql`select t from unnest(${sql.param(shuffled)}::text[]) as x(t) order by pl_sort_key(t)`,
    );
    expect(rows.map((r) => r.t)).toEqual(POLISH_ORDER);
  });

  it('gives the key the tests compute for any text of letters, digits and punctuation', async () => {
    const texts = fc.sample(fc.string({ unit: fc.constantFrom(...ALPHABET), maxLength: 12 }), {
      numRuns: 2000,
      seed: 17,
    });
    const keys = await keysOf(texts);
    const differ = texts.filter((text, i) => keys[i] !== polishSortKey(text));
    expect(differ).toEqual([]);
    // Ties only between texts that differ in case or diacritics.
    expect(polishSortKey('Łódź')).toBe((await keysOf(['ŁÓDŹ']))[0]);
    expect(await keysOf(['Łukasz', 'Świątek', 'Émile'])).toEqual(['lłukasz', 'sświaątek', 'emile']);
  });

  it('the sort keys of names, surnames and e-mails each have the index the whole-role lists walk', async () => {
    for (const [key, index] of [
      ['name_key', 'users_sort_name_idx'],
      ['surname_key', 'users_sort_surname_idx'],
      ['email_key', 'users_sort_email_idx'],
    ] as const) {
      const plan = await database.db.transaction(async (tx) => {
        // Only a plan that reads the rows in order from an index remains.
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_sort = off`);
        const rows = await queryRows<Record<string, string>>(
          tx,
          sql`explain select id from users where role = 'seller' and deleted_at is null order by ${sql.identifier(key)} desc, id desc limit 10`,
        );
        return rows.map((r) => Object.values(r)[0]).join('\n');
      });
      expect(plan, key).toMatch(new RegExp(`Index (Only )?Scan Backward using ${index} `));
      expect(plan, key).not.toMatch(/Sort/);
    }
  });
});
