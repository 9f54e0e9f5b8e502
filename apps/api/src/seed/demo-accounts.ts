import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
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

/** Where a start remembers which stored password hashes it found to be the demo password. */
export const VERIFIED_DEMO_HASHES_FILE = 'demo-hashes-verified.json';

const digest = (passwordHash: string) => createHash('sha256').update(passwordHash).digest('base64url');

async function readVerified(file: string | undefined): Promise<Set<string>> {
  if (!file) return new Set();
  try {
    const list: unknown = JSON.parse(await readFile(file, 'utf8'));
    return new Set(Array.isArray(list) ? list.filter((d) => typeof d === 'string') : []);
  } catch {
    return new Set();
  }
}

/**
 * The demo accounts that really sign in with the published demo password, for the start-up banner:
 * a database without the demo (or whose demo passwords were changed) prints none.
 *
 * Checking a password is a deliberately slow scrypt (about a second each on a busy machine, six
 * accounts). With `dataDir`, a stored hash once found to match is remembered there (by its digest)
 * and not checked again: a changed password has a new salt and hash, so it is checked afresh.
 */
export async function workingDemoAccounts(db: Db, dataDir?: string): Promise<typeof DEMO_ACCOUNTS> {
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
  const file = dataDir && path.join(dataDir, VERIFIED_DEMO_HASHES_FILE);
  const verified = await readVerified(file);
  const matching = await Promise.all(
    rows.map(async (r) => {
      const hash = r.passwordHash as string;
      const ok = verified.has(digest(hash)) || (await verifyPassword(DEMO_PASSWORD, hash));
      return ok ? { email: r.email, digest: digest(hash) } : null;
    }),
  );
  const working = matching.filter((m) => m !== null);
  if (file) {
    await writeFile(file, JSON.stringify(working.map((m) => m.digest))).catch(() => {
      // A read-only data directory only means the next start checks again.
    });
  }
  const emails = new Set(working.map((m) => m.email));
  return DEMO_ACCOUNTS.filter((a) => emails.has(a.email));
}
