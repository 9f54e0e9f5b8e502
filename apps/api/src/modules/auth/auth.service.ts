import { can, type Lang, type Role, type SetPasswordBody, translate } from '@incentive/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { dummyHash, hashPassword, verifyPassword } from '../../lib/password.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Mailer } from '../../plugins/mail.ts';
import { canManageUser, findActiveUserByEmail } from '../access/access.service.ts';
import { recordChange } from '../audit/audit.service.ts';
import * as repo from './auth.repo.ts';
import { deviceCookieAfterSignIn, hasDeviceCookie, isKnownDevice } from './known-device.ts';
import { claimAttempt, forgive, SIGN_IN_THROTTLE } from './throttle.ts';

/** A deactivated account signs in no more: its sessions and unused links end (in the caller's transaction). */
export const endAccess = repo.endAccess;
/** Personal data on request (decision 063): a sign-in's IP address and browser forgotten, its date kept. */
export const forgetSignIns = repo.forgetSignIns;
/** A random secret shared by every API process, made on first use (notices sign their unsubscribe links with one). */
export const serverSecret = repo.serverSecret;

export interface AuthSettings {
  sessionTtlHours: number;
  setPasswordTtlHours: number;
  scryptLogN: number;
  publicUrl: string;
}

/**
 * POST /api/login. `cookies` is the request's Cookie header: a browser that signed in to this
 * account before passes a blocked address (decision 048). Answers the session token and the
 * device cookie to set.
 */
export async function login(
  db: Db,
  s: AuthSettings,
  input: { email: string; password: string; ip: string; userAgent?: string; cookies?: string; secure: boolean },
): Promise<{ token: string; token_type: 'Bearer'; deviceCookie: string }> {
  const email = input.email.toLowerCase();
  // Counted as a failure before the check (throttle.ts); a success takes it back.
  const claim = await claimAttempt(db, SIGN_IN_THROTTLE, email, input.ip, {
    account: () => repo.signedInFrom(db, email, input.ip),
    address: hasDeviceCookie(input.cookies)
      ? async () => {
          const owner = await findActiveUserByEmail(db, email);
          return owner ? isKnownDevice(db, input.cookies, owner.id) : false;
        }
      : undefined,
  });
  const user = await findActiveUserByEmail(db, email);
  // Verify against a dummy hash when there is no user, so the answer takes as long either way.
  const ok = await verifyPassword(input.password, user?.passwordHash ?? (await dummyHash(s.scryptLogN)));
  if (!user?.passwordHash || !ok) throw new AppError(401, 'login.errorLogin');

  const { token, hash } = newToken();
  await db.transaction(async (tx) => {
    await repo.insertSession(tx, user.id, hash, new Date(Date.now() + s.sessionTtlHours * 3600_000));
    await repo.recordLogin(tx, user.id, input.ip, input.userAgent);
    await forgive(tx, claim);
    // The back office's sign-ins are in the audit trail (issue 31); a rep's are in its sign-in list only.
    if (user.role !== 'seller') {
      await recordChange(tx, {
        kind: 'auth.signIn',
        object: 'user',
        id: user.id,
        ofUser: user.id,
        actor: { id: user.id, role: user.role },
      });
    }
  });
  const deviceCookie = await deviceCookieAfterSignIn(db, input.cookies, user.id, input.secure);
  return { token, token_type: 'Bearer', deviceCookie };
}

export async function logout(db: Db, sessionId: number) {
  await repo.revokeSession(db, sessionId);
}

/**
 * What else setting a password through the e-mailed link records, in its transaction: the rules the
 * person accepted with it (the registration's rules box, issue 30 point 3). Modules above auth add
 * these at start-up (startup/rules-consent.ts), so auth imports none of them.
 */
export type PasswordSetHook = (tx: DbOrTx, userId: number) => Promise<void>;
const passwordSetHooks = new Set<PasswordSetHook>();

export function addPasswordSetHook(hook: PasswordSetHook): void {
  passwordSetHooks.add(hook);
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
    for (const hook of passwordSetHooks) await hook(tx, user.id);
    await recordChange(tx, {
      kind: 'auth.passwordSet',
      object: 'user',
      id: user.id,
      ofUser: user.id,
      actor: { id: user.id, role: user.role },
    });
  });
}

/**
 * Creates a fresh set-password link for a user and e-mails it. Used on account creation, on resend
 * (an invitation) and on the owner's forgotten-password request (a reset).
 */
export async function sendSetPasswordLink(
  db: Db,
  mailer: Mailer,
  s: AuthSettings,
  user: { id: number; email: string; name: string },
  lang: Lang,
  kind: 'invite' | 'reset' = 'invite',
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
    subject: translate(lang, kind === 'reset' ? 'mail.resetPassword.subject' : 'mail.setPassword.subject'),
    text: translate(lang, kind === 'reset' ? 'mail.resetPassword.body' : 'mail.setPassword.body', {
      name: user.name,
      link,
      hours: translate(lang, 'mail.hours', { count: s.setPasswordTtlHours }),
    }),
  });
  // Retire the older links only after the new one went out: a failed send leaves the user's old link working.
  await repo.retireOtherTokens(db, user.id, tokenId);
  return link;
}

/**
 * POST /api/resend-set-password: only for users in the caller's scope; others look like unknown
 * e-mails. A link to an account that is already active would let its sender take it over, so only
 * root and admin send one (policy action users.relinkActive; the owner asks with POST /api/forgot-password).
 */
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
  if (target.activatedAt && !can(actor.role, 'users.relinkActive'))
    throw new AppError(403, 'auth.resendActiveAdminOnly');
  const link = await sendSetPasswordLink(db, mailer, s, target, lang);
  await recordChange(db, { kind: 'user.inviteResent', object: 'user', id: target.id, ofUser: target.id });
  return link;
}
