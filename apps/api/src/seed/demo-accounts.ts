import type { Role } from '@incentive/contracts';
import { and, count, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { verifyPassword } from '../lib/password.ts';

/*
 * What the demo seed creates and whether it already ran, without the generator: the server's
 * banner and the tests read these, and a start that does not seed never loads @faker-js/faker.
 */

export const DEMO_PASSWORD = 'Demo1234!';

/** The six accounts README lists; one per role. */
export const DEMO_ACCOUNTS: { email: string; role: Role; name: string; surname: string; assecoId?: string }[] = [
  { email: 'root@example.com', role: 'root', name: 'Root', surname: 'Systemu' },
  { email: 'admin@example.com', role: 'admin', name: 'Anna', surname: 'Administratorka' },
  { email: 'provider@example.com', role: 'provider_admin', name: 'Piotr', surname: 'Dostawca' },
  { email: 'wholesaler@example.com', role: 'wholesaler', name: 'Waldemar', surname: 'Hurtowy' },
  { email: 'rks@example.com', role: 'seller_reg', name: 'Renata', surname: 'Regionalna', assecoId: 'RKS-000001' },
  { email: 'seller@example.com', role: 'seller', name: 'Szymon', surname: 'Sprzedawca', assecoId: 'PH-000001' },
];

/** Any user at all means the database was seeded (or is in use): the demo seed runs on an empty one only. */
export async function isSeeded(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return (row?.n ?? 0) > 0;
}

/**
 * The demo accounts that really sign in with the published demo password, for the start-up banner:
 * a database without the demo (or whose demo passwords were changed) prints none.
 */
export async function workingDemoAccounts(db: Db): Promise<typeof DEMO_ACCOUNTS> {
  const rows = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(
      and(
        inArray(
          users.email,
          DEMO_ACCOUNTS.map((a) => a.email),
        ),
        isNull(users.deletedAt),
        isNotNull(users.passwordHash),
      ),
    );
  const working = new Set<string>();
  for (const r of rows) {
    if (r.passwordHash && (await verifyPassword(DEMO_PASSWORD, r.passwordHash))) working.add(r.email);
  }
  return DEMO_ACCOUNTS.filter((a) => working.has(a.email));
}
