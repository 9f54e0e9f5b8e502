import { SALES_PLAUSIBILITY, type SalesImportSettings, type SalesImportSettingsBody } from '@incentive/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { formatGrosze } from '../../lib/money.ts';
import { recordChange } from '../audit/audit.service.ts';
import * as repo from './sales-settings.repo.ts';

/*
 * The plausibility limits of sales imports (issue 28 point 4, decision 050): a row above
 * max_row_quantity units, or every row of a rep whose rewards in one import pass max_rep_amount, is
 * held for an admin's decision. An import keeps the limits in force when its check began.
 */

export async function currentLimits(db: DbOrTx): Promise<{ maxRowQuantity: number; maxRepAmount: number }> {
  const row = await repo.readLimits(db);
  return {
    maxRowQuantity: row?.maxRowQuantity ?? SALES_PLAUSIBILITY.defaultMaxRowQuantity,
    maxRepAmount: row?.maxRepAmount ?? SALES_PLAUSIBILITY.defaultMaxRepAmount,
  };
}

export async function getSettings(db: DbOrTx): Promise<SalesImportSettings> {
  const row = await repo.readLimits(db);
  return {
    max_row_quantity: row?.maxRowQuantity ?? SALES_PLAUSIBILITY.defaultMaxRowQuantity,
    max_rep_amount: formatGrosze(row?.maxRepAmount ?? SALES_PLAUSIBILITY.defaultMaxRepAmount),
    updated_at: row?.updatedAt ? new Date(row.updatedAt).toISOString() : null,
  };
}

/** The body is parsed by its contract (bounds and messages); the table's CHECK holds the same bounds. */
export async function putSettings(db: Db, body: SalesImportSettingsBody, by: number): Promise<SalesImportSettings> {
  const before = await getSettings(db);
  await db.transaction(async (tx) => {
    await repo.writeLimits(tx, { maxRowQuantity: body.max_row_quantity, maxRepAmount: body.max_rep_amount }, by);
    // sales_import_settings has no audit trigger: its two numbers are the event's details.
    await recordChange(tx, {
      kind: 'salesImport.settings',
      object: 'settings',
      id: null,
      details: {
        before: { max_row_quantity: before.max_row_quantity, max_rep_amount: before.max_rep_amount },
        after: { max_row_quantity: body.max_row_quantity, max_rep_amount: formatGrosze(body.max_rep_amount) },
      },
    });
  });
  return getSettings(db);
}
