import { SALES_PLAUSIBILITY, type SalesImportSettings, type SalesImportSettingsBody } from '@incentive/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { formatGrosze } from '../../lib/money.ts';
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
export async function putSettings(db: DbOrTx, body: SalesImportSettingsBody, by: number): Promise<SalesImportSettings> {
  await repo.writeLimits(db, { maxRowQuantity: body.max_row_quantity, maxRepAmount: body.max_rep_amount }, by);
  return getSettings(db);
}
