import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { programmeRules, programmeSettings } from '../../db/schema.ts';

/** The settings row (migration 0021 creates it; it is never deleted). */
export async function findSettings(db: DbOrTx) {
  const [row] = await db
    .select({
      organiser: programmeSettings.organiser,
      address: programmeSettings.address,
      phone: programmeSettings.phone,
      email: programmeSettings.email,
      withdrawalNeedsTaxData: programmeSettings.withdrawalNeedsTaxData,
      updatedAt: programmeSettings.updatedAt,
    })
    .from(programmeSettings)
    .where(eq(programmeSettings.id, 1));
  return row;
}

/** The rules in force: the newest version, or undefined before any was saved. */
export async function currentRules(db: DbOrTx) {
  const [row] = await db
    .select({ id: programmeRules.id, content: programmeRules.content, createdAt: programmeRules.createdAt })
    .from(programmeRules)
    .orderBy(desc(programmeRules.id))
    .limit(1);
  return row;
}

/** Locks the settings row: saves take turns, so two admins' saves never add the same rules twice. */
export async function lockSettings(db: DbOrTx) {
  await db
    .select({ id: programmeSettings.id })
    .from(programmeSettings)
    .where(eq(programmeSettings.id, 1))
    .for('update');
}

export async function updateSettings(
  db: DbOrTx,
  s: {
    organiser: string;
    address: string;
    phone: string;
    email: string;
    withdrawalNeedsTaxData?: boolean;
    updatedBy: number | null;
  },
) {
  // An upsert: a database whose row a test or an operator removed still gets one.
  await db
    .insert(programmeSettings)
    .values({ id: 1, ...s, updatedAt: new Date() })
    .onConflictDoUpdate({ target: programmeSettings.id, set: { ...s, updatedAt: new Date() } });
}

export async function insertRules(db: DbOrTx, content: string, createdBy: number | null) {
  await db.insert(programmeRules).values({ content, createdBy });
}

/** Does a withdrawal need the rep's tax data? (False on a database without the settings row.) */
export async function withdrawalNeedsTaxData(db: DbOrTx): Promise<boolean> {
  const [row] = await db
    .select({ v: programmeSettings.withdrawalNeedsTaxData })
    .from(programmeSettings)
    .where(eq(programmeSettings.id, 1));
  return row?.v ?? false;
}
