import type { Lang } from '@incentive/contracts';
import type { Db } from '../db/client.ts';
import { StartupError } from '../lib/startup-error.ts';
import type { AuthSettings } from '../modules/auth/auth.service.ts';
import { createFirstRoot, rootExists } from '../modules/users/users.service.ts';
import type { Mailer } from '../plugins/mail.ts';

export type RootAccount = { state: 'present' } | { state: 'created'; email: string } | { state: 'missing' };

/**
 * A production database starts without the demo, so without any account. ROOT_EMAIL creates the
 * first one: a root account for that address, which gets a set-password link by e-mail.
 */
export async function ensureRootAccount(
  db: Db,
  mailer: Mailer,
  s: AuthSettings,
  rootEmail: string | undefined,
  lang: Lang = 'pl',
): Promise<RootAccount> {
  const email = rootEmail?.trim();
  if (!email) return (await rootExists(db)) ? { state: 'present' } : { state: 'missing' };
  const result = await createFirstRoot(db, mailer, s, email, lang);
  if (result === 'email-taken') {
    throw new StartupError(
      `ROOT_EMAIL: ${email} already belongs to another account; choose another address for the root account.`,
    );
  }
  return result === 'created' ? { state: 'created', email } : { state: 'present' };
}
