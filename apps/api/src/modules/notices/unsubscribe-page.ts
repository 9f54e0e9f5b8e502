import { type Lang, PAGES, translate } from '@incentive/contracts';
import escapeHtml from 'escape-html';

/*
 * The pages of the unsubscribe link (no sign-in, no app): a confirmation with one button (a link
 * scanner's GET changes nothing), the result, or the refusal of a link that is not valid.
 */

function page(lang: Lang, body: string): string {
  const title = escapeHtml(translate(lang, 'notices.page.title'));
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title></head>
<body style="font-family: Arial, sans-serif; font-size: 16px; line-height: 1.5; color: #1a1b1e; max-width: 520px; margin: 0 auto; padding: 24px 16px;">
<h1 style="font-size: 22px;">${title}</h1>
${body}
</body></html>`;
}

export function confirmPage(lang: Lang, kindName: string, action: string): string {
  return page(
    lang,
    `<p>${escapeHtml(translate(lang, 'notices.page.confirm', { kind: kindName }))}</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" style="font-size: 16px; padding: 10px 18px; border-radius: 6px; border: 0; background: #1864ab; color: #fff;">${escapeHtml(translate(lang, 'notices.page.button'))}</button>
</form>`,
  );
}

export function donePage(lang: Lang, kindName: string, publicUrl: string): string {
  return page(
    lang,
    `<p>${escapeHtml(translate(lang, 'notices.page.done', { kind: kindName }))}</p>
<p><a href="${escapeHtml(`${publicUrl}${PAGES.notifications}`)}">${escapeHtml(translate(lang, 'notices.page.settings'))}</a></p>`,
  );
}

export function invalidPage(lang: Lang): string {
  return page(lang, `<p>${escapeHtml(translate(lang, 'notices.linkInvalid'))}</p>`);
}
