/**
 * `npm run restore -- FILE`: puts a backup of `npm run backup` in place of the embedded database
 * while the server is stopped; the database it replaces is kept beside it (ops/embedded-backup.ts,
 * decision 070). On PostgreSQL it says to use pg_restore (docs/production.md).
 */
import '../runtime-check.ts';
import { loadConfigOrExit } from '../config.ts';
import { StartupError } from '../lib/startup-error.ts';
import { restoreEmbedded } from './embedded-backup.ts';

const config = loadConfigOrExit();
const file = process.argv[2];
if (config.DATABASE_URL) {
  console.error(
    'Restore: DATABASE_URL names a PostgreSQL server: restore it with pg_restore (docs/production.md, "Backups"); nothing changed.',
  );
  process.exit(1);
}
if (!file) {
  console.error('Restore: name the backup file: npm run restore -- DATA_DIR/backups/incentive-….tar.gz');
  process.exit(1);
}
try {
  const r = await restoreEmbedded(config.DATA_DIR, file);
  console.log(
    `Restore: ${file} is the database now; ledger OK (${r.ledger.users_checked} wallets, owed ${r.ledger.totals.owed} PLN).${r.keptAside ? ` The one it replaced is in ${r.keptAside}.` : ''} Start the server: it applies any newer migrations.`,
  );
} catch (err) {
  if (!(err instanceof StartupError)) throw err;
  console.error(err.message);
  process.exit(1);
}
