import {
  API,
  activeChallengeListSchema,
  activeChallengeSchema,
  challengeDetailsSchema,
  challengeFieldsSchema,
  challengeListQuerySchema,
  challengeListRowSchema,
  challengeSavedSchema,
  idParamSchema,
  okResponseSchema,
  pagedSchema,
  rankingExportQuerySchema,
  rankingQuerySchema,
  rankingRowSchema,
  translate,
} from '@incentive/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { csvFileName, csvMoney, csvStream, timeZoneOf } from '../../lib/csv.ts';
import { prefetchFirst } from '../../lib/prefetch.ts';
import { allow, requireUser } from '../../plugins/auth.ts';
import { errorAnswers, FORM_ERROR_ANSWERS } from '../../plugins/errors.ts';
import { MULTIPART, readImageForm } from '../../plugins/uploads.ts';
import * as service from './challenges.service.ts';

const errors = errorAnswers(401, 403, 404, 422);
const formErrors = { ...errors, ...FORM_ERROR_ANSWERS };

const formDescription =
  "multipart/form-data: name, intro (optional), start_at and end_at (Warsaw days 'YYYY-MM-DD', both included), products (a JSON array of {product_id, reward (PLN per unit), article_id (optional)}, in display order), on edit optionally id (must match the path), and the file part `image` (PNG or JPEG, 5 MB; required on create, none on edit keeps the current one). A product may be in one challenge only on any day.";

export async function challengeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['challenges'];

  app.post(
    API.challenges,
    {
      config: { access: allow('challenges.manage') },
      schema: {
        tags,
        summary: 'Create a challenge with its products and rewards per unit',
        description: formDescription,
        consumes: MULTIPART,
        response: { 201: challengeSavedSchema, ...formErrors },
      },
    },
    async (req, reply) => {
      const { fields, image } = await readImageForm(req, challengeFieldsSchema);
      const id = await service.createChallenge(app.db, requireUser(req), fields, image);
      return reply.code(201).send({ challenge_id: id, message: translate(req.lang, 'challenge.created') });
    },
  );

  app.post(
    API.challenge,
    {
      config: { access: allow('challenges.manage') },
      schema: {
        tags,
        summary: 'Edit a challenge: its fields, image and product list (products with imported sales stay)',
        description: formDescription,
        consumes: MULTIPART,
        params: idParamSchema,
        response: { 200: challengeSavedSchema, ...formErrors },
      },
    },
    async (req) => {
      const { fields, image } = await readImageForm(req, challengeFieldsSchema);
      await service.updateChallenge(app.db, requireUser(req), req.params.id, fields, image);
      return { challenge_id: req.params.id, message: translate(req.lang, 'challenge.updated') };
    },
  );

  app.delete(
    API.challenge,
    {
      config: { access: allow('challenges.manage') },
      schema: {
        tags,
        summary: 'Delete a challenge (hidden everywhere); refused with 409 once imported sales refer to it',
        params: idParamSchema,
        response: { 200: okResponseSchema, ...errorAnswers(409), ...errors },
      },
    },
    async (req) => {
      await service.deleteChallenge(app.db, requireUser(req), req.params.id);
      return { message: translate(req.lang, 'challenge.deleted') };
    },
  );

  app.get(
    API.challenges,
    {
      config: { access: allow('challenges.view') },
      schema: {
        tags,
        summary:
          'The challenge table and selector (per_page 1000): paged, searched by name, by status; figures count the reps within your scope',
        querystring: challengeListQuerySchema,
        response: { 200: pagedSchema(challengeListRowSchema), ...errors },
      },
    },
    async (req) => service.listChallenges(app.db, requireUser(req), req.query),
  );

  app.get(
    API.challengesActive,
    {
      config: { access: allow('challenges.own') },
      schema: {
        tags,
        summary:
          "The rep's challenges: running today and ended in the last 30 days, with what it earned and its place; updated_at = the last import",
        response: { 200: activeChallengeListSchema, ...errors },
      },
    },
    async (req) => service.listActive(app.db, requireUser(req)),
  );

  app.get(
    API.challengeActive,
    {
      config: { access: allow('challenges.own') },
      schema: {
        tags,
        summary: 'One started challenge as the rep sees it, with what it earned and its place (upcoming ones are 404)',
        params: idParamSchema,
        response: { 200: activeChallengeSchema, ...errors },
      },
    },
    async (req) => service.getActive(app.db, requireUser(req), req.params.id),
  );

  app.get(
    API.challenge,
    {
      config: { access: allow('challenges.view') },
      schema: {
        tags,
        summary: 'A challenge with its products; units and money count the reps within your scope',
        params: idParamSchema,
        response: { 200: challengeDetailsSchema, ...errors },
      },
    },
    async (req) => service.getChallenge(app.db, requireUser(req), req.params.id),
  );

  app.get(
    API.challengeRanking,
    {
      config: { access: allow('challenges.view') },
      schema: {
        tags,
        summary:
          "A challenge's ranking within your scope: reps with a result, best first, ties sharing a place; optionally one warehouse (yours)",
        params: idParamSchema,
        querystring: rankingQuerySchema,
        response: { 200: pagedSchema(rankingRowSchema), ...errors },
      },
    },
    async (req) => service.getRanking(app.db, requireUser(req), req.params.id, req.query),
  );

  app.get(
    API.challengeRankingExport,
    {
      config: { access: allow('challenges.view') },
      schema: {
        tags,
        summary: 'The ranking (same filters, every row) as CSV for Excel: UTF-8 with BOM, semicolons',
        params: idParamSchema,
        querystring: rankingExportQuerySchema,
      },
    },
    async (req, reply) => {
      const chunks = await service.exportRanking(app.db, requireUser(req), req.params.id, req.query);
      const tz = timeZoneOf(req.headers['user-timezone']);
      const t = (key: string) => translate(req.lang, key);
      const header = ['place', 'id', 'assecoId', 'name', 'surname', 'warehouses', 'units', 'amount'].map((k) =>
        t(`csv.ranking.${k}`),
      );
      // The first rows are read before the header goes out: a failing query is an error answer, not a cut file.
      const stream = csvStream(header, await prefetchFirst(chunks), (r) => [
        r.place,
        r.user_id,
        r.asseco_id,
        r.name,
        r.surname,
        r.warehouses.map((w) => w.name).join(', '),
        r.units,
        csvMoney(r.amount, req.lang),
      ]);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${csvFileName(`challenge-${req.params.id}-ranking`, new Date(), tz)}"`,
        )
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}
