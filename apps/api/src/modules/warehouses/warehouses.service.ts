import type {
  Paged,
  Warehouse,
  WarehouseListQuery,
  WarehouseUpsertBody,
  warehouseExportQuerySchema,
  warehouseUpsertBodySchema,
} from '@incentive/contracts';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { uniqueViolation } from '../../lib/db-errors.ts';
import { JsonText } from '../../lib/json-text.ts';
import { formatGrosze } from '../../lib/money.ts';
import { offsetOf, paged, pagedJson, searchTerm } from '../../lib/paging.ts';
import { type Actor, readScopeOf, warehouseScopeOf } from '../access/access.service.ts';
import { recordChange } from '../audit/audit.service.ts';
import * as repo from './warehouses.repo.ts';

/** The user's memberships made exactly `ids` (users' create and edit), its wallet held first. */
export const replaceUserWarehouses = repo.replaceUserWarehouses;

export type WarehouseBody = z.output<typeof warehouseUpsertBodySchema>;
export type WarehouseExportQuery = z.output<typeof warehouseExportQuerySchema>;
export type { WarehouseUpsertBody };

/** Rows per query when exporting every row of a list. */
const EXPORT_CHUNK = 500;

const assecoTaken = () => new AppError(409, 'warehouses.assecoIdTaken');
const warehouseNotFound = () => notFound('warehouses.notFound');

function toWarehouse(w: repo.WarehouseRow, s: repo.WarehouseStats): Warehouse {
  return {
    id: w.id,
    asseco_id: w.assecoId,
    name: w.name,
    address: w.address,
    nip: w.nip,
    email: w.email,
    admins_count: s.adminsCount,
    users_count: s.usersCount,
    actives_count: s.activesCount,
    amount: formatGrosze(s.amount),
    admins_ids: s.adminsIds,
  };
}

async function withStats(db: DbOrTx, rows: repo.WarehouseRow[]): Promise<Warehouse[]> {
  const stats = await repo.statsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toWarehouse(r, stats.get(r.id) ?? repo.ZERO_STATS));
}

/**
 * GET /api/warehouses: the warehouses the actor may see, paged, sorted and searched in SQL; as
 * JSON text written by PostgreSQL, except for a sort by a figure (mapped here, then serialised).
 */
export async function listWarehouses(db: Db, actor: Actor, q: WarehouseListQuery): Promise<JsonText<Paged<Warehouse>>> {
  const filter: repo.WarehouseFilter = { scope: await readScopeOf(db, actor), search: searchTerm(q.search) };
  const page = await repo.pageWithStats(db, filter, q, q.per_page, offsetOf(q.page, q.per_page));
  if (page) return pagedJson<Warehouse>(page.data, page.total, q.page, q.per_page);
  const [total, rows] = await Promise.all([
    repo.countWarehouses(db, filter),
    repo.listPage(db, filter, q, q.per_page, offsetOf(q.page, q.per_page)),
  ]);
  return new JsonText(JSON.stringify(paged(await withStats(db, rows), total, q.page, q.per_page)));
}

/** Every row of the list in its order, a chunk at a time (for the CSV export). */
export async function* exportWarehouses(db: Db, actor: Actor, q: WarehouseExportQuery): AsyncGenerator<Warehouse[]> {
  const filter: repo.WarehouseFilter = { scope: await readScopeOf(db, actor), search: searchTerm(q.search) };
  for (let offset = 0; ; offset += EXPORT_CHUNK) {
    const rows = await repo.listPage(db, filter, q, EXPORT_CHUNK, offset);
    if (rows.length) yield await withStats(db, rows);
    if (rows.length < EXPORT_CHUNK) return;
  }
}

/**
 * The warehouse if the actor may see it; 404 otherwise (deleted, unknown or outside its scope
 * alike). Reads pass the scope that came with the session (readScopeOf); writes leave it out and
 * the scope is read afresh in their transaction.
 */
export async function assertReadable(
  db: DbOrTx,
  actor: Actor,
  id: number,
  knownScope?: number[] | null,
): Promise<repo.WarehouseRow> {
  const scope = knownScope !== undefined ? knownScope : await warehouseScopeOf(db, actor);
  const row = scope && !scope.includes(id) ? undefined : await repo.findActive(db, id);
  if (!row) throw warehouseNotFound();
  return row;
}

