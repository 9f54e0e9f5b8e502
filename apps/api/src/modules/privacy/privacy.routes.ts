import {
  API,
  anonymisedSchema,
  idParamSchema,
  personalDataQuerySchema,
  privacyPeopleQuerySchema,
  privacyPersonSchema,
  translate,
} from '@incentive/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allow, requireUser } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import * as service from './privacy.service.ts';

const errors = errorAnswers(401, 403, 404, 409, 422);

/** Personal data on request: find a person, export their data, anonymise a deactivated one (decision 063). */
export async function privacyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['privacy'];
  const access = { access: allow('privacy.manage') };

  app.get(
    API.privacyPeople,
    {
      config: access,
      schema: {
        tags,
        summary: 'People by e-mail, name, surname or asseco id, deactivated and anonymised ones too (at most 20)',
        querystring: privacyPeopleQuerySchema,
        response: { 200: z.array(privacyPersonSchema), ...errors },
      },
    },
    async (req) => service.findPeople(app.db, req.query.search),
  );

  app.get(
    API.personalData,
    {
      config: access,
      schema: {
        tags,
        summary:
          'Everything the product holds about a person, as JSON or as a readable HTML page; the export is logged',
        params: idParamSchema,
        querystring: personalDataQuerySchema,
      },
    },
    async (req, reply) => {
      const data = await service.exportPersonalData(app.db, requireUser(req), req.params.id, req.query.format);
      const name = `dane-osobowe-${req.params.id}`;
      reply.header('cache-control', 'no-store');
      if (req.query.format === 'html') {
        return reply
          .type('text/html; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.html"`)
          .send(service.personalDataHtml(data, req.lang));
      }
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.json"`)
        .send(JSON.stringify(data, null, 2));
    },
  );

  app.post(
    API.anonymise,
    {
      config: access,
      schema: {
        tags,
        summary:
          'Anonymise a deactivated person: name, e-mail, phone and tax data replaced, sign-in impossible; money and history kept; logged',
        params: idParamSchema,
        response: { 200: anonymisedSchema, ...errors },
      },
    },
    async (req) => {
      const person = await service.anonymise(app.db, requireUser(req), req.params.id);
      return { message: translate(req.lang, 'privacy.anonymised'), person };
    },
  );
}
