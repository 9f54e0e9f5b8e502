import type { RepProfile } from '@incentive/contracts';
import { taxOfficeName } from '@incentive/contracts/tax-offices';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { repProfiles, users } from '../../db/schema.ts';

/** A rep's profile fields as stored (null: not given). */
export type ProfileFields = {
  phone: string | null;
  pesel: string | null;
  taxOfficeCode: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
};

/** Every tax field of a rep_profiles row is filled in (a row that does not exist has none). */
export const taxDataCompleteSql = (userId: typeof users.id) =>
  sql<boolean>`exists (select 1 from ${repProfiles} where ${repProfiles.userId} = ${userId} and ${repProfiles.pesel} is not null and ${repProfiles.taxOfficeCode} is not null and ${repProfiles.street} is not null and ${repProfiles.postcode} is not null and ${repProfiles.city} is not null)`;

/** The rep's profile in full, or undefined for a user who is not an active rep. */
export async function findProfile(db: DbOrTx, userId: number): Promise<RepProfile | undefined> {
  const [row] = await db
    .select({
      phone: users.phone,
      pesel: repProfiles.pesel,
      taxOfficeCode: repProfiles.taxOfficeCode,
      street: repProfiles.street,
      postcode: repProfiles.postcode,
      city: repProfiles.city,
      updatedAt: repProfiles.updatedAt,
      complete: taxDataCompleteSql(users.id),
    })
    .from(users)
    .leftJoin(repProfiles, eq(repProfiles.userId, users.id))
    .where(sql`${users.id} = ${userId} and ${users.role} = 'seller' and ${users.deletedAt} is null`);
  if (!row) return undefined;
  return {
    phone: row.phone,
    pesel: row.pesel,
    tax_office_code: row.taxOfficeCode,
    tax_office_name: row.taxOfficeCode === null ? null : (taxOfficeName(row.taxOfficeCode) ?? null),
    street: row.street,
    postcode: row.postcode,
    city: row.city,
    tax_data_complete: row.complete,
    updated_at: row.updatedAt?.toISOString() ?? null,
  };
}

/**
 * Writes the profile: the phone on `users` (where the back office's form keeps it too) and the rest
 * on `rep_profiles`. Updating `users` also changes its row version, so the rep's kept GET /api/me
 * answer (its `tax_data_missing`) is read afresh (me-cache.ts).
 */
export async function saveProfile(tx: DbOrTx, userId: number, f: ProfileFields): Promise<void> {
  await tx.update(users).set({ phone: f.phone, updatedAt: sql`now()` }).where(eq(users.id, userId));
  const values = {
    pesel: f.pesel,
    taxOfficeCode: f.taxOfficeCode,
    street: f.street,
    postcode: f.postcode,
    city: f.city,
    updatedAt: sql`now()`,
  };
  await tx
    .insert(repProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: repProfiles.userId, set: values });
}

/** Is this rep's tax data complete? (A withdrawal's rule, issue 30 point 2.) */
export async function hasTaxData(db: DbOrTx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ ok: taxDataCompleteSql(users.id) })
    .from(users)
    .where(eq(users.id, userId));
  return row?.ok === true;
}
