import classes from './question-html.module.css';

/**
 * A question's rich text. The server sanitized it with its one allow-list before storing it
 * (no scripts, no handlers, iframes only from the allowed video hosts), so it is rendered as stored.
 */
export function QuestionHtml({ html, id }: { html: string; id: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the API (sanitize-html) before it was stored
  return <div id={id} className={classes.html} dangerouslySetInnerHTML={{ __html: html }} />;
}
