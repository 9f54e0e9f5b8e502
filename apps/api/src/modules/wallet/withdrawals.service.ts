import type { Readable } from 'node:stream';
import {
  can,
  type PayoutBatch,
  type Role,
  type Withdrawal,
  type WithdrawalList,
  type WithdrawalListQuery,
} from '@incentive/contracts';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type CsvRecord, CsvSyntaxError, csvStream, MACHINE_CSV, parseCsv } from '../../lib/csv.ts';
import { formatGrosze } from '../../lib/money.ts';
import { paged } from '../../lib/paging.ts';
import { findActiveUserById } from '../access/access.service.ts';
import { recordChange } from '../audit/audit.service.ts';
import { lockWallet } from './ledger.repo.ts';
import { post } from './ledger.service.ts';
import * as repo from './withdrawals.repo.ts';

type Actor = { id: number };

/**
 * A rule a withdrawal must pass that belongs to a module above the wallet (the programme's rule that
 * a rep's tax data comes first, issue 30): it throws an AppError to refuse. app.ts adds them at
 * start-up (startup/withdrawal-rules.ts), so the wallet never imports the modules that state them.
 */
export type WithdrawalCheck = (tx: DbOrTx, userId: number) => Promise<void>;
const withdrawalChecks = new Set<WithdrawalCheck>();

export function addWithdrawalCheck(check: WithdrawalCheck): void {
  withdrawalChecks.add(check);
}

/**
 * What happened to payouts, for the modules above the wallet that tell people (notices, decision
 * 065), called in the settling transaction. Joined at start-up (startup/notices.ts), so the wallet
 * imports none of them.
 */
export type PayoutEvent =
  | {
      type: 'settled';
      withdrawal: { id: number; userId: number; amount: number; cardNumber: string };
      outcome: 'paid' | 'failed';
      reason: string | null;
    }
  | { type: 'batchResult'; batchId: number; paid: number; failed: number; unchanged: number };
export type PayoutListener = (tx: DbOrTx, event: PayoutEvent) => Promise<void>;
const payoutListeners = new Set<PayoutListener>();

export function addPayoutListener(listener: PayoutListener): void {
  payoutListeners.add(listener);
}

async function told(tx: DbOrTx, event: PayoutEvent): Promise<void> {
  for (const listener of payoutListeners) await listener(tx, event);
}

/**
 * A seller withdraws the whole wallet. `amount` must equal the balance the screen showed, so a
 * stale screen cannot withdraw a different sum; the wallet row lock makes double clicks, two tabs
 * and retries produce exactly one withdrawal (the others find nothing left: 409).
 */
export async function requestWithdrawal(db: Db, userId: number, amount: number): Promise<Withdrawal> {
  return db.transaction(async (tx) => {
    const user = await findActiveUserById(tx, userId);
    // The role is read afresh: a session may outlive a change of role.
    if (!user || !can(user.role as Role, 'wallet.withdraw')) throw new AppError(403, 'wallet.notARep');
    const wallet = await lockWallet(tx, userId);
    if (wallet.available <= 0) throw new AppError(409, 'wallet.nothingToWithdraw');
    if (amount !== wallet.available) throw new AppError(409, 'wallet.amountStale');
    if (!user.cardNumber) throw new AppError(409, 'wallet.noCard');
    for (const check of withdrawalChecks) await check(tx, userId);
    const w = await repo.insertWithdrawal(tx, userId, amount, user.cardNumber);
    await post(
      tx,
      {
        userId,
        kind: 'withdrawal_requested',
        amount,
        sourceType: 'withdrawal',
        sourceId: String(w.id),
        createdBy: userId,
      },
      wallet,
    );
    await recordChange(tx, {
      kind: 'withdrawal.request',
      object: 'withdrawal',
      id: w.id,
      ofUser: userId,
      details: { amount: formatGrosze(amount) },
    });
    return toWithdrawal(w, user);
  });
}

export function toWithdrawal(
  w: repo.WithdrawalRow,
  user: { id: number; email: string; name: string; surname: string | null },
): Withdrawal {
  return {
    id: w.id,
    for_user: { id: user.id, email: user.email, name: user.name, surname: user.surname },
    created_at: w.createdAt.toISOString(),
    amount: formatGrosze(w.amount),
    status: w.status as Withdrawal['status'],
    card_number: w.cardNumber,
    batch_id: w.batchId,
    exported_at: w.exportedAt?.toISOString() ?? null,
    settled_at: w.settledAt?.toISOString() ?? null,
    failure_reason: w.failureReason,
  };
}

