import { type AdminArticle, ARTICLE_LIMITS, videoUrlSchema } from '@incentive/contracts';
import type { ApiResult } from '../../../lib/api-client.ts';
import { buildFormData, type ImageChange } from '../../../lib/form-data.ts';
import { issueKey, type TFunction } from '../../../lib/i18n.ts';
import { apiPublishedAt, warsawWallTime } from './publication.ts';

/** The editor's working copy of an article (SPEC.md sections 3 and 5). */
export interface ArticleFormValues {
  title: string;
  lead: string;
  /** HTML from the rich-text editor; '' when empty. */
  content: string;
  image: ImageChange;
  product: { id: number; name: string } | null;
  videoUrl: string;
  /** The 'Opublikuj' switch: off = a draft. */
  publish: boolean;
  /** Warsaw wall time 'YYYY-MM-DD HH:mm:ss'; the default is now. */
  publishedAt: string | null;
}

/** The form's fields as the server names them (its 422 messages are keyed so). */
export type ArticleField = 'title' | 'excerpt' | 'content' | 'image' | 'product_id' | 'video_url' | 'published_at';
export type ArticleErrors = Partial<Record<ArticleField, string>>;

const FIELDS: readonly ArticleField[] = [
  'title',
  'excerpt',
  'content',
  'image',
  'product_id',
  'video_url',
  'published_at',
];

/** A 422's first message per field the form shows (already in the user's language); other keys are left to the toast. */
export function serverArticleErrors(result: ApiResult<unknown> | null): ArticleErrors {
  const errors: ArticleErrors = {};
  if (!result || result.isSuccess || !result.payload?.errors) return errors;
  for (const field of FIELDS) {
    const message = result.payload.errors[field]?.[0];
    if (message) errors[field] = message;
  }
  return errors;
}

export function emptyArticle(now = new Date()): ArticleFormValues {
  return {
    title: '',
    lead: '',
    content: '',
    image: { kind: 'keep' },
    product: null,
    videoUrl: '',
    publish: true,
    publishedAt: warsawWallTime(now),
  };
}

/** The loaded article as the form's values; a draft keeps the switch off with "now" ready in the picker. */
export function valuesFromArticle(article: AdminArticle, now = new Date()): ArticleFormValues {
  return {
    title: article.name,
    lead: article.lead,
    content: article.content,
    image: { kind: 'keep' },
    product: article.product,
    videoUrl: article.video_url ?? '',
    publish: article.published_at !== null,
    publishedAt: warsawWallTime(article.published_at ?? now),
  };
}

/** Text of rich HTML without its tags: an editor left with `<p></p>` is empty. */
export const isBlankHtml = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|\u00a0|\u200b/g, ' ')
    .trim() === '';

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

/**
 * The client's checks, with the server's messages (SPEC.md section 5): title, lead and content
 * required, content at most 5 MB in UTF-8 bytes, a valid video link. The image (required on
 * create) is a toast, checked by the page.
 */
export function validateArticle(values: ArticleFormValues, t: TFunction): ArticleErrors {
  const errors: ArticleErrors = {};
  if (!values.title.trim()) errors.title = t('article.titleRequired');
  else if (values.title.trim().length > ARTICLE_LIMITS.title) errors.title = t('validation.tooLong');
  if (!values.lead.trim()) errors.excerpt = t('article.leadRequired');
  else if (values.lead.trim().length > ARTICLE_LIMITS.lead) errors.excerpt = t('validation.tooLong');
  if (utf8Bytes(values.content) > ARTICLE_LIMITS.contentBytes) errors.content = t('article.contentTooLong');
  else if (isBlankHtml(values.content)) errors.content = t('article.contentRequired');
  const video = videoUrlSchema.safeParse(values.videoUrl);
  if (!video.success) errors.video_url = t(issueKey(video.error.issues[0]?.message ?? 'quiz.videoUrlInvalid'));
  if (values.publish && !values.publishedAt) errors.published_at = t('article.publishedAtInvalid');
  return errors;
}

/** True when saving needs an image the form does not have: a new article must bring one. */
export const missingImage = (values: ArticleFormValues, creating: boolean) => creating && values.image.kind !== 'file';

/** The multipart body (lib/form-data.ts): published_at '' for a draft; no image part keeps the stored one. */
export function articleFormData(values: ArticleFormValues): FormData {
  return buildFormData({
    title: values.title.trim(),
    excerpt: values.lead.trim(),
    content: values.content,
    // The editor never removes an image (one is required): a new file replaces it, else it stays.
    image: values.image.kind === 'file' ? values.image : undefined,
    product_id: values.product?.id ?? '',
    video_url: values.videoUrl.trim(),
    published_at: values.publish && values.publishedAt ? apiPublishedAt(values.publishedAt) : '',
  });
}
