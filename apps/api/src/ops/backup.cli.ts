/**
 * `npm run backup [-- FILE]`: a checked copy of the embedded database while the server is stopped
 * (ops/embedded-backup.ts, decision 070). On PostgreSQL it says to use pg_dump (docs/production.md).
 */
import '../runtime-check.ts';
import { loadConfigOrExit } from '../config.ts';
import { StartupError } from '../lib/startup-error.ts';
import { backupEmbedded } from './embedded-backup.ts';

const config = loadConfigOrExit();
if (config.DATABASE_URL) {
  console.error(
    'Backup: DATABASE_URL names a PostgreSQL server: back it up with pg_dump --format=custom (docs/production.md, "Backups"); nothing written.',
  );
  process.exit(1);
}
try {
  const r = await backupEmbedded(config.DATA_DIR, process.argv[2]);
  console.log(
    `Backup: ${r.file} (${(r.bytes / 1024 / 1024).toFixed(1)} MB); opened again and checked: ledger ${r.ledger.ok ? 'OK' : 'MISMATCH'} (${r.ledger.users_checked} wallets, owed ${r.ledger.totals.owed} PLN).`,
  );
  if (!r.ledger.ok) process.exitCode = 1;
} catch (err) {
  if (!(err instanceof StartupError)) throw err;
  console.error(err.message);
  process.exit(1);
}
