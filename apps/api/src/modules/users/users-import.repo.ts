import type { Role } from '@incentive/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { repProfiles, users } from '../../db/schema.ts';
import { chunked } from '../../lib/chunks.ts';
import { textArray } from '../../lib/sql-array.ts';
import type { UserFields } from './users.repo.ts';

/*
 * The set-based reads and writes of a bulk onboarding file of people (decision 061): a few
 * statements for thousands of rows. The onboarding module plans and checks; these only read and write.
 */

/** A person a row of the file may be: found by its e-mail (any account) or its asseco id (active ones). */
export interface ImportMatch {
  id: number;
  email: string;
  asseco_id: string | null;
  role: Role;
  name: string;
  surname: string | null;
  phone: string | null;
  deleted: boolean;
  pesel: string | null;
  tax_office_code: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
}

/**
 * The accounts whose e-mail (deactivated ones too: the unique index covers them) or whose asseco id
 * (active ones) a file names, compared without case. With `lock`, the rows are locked until the
 * transaction ends, so nothing changes them between the apply's check and its writes.
 */
export async function matchPeople(
  db: DbOrTx,
  keys: { emails: readonly string[]; assecoIds: readonly string[] },
  opts: { lock?: boolean } = {},
): Promise<ImportMatch[]> {
  const emails = [...new Set(keys.emails.map((e) => e.toLowerCase()))];
  const asseco = [...new Set(keys.assecoIds.map((a) => a.toLowerCase()))];
  if (emails.length === 0 && asseco.length === 0) return [];
  // One array parameter each: fast to build and planned with its values (lib/sql-array.ts).
  const byEmail = emails.length ? sql`lower(u.email) = any(${textArray(emails)})` : sql`false`;
  const byAsseco = asseco.length
    ? sql`(lower(u.asseco_id) = any(${textArray(asseco)}) and u.deleted_at is null)`
    : sql`false`;
  return queryRows<ImportMatch>(
    db,
    sql`select u.id, u.email, u.asseco_id, u.role, u.name, u.surname, u.phone, u.deleted_at is not null as deleted,
               p.pesel, p.tax_office_code, p.street, p.postcode, p.city
        from ${users} u left join ${repProfiles} p on p.user_id = u.id
        where ${byEmail} or ${byAsseco}
        order by u.id ${opts.lock ? sql`for update of u` : sql``}`,
  );
}

/** Inserts the accounts (no password yet); answers their ids by lower-case e-mail. */
export async function insertPeople(db: DbOrTx, rows: readonly UserFields[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const part of chunked(rows)) {
    const out = await db
      .insert(users)
      .values([...part])
      .returning({ id: users.id, email: users.email });
    for (const r of out) ids.set(r.email.toLowerCase(), r.id);
  }
  return ids;
}

export interface PersonUpdate {
  id: number;
  name: string;
  surname: string | null;
  phone: string | null;
  assecoId: string | null;
}

/** Sets name, surname, phone and asseco id of each account by id, a chunk per statement. */
export async function updatePeople(db: DbOrTx, rows: readonly PersonUpdate[]): Promise<void> {
  for (const part of chunked(rows)) {
    const values = sql.join(
      part.map((r) => sql`(${r.id}::int, ${r.name}::text, ${r.surname}::text, ${r.phone}::text, ${r.assecoId}::text)`),
      sql`, `,
    );
    await db.execute(
      sql`update ${users} u set name = v.name, surname = v.surname, phone = v.phone, asseco_id = v.asseco_id, updated_at = now()
          from (values ${values}) as v(id, name, surname, phone, asseco_id)
          where u.id = v.id`,
    );
  }
}

export interface ProfileUpsert {
  userId: number;
  pesel: string | null;
  taxOfficeCode: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
}

/** Writes the tax data a file gives: a field it leaves empty (null) keeps what the profile has. */
export async function upsertProfiles(db: DbOrTx, rows: readonly ProfileUpsert[]): Promise<void> {
  for (const part of chunked(rows)) {
    await db.execute(
      sql`insert into ${repProfiles} as p (user_id, pesel, tax_office_code, street, postcode, city)
          values ${sql.join(
            part.map(
              (r) =>
                sql`(${r.userId}::int, ${r.pesel}::text, ${r.taxOfficeCode}::text, ${r.street}::text, ${r.postcode}::text, ${r.city}::text)`,
            ),
            sql`, `,
          )}
          on conflict (user_id) do update set
            pesel = coalesce(excluded.pesel, p.pesel),
            tax_office_code = coalesce(excluded.tax_office_code, p.tax_office_code),
            street = coalesce(excluded.street, p.street),
            postcode = coalesce(excluded.postcode, p.postcode),
            city = coalesce(excluded.city, p.city),
            updated_at = now()`,
    );
  }
}
