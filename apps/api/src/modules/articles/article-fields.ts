import { type ArticleFields, type MessageKey, parseWarsawDate } from '@incentive/contracts';
import { AppError } from '../../lib/app-error.ts';
import { isBlankRichText, plainText, sanitizeRichText } from '../../lib/rich-text.ts';
import type { ArticleValues } from './article-write.repo.ts';

/** A 422 about one field of the form. */
export const refuse = (key: MessageKey, field: string) => new AppError(422, key, {}, { [field]: [key] });

/**
 * The form's fields as stored: content sanitized with the shared allow-list (nothing visible left
 * is "required"), title and lead as plain text with every tag gone (React renders them as text, and
 * no other consumer can get markup out of them either). Throws a 422 naming the field.
 */
export function cleanArticle(f: ArticleFields): ArticleValues {
  const title = plainText(f.title);
  if (!title) throw refuse('article.titleRequired', 'title');
  const lead = plainText(f.excerpt);
  if (!lead) throw refuse('article.leadRequired', 'excerpt');
  const content = sanitizeRichText(f.content);
  if (isBlankRichText(content)) throw refuse('article.contentRequired', 'content');
  return { title, lead, content, videoUrl: f.video_url, productId: f.product_id };
}

/**
 * published_at of the form: undefined when absent (now on create, unchanged on edit), null for an
 * empty value (a draft), else the instant (Warsaw wall time without an offset).
 */
export function publicationOf(value: string | undefined): Date | null | undefined {
  if (value === undefined) return undefined;
  if (value === '') return null;
  const at = parseWarsawDate(value);
  if (!at) throw refuse('article.publishedAtInvalid', 'published_at');
  return at;
}
