/** `npm run ledger:check`: proves the books of the configured database; exits 1 on any mismatch. */
import '../../runtime-check.ts';
import { loadConfigOrExit } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { checkLedger } from './ledger-check.ts';

const config = loadConfigOrExit();
const database = await openDatabase(config);
try {
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
