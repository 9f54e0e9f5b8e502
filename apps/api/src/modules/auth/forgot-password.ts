import type { Lang } from '@incentive/contracts';
import type { Db } from '../../db/client.ts';
import type { Background } from '../../plugins/background.ts';
import type { Mailer } from '../../plugins/mail.ts';
import { findActiveUserByEmail } from '../access/access.service.ts';
import * as repo from './auth.repo.ts';
import { type AuthSettings, sendSetPasswordLink } from './auth.service.ts';
import { claimAttempt, RESET_THROTTLE } from './throttle.ts';

/**
 * POST /api/forgot-password: the owner's own request for a set-password link. The answer is the
 * same, and takes about as long, whether the address has an account or not: only the throttle runs
 * before it; looking the account up and mailing the link happen after the answer.
 */
export async function requestPasswordReset(
  db: Db,
  mailer: Mailer,
  s: AuthSettings,
  background: Background,
  input: { email: string; ip: string; lang: Lang },
): Promise<void> {
  const email = input.email.toLowerCase();
  await claimAttempt(db, RESET_THROTTLE, email, input.ip, {
    account: () => repo.signedInFrom(db, email, input.ip),
  });
  background.run('forgotten-password e-mail', () => mailResetLink(db, mailer, s, email, input.lang));
}

async function mailResetLink(db: Db, mailer: Mailer, s: AuthSettings, email: string, lang: Lang) {
  const user = await findActiveUserByEmail(db, email);
  if (!user) return;
  // An activated account's link goes only to an address its owner or an admin stands behind
  // (users/email-change.ts); a never-activated account's link is its invitation.
  if (user.activatedAt && !user.emailConfirmed) return;
  await sendSetPasswordLink(db, mailer, s, user, lang, 'reset');
}
