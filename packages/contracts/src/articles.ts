/*
 * Articles (SPEC.md sections 2, 3, 5, 7): what the back office sends to write one, what it reads
 * back, and what a rep reads in the list, the home carousel and the article page. Reads of the rep
 * family (/api/articles…) only ever return published articles whose publication date has come.
 */
import { z } from 'zod';
import {
  ARTICLE_LIMITS,
  ARTICLE_STATUSES,
  type ArticleStatus,
  CAROUSEL_ARTICLES,
  REP_ARTICLE_PAGE_SIZE,
} from './article-limits.ts';
import { textSchema } from './common.ts';
import { imageSchema } from './media.ts';
import { pagedQuerySchema } from './paging.ts';
import { videoUrlSchema } from './quizzes.ts';

export { ARTICLE_LIMITS, ARTICLE_STATUSES, type ArticleStatus, CAROUSEL_ARTICLES, REP_ARTICLE_PAGE_SIZE };

const requiredText = (key: string, max: number) =>
  textSchema(key).trim().min(1, { error: key }).max(max, { error: 'validation.tooLong' });

const utf8Bytes = (s: string) => new TextEncoder().encode(s).length;

/**
 * The text fields of POST /api/admin/articles and POST /api/admin/articles/{id} (and the same on
 * /api/articles), multipart/form-data as SPEC.md section 7 has it: title, excerpt (the lead),
 * content (HTML, sanitized on the server), product_id (optional), and the file part `image`
 * (required on create; on edit, none keeps the current image). Beyond the spec:
 *   - video_url: an optional http(s) link to a video (YouTube, Vimeo or a file), as quizzes have;
 *   - published_at: absent = published now on create and unchanged on edit; empty = a draft;
 *     'YYYY.MM.DD HH:mm:ss' (Warsaw time) or ISO 8601 = published from then (scheduled when future).
 * On edit the spec also sends `id`; when present it must be the id of the path.
 */
export const articleFieldsSchema = z.object({
  id: z.coerce.number({ error: 'validation.idInvalid' }).int({ error: 'validation.idInvalid' }).positive().optional(),
  title: requiredText('article.titleRequired', ARTICLE_LIMITS.title),
  excerpt: requiredText('article.leadRequired', ARTICLE_LIMITS.lead),
  content: textSchema('article.contentRequired')
    .refine((s) => utf8Bytes(s) <= ARTICLE_LIMITS.contentBytes, { error: 'article.contentTooLong', abort: true })
    .refine((s) => s.trim().length > 0, { error: 'article.contentRequired' }),
  product_id: z
    .union([z.literal(''), z.literal('null'), z.coerce.number()], { error: 'article.productInvalid' })
    .optional()
    .transform((v) => (v === '' || v === 'null' || v === undefined ? null : v))
    .pipe(
      z
        .number({ error: 'article.productInvalid' })
        .int({ error: 'article.productInvalid' })
        .min(1, { error: 'article.productInvalid' })
        .max(2_147_483_647, { error: 'article.productInvalid' })
        .nullable(),
    ),
  video_url: videoUrlSchema,
  published_at: textSchema('article.publishedAtInvalid')
    .trim()
    .max(40, { error: 'article.publishedAtInvalid' })
    .regex(/^$|^\d{4}[.-]\d{2}[.-]\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?)?(Z|[+-]\d{2}:?\d{2})?$/, {
      error: 'article.publishedAtInvalid',
    })
    .optional(),
});
export type ArticleFields = z.output<typeof articleFieldsSchema>;

/** Answer of create and edit. */
export const articleSavedSchema = z.object({ article_id: z.number().int(), message: z.string() });
export type ArticleSaved = z.infer<typeof articleSavedSchema>;

/** The product an article presents (challenge products link back to it). */
export const articleProductSchema = z.object({ id: z.number().int(), name: z.string() });

/** A row of the back office's article list (GET /api/admin/articles). `name` is the title, `lead` the excerpt. */
export const adminArticleListRowSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  lead: z.string(),
  image: imageSchema,
  video_url: z.string().nullable(),
  product: articleProductSchema.nullable(),
  status: z.enum(ARTICLE_STATUSES),
  /** Null for a draft. */
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminArticleListRow = z.infer<typeof adminArticleListRowSchema>;

/** GET /api/admin/articles/{id}: the editor and the admin preview (drafts, scheduled and deleted ones too). */
export const adminArticleSchema = adminArticleListRowSchema.extend({
  /** Sanitized HTML. */
  content: z.string(),
  product_id: z.number().int().nullable(),
});
export type AdminArticle = z.infer<typeof adminArticleSchema>;

/** A card of the rep's list and a slide of the home carousel (GET /api/articles): no content. */
export const repArticleListItemSchema = z.object({
  id: z.number().int(),
  uuid: z.string(),
  name: z.string(),
  lead: z.string(),
  image: imageSchema,
  video_url: z.string().nullable(),
  published_at: z.string(),
});
export type RepArticleListItem = z.infer<typeof repArticleListItemSchema>;

/** GET /api/articles/{id}: a published article whose date has come; 404 otherwise. */
export const repArticleSchema = repArticleListItemSchema.extend({
  /** Sanitized HTML. */
  content: z.string(),
  product_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type RepArticle = z.infer<typeof repArticleSchema>;

export const ADMIN_ARTICLE_SORT_FIELDS = ['id', 'name', 'published_at', 'created_at', 'updated_at'] as const;

/** GET /api/admin/articles: newest first by default; `status` narrows the list (without it: all but deleted). */
export const adminArticleListQuerySchema = pagedQuerySchema(ADMIN_ARTICLE_SORT_FIELDS, 'created_at').extend({
  order: z.enum(['asc', 'desc'], { error: 'validation.orderInvalid' }).default('desc'),
  status: z.enum(ARTICLE_STATUSES, { error: 'article.statusInvalid' }).optional(),
});
export type AdminArticleListQuery = z.infer<typeof adminArticleListQuerySchema>;

export const REP_ARTICLE_SORT_FIELDS = ['published_at', 'name', 'id'] as const;

/** GET /api/articles: the rep list asks 4 per page, the home carousel 100; newest first. */
export const repArticleListQuerySchema = pagedQuerySchema(REP_ARTICLE_SORT_FIELDS, 'published_at').extend({
  per_page: z.coerce
    .number({ error: 'validation.perPageInvalid' })
    .refine((n) => [REP_ARTICLE_PAGE_SIZE, 10, 25, 50, CAROUSEL_ARTICLES].includes(n), {
      error: 'validation.perPageInvalid',
    })
    .default(REP_ARTICLE_PAGE_SIZE),
  order: z.enum(['asc', 'desc'], { error: 'validation.orderInvalid' }).default('desc'),
});
export type RepArticleListQuery = z.infer<typeof repArticleListQuerySchema>;
