import { type Lang, type Role, type SetPasswordBody, translate } from '@incentive/contracts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/password.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Mailer } from '../../plugins/mail.ts';
import { canManageUser, findActiveUserByEmail } from '../access/access.service.ts';
import * as repo from './auth.repo.ts';

/** Failed sign-ins: 5 per e-mail or 50 per address within 15 minutes, then 15 minutes of 429. */
export const THROTTLE = { perEmail: 5, perIp: 50, windowMinutes: 15 } as const;

export interface AuthSettings {
  sessionTtlHours: number;
  setPasswordTtlHours: number;
  scryptLogN: number;
  publicUrl: string;
}

export async function login(
  db: Db,
  s: AuthSettings,
  input: { email: string; password: string; ip: string; userAgent?: string },
): Promise<{ token: string; token_type: 'Bearer' }> {
  const emailKey = `email:${input.email.toLowerCase()}`;
  const ipKey = `ip:${input.ip}`;
  if ((await repo.blockedKeys(db, [emailKey, ipKey])).length > 0) throw new AppError(429, 'auth.throttled');

  const user = await findActiveUserByEmail(db, input.email);
  // Verify against a dummy hash when there is no user, so the answer takes as long either way.
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash(s.scryptLogN)));
  if (!user?.passwordHash || !ok) {
    await repo.countFailure(db, emailKey, THROTTLE.perEmail, THROTTLE.windowMinutes);
    await repo.countFailure(db, ipKey, THROTTLE.perIp, THROTTLE.windowMinutes);
    throw new AppError(401, 'login.errorLogin');
  }

  const { token, hash } = newToken();
  await db.transaction(async (tx) => {
    await repo.insertSession(tx, user.id, hash, new Date(Date.now() + s.sessionTtlHours * 3600_000));
    await repo.recordLogin(tx, user.id, input.ip, input.userAgent);
    await repo.clearFailures(tx, emailKey);
  });
  return { token, token_type: 'Bearer' };
}

export async function logout(db: Db, sessionId: number) {
  await repo.revokeSession(db, sessionId);
}

/** Sets the password from an e-mailed link: single use, expiring, bound to the e-mail; ends every session. */
export async function setPassword(db: Db, s: AuthSettings, body: SetPasswordBody) {
  const tokenHash = hashToken(body.token);
  const candidate = await repo.findUsableToken(db, tokenHash);
  const user = candidate ? await findActiveUserByEmail(db, body.email) : undefined;
  if (!candidate || !user || user.id !== candidate.userId) throw new AppError(422, 'register.tokenInvalid');

  const hash = await hashPassword(body.password, s.scryptLogN);
  await db.transaction(async (tx) => {
    const token = await repo.findUsableToken(tx, tokenHash, true);
    if (!token) throw new AppError(422, 'register.tokenInvalid');
    await repo.markTokenUsed(tx, token.id);
    await repo.setPasswordHash(tx, user.id, hash);
    await repo.revokeAllSessions(tx, user.id);
  });
}

/** Creates a fresh set-password link for a user and e-mails it. Used on account creation and on resend. */
export async function sendSetPasswordLink(
  db: Db,
  mailer: Mailer,
  s: AuthSettings,
  user: { id: number; email: string; name: string },
  lang: Lang,
): Promise<string> {
  const { token, hash } = newToken();
  const tokenId = await repo.insertPasswordToken(
    db,
    user.id,
    hash,
    new Date(Date.now() + s.setPasswordTtlHours * 3600_000),
  );
  const link = `${s.publicUrl}/register?${new URLSearchParams({ token, email: user.email })}`;
  await mailer.send({
    to: user.email,
    subject: translate(lang, 'mail.setPassword.subject'),
    text: translate(lang, 'mail.setPassword.body', { name: user.name, link, hours: s.setPasswordTtlHours }),
  });
  // Retire the older links only after the new one went out: a failed send leaves the user's old link working.
  await repo.retireOtherTokens(db, user.id, tokenId);
  return link;
}

/** POST /api/resend-set-password: only for users in the caller's scope; others look like unknown e-mails. */
export async function resendSetPassword(
  db: Db,
  mailer: Mailer,
  s: AuthSettings,
  actor: { id: number; role: Role },
  email: string,
  lang: Lang,
) {
  const target = await findActiveUserByEmail(db, email);
  if (!target || !(await canManageUser(db, actor, { id: target.id, role: target.role as Role }))) {
    throw new AppError(404, 'auth.userNotFound');
  }
  return sendSetPasswordLink(db, mailer, s, target, lang);
}
