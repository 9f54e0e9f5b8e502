import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { userWarehouses, warehouses } from '../../db/schema.ts';
import { chunked } from '../../lib/chunks.ts';
import { intArray, textArray } from '../../lib/sql-array.ts';
import { lockMemberWallets } from '../wallet/wallet.shared.repo.ts';
import type { WarehouseFields } from './warehouses.repo.ts';

/*
 * The set-based reads and writes of a bulk onboarding file (decision 061): a few statements for
 * thousands of rows, never one per row.
 */

export interface ActiveWarehouse {
  id: number;
  asseco_id: string;
  name: string;
  address: string;
  nip: string | null;
  email: string | null;
}

/**
 * The active warehouses with these asseco ids. With `lock`, share-locked until the transaction ends
 * (none is deleted or renamed under an import that links people to it).
 */
export async function byAssecoIds(
  db: DbOrTx,
  assecoIds: readonly string[],
  opts: { lock?: boolean } = {},
): Promise<ActiveWarehouse[]> {
  if (assecoIds.length === 0) return [];
  return queryRows<ActiveWarehouse>(
    db,
    sql`select id, asseco_id, name, address, nip, email from ${warehouses}
        where asseco_id = any(${textArray([...new Set(assecoIds)])}) and deleted_at is null
        order by id ${opts.lock ? sql`for share` : sql``}`,
  );
}

/** Inserts the warehouses; answers their ids by asseco id. */
export async function insertMany(db: DbOrTx, rows: readonly WarehouseFields[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const part of chunked(rows)) {
    const out = await db
      .insert(warehouses)
      .values([...part])
      .returning({ id: warehouses.id, assecoId: warehouses.assecoId });
    for (const r of out) ids.set(r.assecoId, r.id);
  }
  return ids;
}

/** Updates name, address, NIP and e-mail of each warehouse by id, a chunk per statement. */
export async function updateMany(db: DbOrTx, rows: readonly { id: number; f: WarehouseFields }[]): Promise<void> {
  for (const part of chunked(rows)) {
    const values = sql.join(
      part.map(
        (r) => sql`(${r.id}::int, ${r.f.name}::text, ${r.f.address}::text, ${r.f.nip}::text, ${r.f.email}::text)`,
      ),
      sql`, `,
    );
    await db.execute(
      sql`update ${warehouses} w set name = v.name, address = v.address, nip = v.nip, email = v.email, updated_at = now()
          from (values ${values}) as v(id, name, address, nip, email)
          where w.id = v.id`,
    );
  }
}

/** Adds memberships (existing ones stay), the members' wallets held first (decision 042). */
export async function linkMembers(
  db: DbOrTx,
  links: readonly { userId: number; warehouseId: number }[],
  opts: { createWallets: boolean },
): Promise<void> {
  if (links.length === 0) return;
  await lockMemberWallets(db, [...new Set(links.map((l) => l.userId))], { create: opts.createWallets });
  for (const part of chunked(links)) {
    await db
      .insert(userWarehouses)
      .values([...part])
      .onConflictDoNothing();
  }
}

/** Each user's warehouse ids (the import compares them with the file's). */
export async function membershipsOf(db: DbOrTx, userIds: readonly number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (userIds.length === 0) return out;
  const list = intArray([...new Set(userIds)]);
  const rows = await queryRows<{ user_id: number; warehouse_id: number }>(
    db,
    sql`select user_id, warehouse_id from ${userWarehouses} where user_id = any(${list}) order by user_id, warehouse_id`,
  );
  for (const r of rows) {
    const ids = out.get(r.user_id) ?? [];
    ids.push(r.warehouse_id);
    out.set(r.user_id, ids);
  }
  return out;
}
