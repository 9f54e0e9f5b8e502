import {
  API,
  okResponseSchema,
  pagedSchema,
  rulesAcceptanceExportQuerySchema,
  rulesAcceptanceQuerySchema,
  rulesAcceptanceRowSchema,
  rulesAcceptBodySchema,
  rulesVersionSchema,
  translate,
} from '@incentive/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { csvFileName, csvStream, formatDateTime, timeZoneOf } from '../../lib/csv.ts';
import { allow, requireUser } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import * as service from './consent.service.ts';

const errors = errorAnswers(401, 403, 404, 409, 422);

/** Consent to the rules: accepting a version, and who accepted which (issue 30 point 3, decision 060). */
export async function consentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['settings'];

  app.post(
    API.rulesAccept,
    {
      // GET /api/me's rules_to_accept follows (me_version moves with the acceptance, migration 0026).
      config: { access: allow('session.use') },
      schema: {
        tags,
        summary: 'Accept the version of the rules in force (the one GET /api/me names in rules_to_accept)',
        body: rulesAcceptBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (req) => {
      await service.acceptRules(app.db, requireUser(req).id, req.body.version);
      return { message: translate(req.lang, 'consent.accepted') };
    },
  );

  app.get(
    API.rulesVersions,
    {
      config: { access: allow('settings.manage') },
      schema: {
        tags,
        summary: 'Every version of the rules, newest first, with how many active reps accepted it',
        response: { 200: z.array(rulesVersionSchema), ...errors },
      },
    },
    async () => service.listVersions(app.db),
  );

  app.get(
    API.rulesAcceptances,
    {
      config: { access: allow('settings.manage') },
      schema: {
        tags,
        summary: 'The active reps and when each accepted one version of the rules (null: not yet), paged',
        querystring: rulesAcceptanceQuerySchema,
        response: { 200: pagedSchema(rulesAcceptanceRowSchema), ...errors },
      },
    },
    async (req) => service.listAcceptances(app.db, req.query),
  );

  app.get(
    API.rulesAcceptancesExport,
    {
      config: { access: allow('settings.manage') },
      schema: {
        tags,
        summary: 'The same list as CSV for Excel (UTF-8 with BOM, semicolons), every row',
        querystring: rulesAcceptanceExportQuerySchema,
      },
    },
    async (req, reply) => {
      const rows = await service.exportAcceptances(app.db, req.query);
      const tz = timeZoneOf(req.headers['user-timezone']);
      const t = (key: string) => translate(req.lang, key);
      const header = [
        t('csv.users.id'),
        t('csv.users.name'),
        t('csv.users.surname'),
        t('csv.users.email'),
        t('consent.csv.version'),
        t('consent.csv.acceptedAt'),
      ];
      const stream = csvStream(header, [rows], (r) => [
        r.id,
        r.name,
        r.surname,
        r.email,
        req.query.version,
        r.accepted_at ? formatDateTime(new Date(r.accepted_at), tz) : t('consent.csv.notAccepted'),
      ]);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${csvFileName(`rules-v${req.query.version}-acceptances`, new Date(), tz)}"`,
        )
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
}
