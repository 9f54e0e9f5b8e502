import { and, eq, inArray, like, sql } from 'drizzle-orm';
import type { Db } from '../../apps/api/src/db/client.ts';
import { ledgerEntries, sales, salesImports, withdrawals } from '../../apps/api/src/db/schema.ts';
import { checkLedger } from '../../apps/api/src/modules/wallet/ledger-check.ts';
import type { DayState, ImportRun } from './visits.ts';
import { CREDIT } from './world.ts';

/*
 * The books after the day, read straight from PostgreSQL: every withdrawal the API acknowledged is
 * there once, with its ledger entry, and nobody has two; every quiz pass acknowledged is paid once;
 * the import accepted every row and paid what the file is worth, in its ledger entries too; and the
 * ledger check (apps/api/src/modules/wallet/ledger-check.ts) holds for every wallet.
 */

export interface Books {
  lines: string[];
  failures: string[];
  import: {
    status: string;
    rowsAccepted: number;
    rowsRejected: number;
    rowsHeld: number;
    /** created_at → finished_at in the database (s). */
    seconds: number | null;
    amount: number;
  } | null;
}

export async function checkBooks(
  db: Db,
  s: DayState,
  /** null: the day ran without an import (DAY_IMPORT_ROWS=0). */
  imp: ImportRun | null,
  expected: { rows: number; amount: number },
): Promise<Books> {
  const lines: string[] = [];
  const failures: string[] = [];
  const pln = (g: number) => `${(g / 100).toFixed(2)} PLN`;

  // Withdrawals: the rows and the ledger's withdrawal_requested entries of every rep who may withdraw.
  const ids = s.world.withdrawers.map((r) => r.id);
  const rows = await db
    .select({ id: withdrawals.id, userId: withdrawals.userId, amount: withdrawals.amount })
    .from(withdrawals)
    .where(inArray(withdrawals.userId, ids));
  const out = await db
    .select({ userId: ledgerEntries.userId, n: sql<number>`count(*)::int`, sum: sql<string>`sum(amount)` })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.userId, ids), eq(ledgerEntries.kind, 'withdrawal_requested')))
    .groupBy(ledgerEntries.userId);
  const perRep = new Map<number, number[]>();
  for (const r of rows) perRep.set(r.userId, [...(perRep.get(r.userId) ?? []), r.id]);
  const twice = [...perRep.values()].filter((w) => w.length > 1).length;
  const wrongSum = rows.filter((r) => r.amount !== CREDIT).length;
  const ledgerTwice = out.filter((o) => o.n > 1 || Number(o.sum) !== CREDIT).length;
  const missing = [...s.paidOut].filter(([user, id]) => !(perRep.get(user) ?? []).includes(id)).length;
  const unacknowledged = [...perRep.keys()].filter((user) => !s.paidOut.has(user)).length;
  lines.push(
    `withdrawals: ${s.paidOut.size} acknowledged, ${rows.length} in the database (${missing} acknowledged but missing, ${unacknowledged} there but never acknowledged); reps with two: ${twice}; not ${pln(CREDIT)}: ${wrongSum}; ledger entries: ${out.length} reps, ${ledgerTwice} with more than one or another sum`,
  );
  if (twice + ledgerTwice > 0)
    failures.push(`double payments: ${twice} reps with two withdrawals, ${ledgerTwice} in the ledger`);
  if (missing > 0) failures.push(`${missing} acknowledged withdrawals missing`);
  if (wrongSum > 0) failures.push(`${wrongSum} withdrawals of another sum`);
  if (out.length !== rows.length) failures.push('withdrawals and their ledger entries differ');

  // Quiz rewards: one entry per (rep, quiz) passed.
  const quizIds = s.world.quizzes.map((q) => String(q.id));
  const rewards = await db
    .select({ userId: ledgerEntries.userId, quiz: ledgerEntries.sourceId, n: sql<number>`count(*)::int` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'quiz_reward'), inArray(ledgerEntries.sourceId, quizIds)))
    .groupBy(ledgerEntries.userId, ledgerEntries.sourceId);
  const paid = new Set(rewards.map((r) => `${r.userId}:${r.quiz}`));
  const rewardTwice = rewards.filter((r) => r.n > 1).length;
  const unpaid = [...s.passed].filter((k) => !paid.has(k)).length;
  lines.push(
    `quiz rewards: ${s.passed.size} passes acknowledged (and ${s.failedSubmits} failed attempts), ${rewards.length} paid; paid twice: ${rewardTwice}; acknowledged but unpaid: ${unpaid}`,
  );
  if (rewardTwice > 0) failures.push(`${rewardTwice} quiz rewards paid twice`);
  if (unpaid > 0) failures.push(`${unpaid} acknowledged quiz passes unpaid`);

  // The import: its row, its sales and its ledger entries (source `{import}:{challenge}`).
  let imported: Books['import'] = null;
  if (imp === null) lines.push('import: none (DAY_IMPORT_ROWS=0)');
  else if (imp.id !== null) {
    const [row] = await db.select().from(salesImports).where(eq(salesImports.id, imp.id));
    const [salesRows] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(sales)
      .where(eq(sales.importId, imp.id));
    const [ledger] = await db
      .select({ sum: sql<string>`coalesce(sum(amount), 0)` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.kind, 'challenge_reward'), like(ledgerEntries.sourceId, `${imp.id}:%`)));
    if (row) {
      const end = row.finishedAt ?? row.appliedAt;
      imported = {
        status: row.status,
        rowsAccepted: row.rowsAccepted,
        rowsRejected: row.rowsRejected,
        rowsHeld: row.rowsHeld,
        seconds: end ? (end.getTime() - row.createdAt.getTime()) / 1000 : null,
        amount: row.amount,
      };
      lines.push(
        `import ${imp.id}: ${row.status}, ${row.rowsAccepted.toLocaleString('en')} of ${expected.rows.toLocaleString('en')} rows accepted (${row.rowsRejected} refused, ${row.rowsHeld} held), ${salesRows?.n ?? 0} sales rows, paid ${pln(row.amount)} (the file is worth ${pln(expected.amount)}; its ledger entries ${pln(Number(ledger?.sum ?? 0))})`,
      );
      if (row.status !== 'applied') failures.push(`the import is ${row.status}`);
      if (row.rowsAccepted !== expected.rows || salesRows?.n !== expected.rows)
        failures.push('the import did not accept every row');
      if (row.amount !== expected.amount || Number(ledger?.sum ?? 0) !== expected.amount)
        failures.push('the import paid another sum than the file is worth');
    } else failures.push('the import is not in the database');
  } else failures.push('the import was not uploaded');

  const check = await checkLedger(db);
  lines.push(
    `ledger check: ${check.ok ? 'OK' : 'MISMATCH'} (${check.users_checked} wallets${check.ok ? '' : `; ${JSON.stringify(check.mismatches.slice(0, 5))}`})`,
  );
  if (!check.ok) failures.push('the ledger check failed');
  return { lines, failures, import: imported };
}
