import {
  API,
  pagedSchema,
  statementYearsSchema,
  taxReportExportQuerySchema,
  taxReportMissingQuerySchema,
  taxReportMissingRowSchema,
  taxReportQuerySchema,
  taxReportSummarySchema,
} from '@incentive/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { csvStream } from '../../lib/csv.ts';
import { allow, requireUser } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import * as service from './tax-report.service.ts';

const errors = errorAnswers(401, 403, 404, 409, 422);

/** The year-end tax report for root and admin, and a rep's own yearly statement (issue 30 point 4, decision 062). */
export async function taxReportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];
  const admins = { access: allow('taxData.read') };

  app.get(
    API.taxReport,
    {
      config: admins,
      schema: {
        tags,
        summary:
          'A year’s rewards from the ledger: people paid, with and without complete tax data, totals by kind, and the check against the ledger',
        querystring: taxReportQuerySchema,
        response: { 200: taxReportSummarySchema, ...errors },
      },
    },
    async (req) => service.taxYearSummary(app.db, req.query.year),
  );

  app.get(
    API.taxReportMissing,
    {
      config: admins,
      schema: {
        tags,
        summary: 'The people paid in the year whose tax data is missing, with the fields missing, paged',
        querystring: taxReportMissingQuerySchema,
        response: { 200: pagedSchema(taxReportMissingRowSchema), ...errors },
      },
    },
    async (req) => service.taxYearMissing(app.db, req.query, req.lang),
  );

  app.get(
    API.taxReportExport,
    {
      config: admins,
      schema: {
        tags,
        summary:
          'The report for the accountant: XLSX (people with complete tax data, and the rest on a sheet of their own) or CSV',
        description:
          'One row per person paid rewards in the calendar year (Poland’s time): identification, PESEL, tax office, address, the year’s rewards by kind (quizzes, surveys, sales challenges, corrections) and in all. 409 when the report does not add up to the ledger.',
        querystring: taxReportExportQuerySchema,
      },
    },
    async (req, reply) => {
      const { year, format } = req.query;
      const file = await service.taxYearFile(app.db, year, req.lang);
      const name = `zestawienie-podatkowe-${year}`;
      reply.header('cache-control', 'no-store');
      if (format === 'csv') {
        // People with complete tax data first; the others follow, their last column naming what is missing.
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.csv"`)
          .send(csvStream(file.header, [file.complete, file.missing], (r) => r));
      }
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${name}.xlsx"`)
        .send(await service.taxYearXlsx(file, year, req.lang));
    },
  );

  app.get(
    API.statementYears,
    {
      config: { access: allow('profile.view') },
      schema: {
        tags,
        summary: 'The years the signed-in rep was paid rewards in, newest first',
        response: { 200: statementYearsSchema, ...errors },
      },
    },
    async (req) => ({ years: await service.statementYears(app.db, requireUser(req).id) }),
  );

  app.get(
    API.statement,
    {
      config: { access: allow('profile.view') },
      schema: {
        tags,
        summary:
          'The signed-in rep’s yearly statement of rewards as a PDF (always its own; 404 for a year without rewards)',
        querystring: taxReportQuerySchema,
      },
    },
    async (req, reply) => {
      const pdf = await service.statement(app.db, requireUser(req).id, req.query.year, req.lang);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="zestawienie-${req.query.year}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}