export async function getWarehouse(db: Db, actor: Actor, id: number): Promise<Warehouse> {
  const row = await assertReadable(db, actor, id, await readScopeOf(db, actor));
  const [w] = await withStats(db, [row]);
  if (!w) throw warehouseNotFound();
  return w;
}

/**
 * Of the warehouse ids a user is being assigned to, checks every one exists and is in the actor's
 * scope, and share-locks them until the transaction ends (so none is deleted meanwhile).
 * Returns false when any is unknown, deleted or outside the scope.
 */
export async function lockAssignable(tx: DbOrTx, actor: Actor, ids: number[]): Promise<boolean> {
  const unique = [...new Set(ids)];
  const found = await repo.lockAssignable(tx, unique, await warehouseScopeOf(tx, actor));
  return found.length === unique.length;
}

async function checkAdmins(tx: DbOrTx, actor: Actor, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const ok = await repo.eligibleAdmins(tx, unique, await warehouseScopeOf(tx, actor));
  if (ok.length !== unique.length) {
    throw new AppError(422, 'warehouses.adminInvalid', {}, { admins_ids: ['warehouses.adminInvalid'] });
  }
  return unique.sort((a, b) => a - b);
}

function fieldsOf(b: WarehouseBody): repo.WarehouseFields {
  return { assecoId: b.assecoId, name: b.name, address: b.address, nip: b.nip ?? null, email: b.email ?? null };
}

/** Turns a race on the asseco id's unique index into the same 409 as the check before it. */
async function mapUnique<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (uniqueViolation(err) === 'warehouses_asseco_id_key') throw assecoTaken();
    throw err;
  }
}

/** POST /api/warehouses (root and admin): the warehouse and its admins, in one transaction. */
export async function createWarehouse(db: Db, actor: Actor, body: WarehouseBody): Promise<number> {
  return mapUnique(() =>
    db.transaction(async (tx) => {
      if (await repo.assecoIdTaken(tx, body.assecoId)) throw assecoTaken();
      const admins = await checkAdmins(tx, actor, body.admins_ids);
      const id = await repo.insertWarehouse(tx, fieldsOf(body));
      await repo.setAdmins(tx, id, admins);
      await recordChange(tx, { kind: 'warehouse.create', object: 'warehouse', id, warehouseIds: [id] });
      return id;
    }),
  );
}

/** PUT /api/warehouses/{id} (root and admin; a regional manager for its own warehouses). */
export async function updateWarehouse(db: Db, actor: Actor, id: number, body: WarehouseBody): Promise<void> {
  await mapUnique(() =>
    db.transaction(async (tx) => {
      await assertReadable(tx, actor, id);
      if (!(await repo.lockActive(tx, id))) throw warehouseNotFound();
      if (await repo.assecoIdTaken(tx, body.assecoId, id)) throw assecoTaken();
      const admins = await checkAdmins(tx, actor, body.admins_ids);
      await repo.updateWarehouse(tx, id, fieldsOf(body));
      await repo.setAdmins(tx, id, admins);
      await recordChange(tx, { kind: 'warehouse.update', object: 'warehouse', id, warehouseIds: [id] });
    }),
  );
}

/**
 * DELETE /api/warehouses/{id} (root and admin): refused while reps are assigned (409 hasReps) or
 * while any rep ever assigned still holds money (409 hasMoney). Deleting hides the warehouse; its
 * history stays.
 */
export async function deleteWarehouse(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await assertReadable(tx, actor, id);
    if (!(await repo.lockActive(tx, id))) throw warehouseNotFound();
    if ((await repo.activeRepCount(tx, id)) > 0) throw new AppError(409, 'warehouses.hasReps');
    if ((await repo.moneyHeld(tx, id)) > 0n) throw new AppError(409, 'warehouses.hasMoney');
    await repo.markDeleted(tx, id);
    await recordChange(tx, { kind: 'warehouse.delete', object: 'warehouse', id, warehouseIds: [id] });
  });
}

export type { WarehouseFields } from './warehouses.repo.ts';
/*
 * Bulk onboarding (decision 061): the onboarding module plans a file against these reads and
 * applies it through these writes, inside its own transaction. Scope and roles are its checks.
 */
export {
  type ActiveWarehouse,
  byAssecoIds as warehousesByAssecoIds,
  insertMany as insertWarehouses,
  linkMembers,
  membershipsOf,
  updateMany as updateWarehouses,
} from './warehouses-import.repo.ts';
