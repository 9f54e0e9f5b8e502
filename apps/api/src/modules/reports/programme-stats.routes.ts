import { API, programmeStatsSchema, statsExportQuerySchema, statsQuerySchema } from '@incentive/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { csvFileName, csvStream, timeZoneOf } from '../../lib/csv.ts';
import { allow, requireUser } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import * as service from './programme-stats.service.ts';

const errors = errorAnswers(401, 403, 422);

/** How the programme is doing (issue 31 point 3, decision 066). */
export async function programmeStatsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];
  const access = { access: allow('stats.read') };

  app.get(
    API.programmeStats,
    {
      config: access,
      schema: {
        tags,
        summary:
          'The figures of a period (Warsaw days, at most two years) by month, week or day: reps, sign-ins, quizzes, money by kind, what is owed, challenge sales by warehouse and region',
        querystring: statsQuerySchema,
        response: { 200: programmeStatsSchema, ...errors },
      },
    },
    async (req) => service.programmeStats(app.db, requireUser(req), req.query),
  );

  app.get(
    API.programmeStatsExport,
    {
      config: access,
      schema: {
        tags,
        summary: 'One figure of the period as CSV (Excel: semicolons, UTF-8 with BOM)',
        querystring: statsExportQuerySchema,
      },
    },
    async (req, reply) => {
      const { header, rows } = await service.figureRows(app.db, requireUser(req), req.query);
      const tz = timeZoneOf(req.headers['user-timezone']);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(csvFileName(`program-${req.query.figure}`, new Date(), tz))}`,
        )
        .send(csvStream(header, [rows], (r) => r));
    },
  );
}
