import type { AuditExportQuery, AuditKind, AuditListQuery, AuditObject } from '@incentive/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { currentScope } from '../../lib/request-scope.ts';
import type { Actor } from '../access/access.service.ts';
import * as repo from './audit.repo.ts';

/*
 * The audit trail (issue 31 point 1, decision 064). A module that changes something a person is
 * accountable for calls `recordChange` at the end of the change's transaction: one event per change,
 * saying who (the request's signed-in user and address, lib/request-scope.ts), what kind, and on
 * which object. The rows it changed are written beside it by the `audit_row` trigger of each audited
 * table (migration 0030), so no column is ever forgotten and secrets never reach the trail.
 */

export interface ChangeRecord {
  kind: AuditKind;
  object: AuditObject;
  id: number | null;
  /** The warehouses whose wholesalers and regional managers see the event. */
  warehouseIds?: readonly number[];
  /** Or: the warehouses of this user (read in the same statement, after the change). */
  ofUser?: number;
  /** What the changed rows do not say: an import's totals, an adjustment's amount and reason. */
  details?: Record<string, unknown>;
  /** Who acted, when it is not the request's signed-in user (a sign-in, a password set from a link). */
  actor?: { id: number; role?: string };
}

/**
 * Writes the event of the change just made in `tx` (call it after the change's writes, in their
 * transaction): the rows the triggers wrote since the last event of the transaction belong to it.
 */
export async function recordChange(tx: DbOrTx, change: ChangeRecord): Promise<void> {
  const scope = currentScope();
  const actorId = change.actor?.id ?? scope?.actorId() ?? null;
  const actorRole = change.actor ? (change.actor.role ?? null) : (scope?.actorRole() ?? null);
  await repo.insertEvent(tx, {
    actorId,
    actorRole,
    ip: scope?.ip() ?? null,
    requestId: scope?.requestId() ?? null,
    kind: change.kind,
    objectType: change.object,
    objectId: change.id,
    warehouseIds: change.warehouseIds,
    ofUser: change.ofUser,
    details: change.details,
  });
}

/** What a caller may read of the trail: everything, or the events of its warehouses (null = all). */
function scopeOf(actor: Actor): number[] | null {
  if (actor.role === 'root' || actor.role === 'admin') return null;
  return actor.warehouseIds ?? [];
}

/** Addresses are shown to root and admin only: a wholesaler sees what changed, not where from. */
const seesAddresses = (actor: Actor) => actor.role === 'root' || actor.role === 'admin';

export async function listEvents(db: DbOrTx, actor: Actor, q: AuditListQuery) {
  const page = await repo.pageOfEvents(db, scopeOf(actor), q);
  if (!seesAddresses(actor)) for (const e of page.data) e.ip = null;
  return page;
}

export async function eventDetails(db: DbOrTx, actor: Actor, id: number) {
  const event = await repo.eventWithChanges(db, scopeOf(actor), id);
  if (!event) throw new AppError(404, 'audit.notFound');
  if (!seesAddresses(actor)) event.ip = null;
  return event;
}

/** The CSV export's rows, chunk by chunk. */
export async function* exportChunks(db: DbOrTx, actor: Actor, q: AuditExportQuery) {
  for await (const rows of repo.exportChunks(db, scopeOf(actor), q)) {
    if (!seesAddresses(actor)) for (const r of rows) r.ip = null;
    yield rows;
  }
}
