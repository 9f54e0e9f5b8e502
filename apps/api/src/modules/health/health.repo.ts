import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { type DbOrTx, migrationsFolder } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';

/** One round trip to the database; throws when it is unreachable. */
export async function ping(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`);
}

/** When the newest migration this build carries was written (drizzle's journal, as its migrator compares). */
const newestMigration = (() => {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
})();

/**
 * True while the database lacks a migration of this build: the newest applied one (drizzle's own
 * table) is older than the newest in the journal, as drizzle's migrator decides what to run.
 */
export async function migrationsPending(db: DbOrTx): Promise<boolean> {
  const [table] = await queryRows<{ found: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`,
  );
  if (!table?.found) return true;
  const [row] = await queryRows<{ newest: string | null }>(
    db,
    sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
  );
  return row?.newest == null || Number(row.newest) < newestMigration;
}
