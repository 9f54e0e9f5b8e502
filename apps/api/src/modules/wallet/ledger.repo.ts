import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { wallets } from '../../db/schema.ts';
import type { Balances, Delta, LedgerKind } from './money-rules.ts';

async function selectForUpdate(tx: DbOrTx, userId: number) {
  const [row] = await tx.select().from(wallets).where(eq(wallets.userId, userId)).for('update');
  return row;
}

/** Locks the user's wallet row for the rest of the transaction, creating it on first use. */
export async function lockWallet(tx: DbOrTx, userId: number): Promise<Balances> {
  const existing = await selectForUpdate(tx, userId);
  if (existing) return existing;
  await tx.insert(wallets).values({ userId }).onConflictDoNothing();
  const created = await selectForUpdate(tx, userId);
  if (!created) throw new Error(`wallet ${userId} vanished under lock`);
  return created;
}

export interface EntryInput {
  userId: number;
  kind: LedgerKind;
  amount: number;
  sourceType: string;
  sourceId: string;
  reason: string | null;
  createdBy: number | null;
}

/**
 * In one statement: appends the entry unless its source key exists, and only then moves the
 * wallet's balances. Returns the new entry's id, or null when the event was already posted.
 */
export async function appendAndApply(tx: DbOrTx, e: EntryInput, d: Delta): Promise<number | null> {
  const v = (n: number | undefined) => n ?? 0;
  const rows = await queryRows<{ id: number | null }>(
    tx,
    sql`with entry as (
      insert into ledger_entries (user_id, kind, amount, source_type, source_id, reason, created_by)
      values (${e.userId}, ${e.kind}, ${e.amount}, ${e.sourceType}, ${e.sourceId}, ${e.reason}, ${e.createdBy})
      on conflict (kind, source_type, source_id, user_id) do nothing
      returning id
    ), moved as (
      update wallets set
        available = available + ${v(d.available)},
        in_withdrawal = in_withdrawal + ${v(d.inWithdrawal)},
        withdrawn = withdrawn + ${v(d.withdrawn)},
        earned_quiz = earned_quiz + ${v(d.earnedQuiz)},
        earned_challenge = earned_challenge + ${v(d.earnedChallenge)},
        earned_adjustment = earned_adjustment + ${v(d.earnedAdjustment)},
        updated_at = now()
      where user_id = ${e.userId} and exists (select 1 from entry)
      returning user_id
    )
    select (select id from entry) as id, (select count(*) from moved) as moved`,
  );
  return rows[0]?.id ?? null;
}
