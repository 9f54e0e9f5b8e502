import {
  API,
  adminArticleListQuerySchema,
  adminArticleListRowSchema,
  adminArticleSchema,
  articleFieldsSchema,
  articleSavedSchema,
  idParamSchema,
  okResponseSchema,
  pagedSchema,
  repArticleListItemSchema,
  repArticleListQuerySchema,
  repArticleSchema,
  translate,
} from '@incentive/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendJsonText } from '../../lib/json-text.ts';
import { allow, requireUser } from '../../plugins/auth.ts';
import { errorAnswers, FORM_ERROR_ANSWERS } from '../../plugins/errors.ts';
import { MULTIPART, readImageForm } from '../../plugins/uploads.ts';
import * as service from './articles.service.ts';

const errors = errorAnswers(401, 403, 404, 422);
const formErrors = { ...errors, ...FORM_ERROR_ANSWERS };

const formDescription =
  "multipart/form-data: title, excerpt (the lead), content (HTML up to 5 MB, sanitized), product_id (optional), video_url (optional), published_at (absent: now on create, unchanged on edit; empty: a draft; 'YYYY.MM.DD HH:mm:ss' in Europe/Warsaw or ISO 8601), on edit optionally id (must match the path), and the file part `image` (PNG or JPEG, 5 MB; required on create, none on edit keeps the current one).";

export async function articleRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['articles'];

  // Writing: the back office's paths and, as SPEC.md section 7 lists them, the same under /api/articles.
  for (const [list, one] of [
    [API.adminArticles, API.adminArticle],
    [API.articles, API.article],
  ] as const) {
    app.post(
      list,
      {
        config: { access: allow('articles.manage') },
        schema: {
          tags,
          summary: 'Create an article (published now, a draft, or scheduled by published_at)',
          description: formDescription,
          consumes: MULTIPART,
          response: { 201: articleSavedSchema, ...formErrors },
        },
      },
      async (req, reply) => {
        const { fields, image } = await readImageForm(req, articleFieldsSchema);
        const id = await service.createArticle(app.db, requireUser(req), fields, image);
        return reply.code(201).send({ article_id: id, message: translate(req.lang, 'article.created') });
      },
    );

    app.post(
      one,
      {
        config: { access: allow('articles.manage') },
        schema: {
          tags,
          summary: 'Edit an article that is not deleted',
          description: formDescription,
          consumes: MULTIPART,
          params: idParamSchema,
          response: { 200: articleSavedSchema, ...formErrors },
        },
      },
      async (req) => {
        const { fields, image } = await readImageForm(req, articleFieldsSchema);
        await service.updateArticle(app.db, requireUser(req), req.params.id, fields, image);
        return { article_id: req.params.id, message: translate(req.lang, 'article.updated') };
      },
    );

    app.delete(
      one,
      {
        config: { access: allow('articles.manage') },
        schema: {
          tags,
          summary: 'Delete an article: reps no longer see it; the back office keeps it with status deleted',
          params: idParamSchema,
          response: { 200: okResponseSchema, ...errors },
        },
      },
      async (req) => {
        await service.deleteArticle(app.db, requireUser(req), req.params.id);
        return { message: translate(req.lang, 'article.deleted') };
      },
    );
  }

  app.get(
    API.adminArticles,
    {
      config: { access: allow('articles.manage') },
      schema: {
        tags,
        summary: 'Every article but deleted ones (or those of `status`), with status and publication date',
        querystring: adminArticleListQuerySchema,
        response: { 200: pagedSchema(adminArticleListRowSchema), ...errors },
      },
    },
    async (req, reply) => sendJsonText(reply, await service.listAdmin(app.db, req.query)),
  );

  app.get(
    API.adminArticle,
    {
      config: { access: allow('articles.manage') },
      schema: {
        tags,
        summary: 'An article for the editor and the admin preview: drafts, scheduled and deleted ones too',
        params: idParamSchema,
        response: { 200: adminArticleSchema, ...errors },
      },
    },
    async (req) => service.getAdmin(app.db, req.params.id),
  );

  app.get(
    API.articles,
    {
      config: { access: allow('articles.read') },
      schema: {
        tags,
        summary:
          'Published articles whose date has come, newest first: the rep list (4 a page) and the home carousel (100)',
        querystring: repArticleListQuerySchema,
        response: { 200: pagedSchema(repArticleListItemSchema), ...errors },
      },
    },
    async (req) => service.listLive(app.db, req.query),
  );

  app.get(
    API.article,
    {
      config: { access: allow('articles.read') },
      schema: {
        tags,
        summary: 'A published article whose date has come; anything else is 404',
        params: idParamSchema,
        response: { 200: repArticleSchema, ...errors },
      },
    },
    async (req) => service.getLive(app.db, req.params.id),
  );
}
