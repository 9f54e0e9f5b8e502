import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { logins, passwordTokens, serverSecrets, sessions, users } from '../../db/schema.ts';

export async function insertSession(db: DbOrTx, userId: number, tokenHash: string, expiresAt: Date) {
  await db.insert(sessions).values({ userId, tokenHash, expiresAt });
}

export async function recordLogin(db: DbOrTx, userId: number, ip: string, userAgent: string | undefined) {
  const now = new Date();
  await db.insert(logins).values({ userId, ip, userAgent: userAgent?.slice(0, 500), createdAt: now });
  await db.update(users).set({ lastLoginAt: now }).where(eq(users.id, userId));
}

export async function revokeSession(db: DbOrTx, sessionId: number) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(db: DbOrTx, userId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/** Ends every session and unused link of a user (a deactivated account). */
export async function endAccess(db: DbOrTx, userId: number, now: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  await db
    .update(passwordTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)));
}

export async function insertPasswordToken(db: DbOrTx, userId: number, tokenHash: string, expiresAt: Date) {
  const [row] = await db
    .insert(passwordTokens)
    .values({ userId, tokenHash, expiresAt })
    .returning({ id: passwordTokens.id });
  return row?.id ?? 0;
}

/** Only the newest link works: once it has been sent, older unused ones are retired. */
export async function retireOtherTokens(db: DbOrTx, userId: number, keepId: number) {
  await db
    .update(passwordTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt), ne(passwordTokens.id, keepId)));
}

/**
 * A usable (unused, unexpired) token row. With `lock`, the row stays locked for the rest of the
 * transaction, so two submits of one link cannot both use it.
 */
export async function findUsableToken(db: DbOrTx, tokenHash: string, lock = false) {
  const query = db
    .select()
    .from(passwordTokens)
    .where(
      and(
        eq(passwordTokens.tokenHash, tokenHash),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function markTokenUsed(db: DbOrTx, id: number) {
  await db.update(passwordTokens).set({ usedAt: new Date() }).where(eq(passwordTokens.id, id));
}

export async function setPasswordHash(db: DbOrTx, userId: number, hash: string) {
  await db
    .update(users)
    // The link went to the account's e-mail (it is bound to it): the owner has proved the address.
    .set({
      passwordHash: hash,
      activatedAt: sql`coalesce(${users.activatedAt}, now())`,
      emailConfirmed: true,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
}

/** Has the (active) account with this e-mail signed in from this address before? */
export async function signedInFrom(db: DbOrTx, email: string, ip: string): Promise<boolean> {
  const rows = await db
    .select({ id: logins.id })
    .from(logins)
    .innerJoin(users, eq(users.id, logins.userId))
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt), eq(logins.ip, ip)))
    .limit(1);
  return rows.length > 0;
}

/** The shared secret `name` (base64url, 256 bits), made by whichever process asks first. */
export async function serverSecret(db: DbOrTx, name: string): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, secret: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db
    .select({ secret: serverSecrets.secret })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`server secret ${name} is missing`);
  return row.secret;
}

/** Forgets where a person signed in from (IP address, browser); the dates stay (decision 063). */
export async function forgetSignIns(db: DbOrTx, userId: number) {
  await db.update(logins).set({ ip: null, userAgent: null }).where(eq(logins.userId, userId));
}
