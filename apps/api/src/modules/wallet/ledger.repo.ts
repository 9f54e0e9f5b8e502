import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ledgerEntries, wallets } from '../../db/schema.ts';
import type { Balances } from './money-view.ts';

export type LedgerKind = (typeof ledgerEntries.$inferInsert)['kind'];

/** Creates the wallet row if missing, then locks it for the rest of the transaction. */
export async function lockWallet(tx: DbOrTx, userId: number): Promise<Balances> {
  await tx.insert(wallets).values({ userId }).onConflictDoNothing();
  const [row] = await tx.select().from(wallets).where(eq(wallets.userId, userId)).for('update');
  if (!row) throw new Error(`wallet ${userId} vanished under lock`);
  return row;
}

/** Appends an entry unless one with the same source key exists; true when it was appended. */
export async function insertEntry(tx: DbOrTx, entry: typeof ledgerEntries.$inferInsert): Promise<number | null> {
  const rows = await tx
    .insert(ledgerEntries)
    .values(entry)
    .onConflictDoNothing({
      target: [ledgerEntries.kind, ledgerEntries.sourceType, ledgerEntries.sourceId, ledgerEntries.userId],
    })
    .returning({ id: ledgerEntries.id });
  return rows[0]?.id ?? null;
}

export type Delta = Partial<Omit<Balances, 'updatedAt'>>;

export async function applyDelta(tx: DbOrTx, userId: number, d: Delta) {
  const add = (col: typeof wallets.available, v: number | undefined) => (v ? sql`${col} + ${v}` : col);
  await tx
    .update(wallets)
    .set({
      available: add(wallets.available, d.available),
      inWithdrawal: add(wallets.inWithdrawal, d.inWithdrawal),
      withdrawn: add(wallets.withdrawn, d.withdrawn),
      earnedQuiz: add(wallets.earnedQuiz, d.earnedQuiz),
      earnedChallenge: add(wallets.earnedChallenge, d.earnedChallenge),
      earnedAdjustment: add(wallets.earnedAdjustment, d.earnedAdjustment),
      updatedAt: new Date(),
    })
    .where(eq(wallets.userId, userId));
}
