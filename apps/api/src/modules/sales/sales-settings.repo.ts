import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { salesImportSettings } from '../../db/schema.ts';

/** The plausibility limits of sales imports: one row (id 1), written by migration 0024. */
export interface SalesLimits {
  maxRowQuantity: number;
  /** Grosze. */
  maxRepAmount: number;
  updatedAt: Date | null;
}

export async function readLimits(db: DbOrTx): Promise<SalesLimits | undefined> {
  const [row] = await db
    .select({
      maxRowQuantity: salesImportSettings.maxRowQuantity,
      maxRepAmount: salesImportSettings.maxRepAmount,
      updatedAt: salesImportSettings.updatedAt,
    })
    .from(salesImportSettings)
    .where(eq(salesImportSettings.id, 1));
  return row;
}

export async function writeLimits(
  db: DbOrTx,
  limits: { maxRowQuantity: number; maxRepAmount: number },
  by: number,
): Promise<void> {
  await db
    .insert(salesImportSettings)
    .values({ id: 1, ...limits, updatedAt: sql`now()`, updatedBy: by })
    .onConflictDoUpdate({
      target: salesImportSettings.id,
      set: { ...limits, updatedAt: sql`now()`, updatedBy: by },
    });
}