export async function listWithdrawals(
  db: Db,
  q: WithdrawalListQuery,
  opts: { onlyUserId?: number; maskCards: boolean },
): Promise<WithdrawalList> {
  const { rows, total, sum } = await repo.listWithdrawals(db, q, opts.onlyUserId);
  const data = rows.map((r) => {
    const w = toWithdrawal(r.w, r.user);
    return opts.maskCards ? { ...w, card_number: `•••• ${w.card_number.slice(-4)}` } : w;
  });
  return { ...paged(data, total, q.page, q.per_page), total_amount: formatGrosze(sum) };
}

/**
 * Puts requested withdrawals into a batch for the card issuer and marks them exported. Asking
 * again for exactly the withdrawals of one existing batch returns that batch (a retried export).
 */
export async function exportBatch(db: Db, actor: Actor, ids: number[]): Promise<PayoutBatch> {
  const unique = [...new Set(ids)];
  return db.transaction(async (tx) => {
    const rows = await repo.lockWithdrawals(tx, unique);
    if (rows.length !== unique.length) throw new AppError(404, 'withdrawals.notFound');
    const batchIds = new Set(rows.map((r) => r.batchId));
    const [onlyBatch] = [...batchIds];
    if (batchIds.size === 1 && onlyBatch != null) {
      const batch = await repo.findBatch(tx, onlyBatch);
      if (batch && batch.withdrawalsCount === rows.length) return toBatch(batch);
    }
    if (rows.some((r) => r.status !== 'requested')) throw new AppError(409, 'withdrawals.notRequested');
    const total = rows.reduce((s, r) => s + r.amount, 0);
    const batch = await repo.insertBatch(tx, actor.id, rows.length, total);
    await repo.markExported(
      tx,
      rows.map((r) => r.id),
      batch.id,
      actor.id,
    );
    await recordChange(tx, {
      kind: 'payoutBatch.create',
      object: 'payoutBatch',
      id: batch.id,
      details: { withdrawals: rows.length, total: formatGrosze(total) },
    });
    return toBatch(batch);
  });
}

function toBatch(b: { id: number; withdrawalsCount: number; total: number; createdAt: Date }): PayoutBatch {
  return {
    id: b.id,
    withdrawals_count: b.withdrawalsCount,
    total: formatGrosze(b.total),
    created_at: b.createdAt.toISOString(),
  };
}

/**
 * The issuer's file: one line per withdrawal, `;`-separated, amounts in PLN with a dot, no BOM (a
 * program reads it). Names and e-mails come from users and wholesalers: the formula guard applies.
 * A batch holds at most 5000 withdrawals (the export's limit), read in one query.
 */
export async function batchFile(db: Db, batchId: number): Promise<Readable> {
  const batch = await repo.findBatch(db, batchId);
  if (!batch) throw new AppError(404, 'withdrawals.batchNotFound');
  const rows = await repo.batchFileRows(db, batchId);
  return csvStream(
    ['withdrawal_id', 'rep', 'email', 'asseco_id', 'card_number', 'amount'],
    [rows],
    (r) => [
      r.id,
      [r.name, r.surname].filter(Boolean).join(' '),
      r.email,
      r.assecoId,
      r.cardNumber,
      formatGrosze(r.amount),
    ],
    MACHINE_CSV,
  );
}

/**
 * Settles one withdrawal: paid (the money has left) or failed (it returns to the wallet).
 * Repeating the same outcome is a no-op; the opposite outcome after settlement is a 409.
 */
export async function settle(
  db: Db,
  actor: Actor,
  id: number,
  outcome: 'paid' | 'failed',
  reason: string | null,
): Promise<{ changed: boolean }> {
  return db.transaction(async (tx) => {
    const [w] = await repo.lockWithdrawals(tx, [id]);
    if (!w) throw new AppError(404, 'withdrawals.notFound');
    const result = await settleLocked(tx, actor, w, outcome, reason);
    // The same outcome again changes nothing and records nothing.
    if (result.changed) {
      await recordChange(tx, {
        kind: outcome === 'paid' ? 'withdrawal.paid' : 'withdrawal.failed',
        object: 'withdrawal',
        id: w.id,
        ofUser: w.userId,
        details: { amount: formatGrosze(w.amount), ...(outcome === 'failed' ? { reason } : {}) },
      });
    }
    return result;
  });
}

