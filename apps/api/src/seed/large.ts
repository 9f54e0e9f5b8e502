/**
 * `npm run seed:large`: fills the configured database (DATA_DIR or DATABASE_URL) with 500
 * warehouses, 10,000 reps and managers and about 200,000 ledger entries for benchmarks. Run it on an empty database.
 */
import '../runtime-check.ts';
import { count, inArray } from 'drizzle-orm';
import { loadConfigOrExit } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { ledgerEntries, users, warehouses } from '../db/schema.ts';
import { seedDemo } from './demo.ts';
import { isSeeded } from './demo-accounts.ts';

const config = loadConfigOrExit();
const database = await openDatabase(config);
try {
  await database.migrate();
  if (await isSeeded(database.db)) {
    console.error('The database already has data; point DATA_DIR or DATABASE_URL at an empty one.');
    process.exitCode = 1;
  } else {
    const started = Date.now();
    await seedDemo(database.db, { scryptLogN: config.SCRYPT_LOG_N, volume: 'large' });
    console.log(`Large seed done in ${((Date.now() - started) / 1000).toFixed(1)} s (${database.kind}).`);
    const db = database.db;
    const [reps] = await db
      .select({ n: count() })
      .from(users)
      .where(inArray(users.role, ['seller', 'seller_reg']));
    const [whs] = await db.select({ n: count() }).from(warehouses);
    const [entries] = await db.select({ n: count() }).from(ledgerEntries);
    console.log(`${reps?.n} reps and regional managers, ${whs?.n} warehouses, ${entries?.n} ledger entries.`);
  }
} finally {
  await database.close();
}
