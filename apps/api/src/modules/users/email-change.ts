import { can, type Lang, translate } from '@incentive/contracts';
import type { Mailer } from '../../plugins/mail.ts';
import type { Actor } from '../access/access.service.ts';

/*
 * A changed e-mail is where the account's next set-password link goes, so changing it must not hand
 * the account to whoever changed it (docs/decisions/014):
 * - the old address of an activated account is told about the change;
 * - unless the owner or an admin made the change, the new address stays unconfirmed: no
 *   forgotten-password link goes to it until an admin sends one and the owner uses it.
 */

export interface EmailChange {
  oldEmail: string;
  newEmail: string;
  name: string;
  /** Whether a forgotten-password link may go to the new address. */
  confirmed: boolean;
}

/** The change an edit makes to an activated account's e-mail, or undefined (letter case alone is no change). */
export function emailChangeOf(
  actor: Actor,
  target: { id: number; email: string; name: string; activatedAt: Date | null },
  newEmail: string,
): EmailChange | undefined {
  if (!target.activatedAt || target.email.toLowerCase() === newEmail.toLowerCase()) return undefined;
  return {
    oldEmail: target.email,
    newEmail,
    name: target.name,
    confirmed: actor.id === target.id || can(actor.role, 'users.relinkActive'),
  };
}

/** Tells the old address; sent after the change committed. */
export async function notifyEmailChange(mailer: Mailer, lang: Lang, change: EmailChange): Promise<void> {
  await mailer.send({
    to: change.oldEmail,
    subject: translate(lang, 'mail.emailChanged.subject'),
    text: translate(lang, 'mail.emailChanged.body', {
      name: change.name,
      old: change.oldEmail,
      new: change.newEmail,
    }),
  });
}
