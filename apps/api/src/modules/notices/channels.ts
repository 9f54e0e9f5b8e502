import type { NoticeChannel } from '@incentive/contracts';
import type { Mailer } from '../../plugins/mail.ts';
import type { Rendered } from './templates.ts';

/*
 * How a notice reaches a person (decision 065). The kinds and the events that queue them know
 * nothing of channels; each queued notice names its channel, and the sender hands it to that
 * channel's `deliver`. Web push or SMS would be another entry here (and a column of the settings),
 * with its own rendering, not a change to the events.
 */
export interface Recipient {
  email: string;
  name: string;
}

export interface Channel {
  deliver(to: Recipient, content: Rendered, headers: { unsubscribe: string }): Promise<void>;
}

export function channels(mailer: Mailer): Record<NoticeChannel, Channel> {
  return {
    email: {
      async deliver(to, content, headers) {
        await mailer.send({
          to: to.email,
          subject: content.subject,
          text: content.text,
          html: content.html,
          // RFC 8058: a mail client's own "unsubscribe" posts to the link, one click, no sign-in.
          headers: {
            'List-Unsubscribe': `<${headers.unsubscribe}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        });
      },
    },
  };
}
