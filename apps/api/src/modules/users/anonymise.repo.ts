import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { repProfiles, users } from '../../db/schema.ts';

/**
 * Replaces a deactivated person's name, e-mail, phone and password, and removes its tax data
 * (decision 063); its asseco id, money and history stay. Answers false when the person is not
 * deactivated, or was anonymised already (nothing changes then).
 */
export async function anonymiseAccount(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update ${users}
        set name = 'Osoba zanonimizowana', surname = null, phone = null, password_hash = null,
            email = ${`anonimizowany-${id}@anonymised.invalid`}, email_confirmed = false,
            anonymised_at = now(), updated_at = now()
        where id = ${id} and deleted_at is not null and anonymised_at is null
        returning id`,
  );
  if (rows.length === 0) return false;
  await db.execute(sql`delete from ${repProfiles} where user_id = ${id}`);
  return true;
}
