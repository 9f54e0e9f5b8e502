import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { wallets } from '../../db/schema.ts';
import {
  BALANCE_FIELDS,
  type BalanceField,
  type Balances,
  type Delta,
  LEDGER_KINDS,
  type LedgerKind,
  MOVES,
} from './money-rules.ts';

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

/**
 * Before a transaction changes memberships of these users, or a users row whose facts their
 * memberships copy: holds their wallets FOR SHARE, in user-id order (the order the ledger's bulk
 * posting locks them), creating the missing ones (empty) unless `create` is false. A membership
 * carries a copy of its user's earnings, kept by a trigger on wallets (migration 0018, decision
 * 042): a credit locks the wallet, then updates the user's memberships. A writer that first locked
 * the user or a membership and then waited for the wallet (the copy on insert reads it FOR SHARE)
 * would deadlock with such a credit; taking the wallets first makes the two take turns. A wallet
 * created here also makes a rep's first credit wait for the new memberships' commit, which it
 * could not see otherwise. Take it first in the transaction, before any users row is locked.
 */
export async function lockMemberWallets(
  tx: DbOrTx,
  userIds: readonly number[],
  { create = true }: { create?: boolean } = {},
): Promise<void> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  if (ids.length === 0) return;
  const list = sql`${`{${ids.join(',')}}`}::int[]`;
  if (create)
    await tx.execute(
      sql`insert into wallets (user_id) select id from users where id = any(${list}) order by id on conflict do nothing`,
    );
  await tx.execute(sql`select user_id from wallets where user_id = any(${list}) order by user_id for share`);
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
        owed = owed + ${v(d.owed)},
        updated_at = now()
      where user_id = ${e.userId} and exists (select 1 from entry)
      returning user_id
    )
    select (select id from entry) as id, (select count(*) from moved) as moved`,
  );
  const id = rows[0]?.id ?? null;
  if (id !== null && (d.available ?? 0) > 0) await settleOwed(tx, [e.userId]);
  return id;
}

/** The reason an owed_settlement shows in the rep's money history. */
export const SETTLEMENT_REASON = 'Spłata kwoty do zwrotu po korekcie sprzedaży';

/**
 * Money that reached a wallet which owes (decision 044) pays the debt first: for each of these
 * (already locked) wallets holding both, one owed_settlement of the smaller of the two, keyed by
 * the wallet's newest entry (the credit that brought the money), so it is posted once.
 */
export async function settleOwed(tx: DbOrTx, userIds: readonly number[]): Promise<void> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return;
  const list = sql`${`{${ids.join(',')}}`}::int[]`;
  await tx.execute(sql`with due as (
      select w.user_id, least(w.owed, w.available) as amount,
        (select max(e.id) from ledger_entries e where e.user_id = w.user_id)::text as source_id
      from wallets w where w.user_id = any(${list}) and w.owed > 0 and w.available > 0
    ), entry as (
      insert into ledger_entries (user_id, kind, amount, source_type, source_id, reason)
      select user_id, 'owed_settlement', amount, 'owed', source_id, ${SETTLEMENT_REASON} from due
      on conflict (kind, source_type, source_id, user_id) do nothing
      returning user_id, amount
    )
    update wallets w set available = w.available - e.amount, owed = w.owed - e.amount, updated_at = now()
    from entry e where w.user_id = e.user_id`);
}

/** The change of one balance by an entry, as SQL over a row with `kind` and `amount`: derived from MOVES. */
function deltaExpression(field: BalanceField): SQL {
  const cases = LEDGER_KINDS.filter((k) => MOVES[k][field] !== undefined).map(
    (k) => sql`when ${k} then ${MOVES[k][field] === 1 ? sql`amount` : sql`-amount`}`,
  );
  if (cases.length === 0) return sql`0::bigint`;
  return sql`(case kind ${sql.join(cases, sql` `)} else 0 end)`;
}

const BULK_DELTAS = Object.fromEntries(BALANCE_FIELDS.map((f) => [f, deltaExpression(f)])) as Record<BalanceField, SQL>;

/** One entry of a bulk posting (postMany): the same fields as a single one. */
export type BulkEntry = EntryInput;

/**
 * Posts many entries in a few statements (a sales import pays hundreds of reps at once): makes sure
 * every wallet exists, locks them in user-id order (the order every bulk poster takes, so two never
 * deadlock), appends the entries whose source key is new and moves each wallet by the sum of the
 * deltas of its new entries (BULK_DELTAS: MOVES as one SQL expression per balance). Returns
 * how many entries were new.
 */
export async function appendManyAndApply(tx: DbOrTx, entries: readonly BulkEntry[]): Promise<number> {
  if (entries.length === 0) return 0;
  const deltaSql = BULK_DELTAS;
  const userIds = [...new Set(entries.map((e) => e.userId))].sort((a, b) => a - b);
  const ids = sql.join(
    userIds.map((id) => sql`(${id}::int)`),
    sql`, `,
  );
  await tx.execute(sql`insert into wallets (user_id) select v.id from (values ${ids}) as v(id) on conflict do nothing`);
  await tx.execute(
    sql`select user_id from wallets where user_id in (select v.id from (values ${ids}) as v(id)) order by user_id for update`,
  );
  const values = sql.join(
    entries.map(
      (e) =>
        sql`(${e.userId}::int, ${e.kind}::text, ${e.amount}::bigint, ${e.sourceType}::text, ${e.sourceId}::text, ${e.reason}::text, ${e.createdBy}::int)`,
    ),
    sql`, `,
  );
  const rows = await queryRows<{ n: number | string }>(
    tx,
    sql`with input (user_id, kind, amount, source_type, source_id, reason, created_by) as (values ${values}),
    entry as (
      insert into ledger_entries (user_id, kind, amount, source_type, source_id, reason, created_by)
      select user_id, kind, amount, source_type, source_id, reason, created_by from input
      on conflict (kind, source_type, source_id, user_id) do nothing
      returning user_id, kind, amount
    ), moved as (
      update wallets w set
        available = w.available + d.available,
        in_withdrawal = w.in_withdrawal + d.in_withdrawal,
        withdrawn = w.withdrawn + d.withdrawn,
        earned_quiz = w.earned_quiz + d.earned_quiz,
        earned_challenge = w.earned_challenge + d.earned_challenge,
        earned_adjustment = w.earned_adjustment + d.earned_adjustment,
        owed = w.owed + d.owed,
        updated_at = now()
      from (
        select user_id,
          sum(${deltaSql.available})::bigint as available,
          sum(${deltaSql.inWithdrawal})::bigint as in_withdrawal,
          sum(${deltaSql.withdrawn})::bigint as withdrawn,
          sum(${deltaSql.earnedQuiz})::bigint as earned_quiz,
          sum(${deltaSql.earnedChallenge})::bigint as earned_challenge,
          sum(${deltaSql.earnedAdjustment})::bigint as earned_adjustment,
          sum(${deltaSql.owed})::bigint as owed
        from entry group by user_id
      ) d
      where w.user_id = d.user_id
      returning w.user_id
    )
    select (select count(*) from entry) as n, (select count(*) from moved) as moved`,
  );
  await settleOwed(tx, userIds);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Locks these users' wallets FOR UPDATE in user-id order (the bulk posters' order), creating the
 * missing ones unless `create` is false, and returns what each holds available: a correction takes
 * what it can from it, a revert checks each rep still holds what it was paid (a missing wallet holds 0).
 */
export async function lockWalletsAvailable(
  tx: DbOrTx,
  userIds: readonly number[],
  { create = true }: { create?: boolean } = {},
): Promise<Map<number, number>> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  const held = new Map<number, number>();
  if (ids.length === 0) return held;
  const list = sql`${`{${ids.join(',')}}`}::int[]`;
  if (create)
    await tx.execute(
      sql`insert into wallets (user_id) select id from users where id = any(${list}) order by id on conflict do nothing`,
    );
  const rows = await queryRows<{ user_id: number; available: number | string }>(
    tx,
    sql`select user_id, available from wallets where user_id = any(${list}) order by user_id for update`,
  );
  for (const r of rows) held.set(Number(r.user_id), Number(r.available));
  return held;
}
