/** `npm run ledger:check`: proves the books of the configured database; exits 1 on any mismatch. */
import '../../runtime-check.ts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfigOrExit } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { hasWallets } from './ledger-check.repo.ts';
import { checkLedger } from './ledger-check.ts';

/** Refuses with one line and exit code 1, having created and changed nothing. */
function refuse(line: string): never {
  console.error(line);
  process.exit(1);
}

const config = loadConfigOrExit();
// Opening PGlite on a directory without a database would create an empty one, whose books then
// look fine ("OK (0 wallets)"): a mistyped DATA_DIR must not pass for a checked database.
const dir = path.resolve(config.DATA_DIR, 'db');
if (!config.DATABASE_URL && !existsSync(path.join(dir, 'PG_VERSION'))) {
  refuse(
    `Ledger check: no database in ${dir}, nothing checked. Set DATA_DIR to the directory the server uses (or DATABASE_URL for PostgreSQL).`,
  );
}
const database = await openDatabase(config);
try {
  if (!(await hasWallets(database.db))) {
    await database.close();
    const where = config.DATABASE_URL ? 'the database of DATABASE_URL' : dir;
    refuse(`Ledger check: ${where} holds none of this product's tables (no wallets), nothing checked.`);
  }
  await database.migrate();
  const r = await checkLedger(database.db);
  console.log(
    `Ledger check: ${r.ok ? 'OK' : 'MISMATCH'} (${r.users_checked} wallets; earned ${r.totals.earned}, available ${r.totals.available}, in withdrawal ${r.totals.in_withdrawal}, withdrawn ${r.totals.withdrawn}, owed ${r.totals.owed} PLN)`,
  );
  for (const m of r.mismatches) console.log(`  user ${m.user_id} ${m.field}: wallet ${m.wallet} vs ledger ${m.ledger}`);
  if (!r.ok) process.exitCode = 1;
} finally {
  await database.close();
}