async function settleLocked(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  actor: Actor,
  w: repo.WithdrawalRow,
  outcome: 'paid' | 'failed',
  reason: string | null,
): Promise<{ changed: boolean }> {
  if (w.status === outcome) return { changed: false };
  if (w.status === 'paid') throw new AppError(409, 'withdrawals.alreadyPaid');
  if (w.status === 'failed') throw new AppError(409, 'withdrawals.alreadyFailed');
  if (outcome === 'paid' && w.status !== 'exported') throw new AppError(409, 'withdrawals.notExported');
  await repo.markSettled(tx, w.id, outcome, actor.id, outcome === 'failed' ? reason : null);
  await post(tx, {
    userId: w.userId,
    kind: outcome === 'paid' ? 'withdrawal_paid' : 'withdrawal_failed',
    amount: w.amount,
    sourceType: 'withdrawal',
    sourceId: String(w.id),
    reason: outcome === 'failed' ? reason : null,
    createdBy: actor.id,
  });
  await told(tx, {
    type: 'settled',
    withdrawal: { id: w.id, userId: w.userId, amount: w.amount, cardNumber: w.cardNumber },
    outcome,
    reason: outcome === 'failed' ? reason : null,
  });
  return { changed: true };
}

/** Marks every exported withdrawal of a batch paid (already settled ones are left as they are). */
export async function settleBatchPaid(db: Db, actor: Actor, batchId: number): Promise<{ paid: number }> {
  return db.transaction(async (tx) => {
    if (!(await repo.findBatch(tx, batchId))) throw new AppError(404, 'withdrawals.batchNotFound');
    const rows = await repo.lockBatchWithdrawals(tx, batchId);
    let paid = 0;
    for (const w of rows) {
      if (w.status !== 'exported') continue;
      await settleLocked(tx, actor, w, 'paid', null);
      paid++;
    }
    if (paid > 0)
      await recordChange(tx, { kind: 'payoutBatch.paid', object: 'payoutBatch', id: batchId, details: { paid } });
    return { paid };
  });
}

const resultLine = z.object({
  withdrawal_id: z.coerce.number().int().min(1),
  status: z.enum(['paid', 'failed']),
  reason: z.string().max(500),
});

type ResultLine = { line: number; id: number; status: 'paid' | 'failed'; reason: string };

/** The lines of the issuer's result file, or a 422 naming every bad line. */
function parseResultFile(csv: string): ResultLine[] {
  let records: CsvRecord[];
  try {
    records = parseCsv(csv, { maxColumns: 3 });
  } catch (err) {
    if (!(err instanceof CsvSyntaxError)) throw err;
    throw new AppError(
      422,
      'withdrawals.resultFileInvalid',
      {},
      { [`line_${err.line}`]: ['withdrawals.resultFileInvalid'] },
    );
  }
  const errors: Record<string, ['withdrawals.resultFileInvalid']> = {};
  const parsed: ResultLine[] = [];
  records.forEach(({ line, cells }, i) => {
    const [id = '', status = '', reason = ''] = cells;
    if (i === 0 && /withdrawal_id/i.test(id)) return;
    const r = resultLine.safeParse({ withdrawal_id: id, status: status.toLowerCase(), reason });
    if (!r.success || (r.data.status === 'failed' && r.data.reason.length < 3))
      errors[`line_${line}`] = ['withdrawals.resultFileInvalid'];
    else parsed.push({ line, id: r.data.withdrawal_id, status: r.data.status, reason: r.data.reason });
  });
  if (parsed.length === 0 || Object.keys(errors).length > 0) {
    throw new AppError(422, 'withdrawals.resultFileInvalid', {}, Object.keys(errors).length ? errors : undefined);
  }
  return parsed;
}

/**
 * Imports the issuer's result file for a batch (`withdrawal_id;status;reason`, a header line,
 * status paid or failed; commas work as separators too, quoted fields may hold either). All lines
 * or none: any bad line rejects the file with its line number.
 */
export async function importBatchResult(
  db: Db,
  actor: Actor,
  batchId: number,
  csv: string,
): Promise<{ paid: number; failed: number; unchanged: number }> {
  const parsed = parseResultFile(csv);
  return db.transaction(async (tx) => {
    if (!(await repo.findBatch(tx, batchId))) throw new AppError(404, 'withdrawals.batchNotFound');
    const rows = new Map((await repo.lockBatchWithdrawals(tx, batchId)).map((w) => [w.id, w]));
    const counts = { paid: 0, failed: 0, unchanged: 0 };
    for (const p of parsed) {
      const w = rows.get(p.id);
      if (!w)
        throw new AppError(422, 'withdrawals.resultFileInvalid', {}, { [`line_${p.line}`]: ['withdrawals.notFound'] });
      const { changed } = await settleLocked(tx, actor, w, p.status, p.status === 'failed' ? p.reason : null);
      if (changed) counts[p.status]++;
      else counts.unchanged++;
      w.status = p.status;
    }
    if (counts.paid + counts.failed > 0) {
      await recordChange(tx, { kind: 'payoutBatch.result', object: 'payoutBatch', id: batchId, details: counts });
      await told(tx, { type: 'batchResult', batchId, ...counts });
    }
    return counts;
  });
}
