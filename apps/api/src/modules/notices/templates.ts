import { type Lang, type NoticeKind, translate } from '@incentive/contracts';
import escapeHtml from 'escape-html';

/*
 * A notice as a mail (decision 065): a subject, a plain-text part and an HTML part, in the person's
 * language, from the texts of contracts' messages-server.ts (notices.mail.*). The HTML part is the
 * text part's lines, escaped, with its links as links: nothing a user typed (a quiz's name, a file's
 * name, a failure reason) can become markup.
 */

export interface Rendered {
  subject: string;
  text: string;
  html: string;
}

export interface RenderInput {
  kind: NoticeKind;
  lang: Lang;
  name: string;
  /** The kind's values, formatted for reading (amounts in PLN, Warsaw dates). */
  values: Record<string, string | number>;
  /** Where the notice's button leads (the app's page for it). */
  open: string;
  unsubscribe: string;
  settings: string;
}

export function render(n: RenderInput): Rendered {
  const t = (key: string, params: Record<string, string | number> = {}) => translate(n.lang, key, params);
  const subject = t(`notices.mail.${n.kind}.subject`, n.values);
  const body = t(`notices.mail.${n.kind}.body`, n.values);
  const kindName = t(`notices.kind.${n.kind}`);
  const lines = [
    t('notices.mail.greeting', { name: n.name }),
    '',
    body,
    '',
    `${t('notices.mail.open')}: ${n.open}`,
    '',
    t('notices.mail.signature'),
    '',
    '—',
    t('notices.mail.unsubscribe', { kind: kindName, link: n.unsubscribe }),
    t('notices.mail.settings', { link: n.settings }),
  ];
  const text = lines.join('\n');
  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const html = `<!doctype html>
<html lang="${n.lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family: Arial, sans-serif; font-size: 15px; line-height: 1.5; color: #1a1b1e; max-width: 560px; margin: 0 auto; padding: 16px;">
<p>${escapeHtml(t('notices.mail.greeting', { name: n.name }))}</p>
<p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(n.open)}" style="display: inline-block; background: #1864ab; color: #ffffff; padding: 10px 16px; border-radius: 6px; text-decoration: none;">${escapeHtml(t('notices.mail.open'))}</a></p>
<p>${escapeHtml(t('notices.mail.signature'))}</p>
<hr style="border: 0; border-top: 1px solid #dee2e6;">
<p style="font-size: 12px; color: #495057;">${escapeHtml(t('notices.mail.unsubscribe', { kind: kindName, link: '' }).replace(/:\s*$/, ''))}: ${link(n.unsubscribe, t('notices.page.button'))}<br>
${link(n.settings, t('notices.page.settings'))}</p>
</body></html>`;
  return { subject, text, html };
}
