import {
  API,
  idParamSchema,
  ONBOARDING_LIMITS,
  type OnboardingImport,
  onboardingImportListQuerySchema,
  onboardingImportSchema,
  onboardingRowSchema,
  onboardingRowsQuerySchema,
  onboardingTemplateQuerySchema,
  onboardingUploadFieldsSchema,
  pagedSchema,
} from '@incentive/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { csvFileName, csvStream, timeZoneOf } from '../../lib/csv.ts';
import { parseFields } from '../../lib/form-fields.ts';
import { allow, requireUser } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import { MULTIPART, readStreamedUpload } from '../../plugins/uploads.ts';
import * as service from './onboarding.service.ts';
import { templateHeader, templateRows, templateXlsx } from './template.ts';

const errors = errorAnswers(401, 403, 404, 409, 413, 422);

const UPLOAD_LIMITS = { fileSize: ONBOARDING_LIMITS.fileBytes, files: 1, fields: 5, parts: 10, fieldSize: 100 };

const tooLarge = () =>
  new AppError(413, 'onboarding.fileTooLarge', { count: ONBOARDING_LIMITS.fileBytes / 1024 / 1024 });

/** The form as it streams: `kind` and the optional `encoding`, then the `file` part, read whole. */
async function previewUpload(app: FastifyInstance, req: FastifyRequest): Promise<OnboardingImport> {
  const actor = requireUser(req);
  return readStreamedUpload(req, {
    fields: ['kind', 'encoding'],
    limits: UPLOAD_LIMITS,
    tooLarge,
    missingFile: () => new AppError(422, 'onboarding.fileRequired', {}, { file: ['onboarding.fileRequired'] }),
    onFile: async (fields, file) => {
      const chosen = parseFields(onboardingUploadFieldsSchema, fields);
      return service.previewImport(
        app.db,
        actor,
        chosen.kind,
        { fileName: file.filename, encoding: chosen.encoding, chunks: file.chunks, truncated: file.truncated },
        req.lang,
        // This upload is a request in flight itself: the others go first (PGlite).
        () => app.jobs.requestsFirst(1),
      );
    },
  });
}

/** Bulk onboarding of warehouses and people (issue 30 point 1, decision 061). */
export async function onboardingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['onboarding'];
  const access = { access: allow('people.import') };

  app.post(
    API.onboardingImports,
    {
      config: access,
      schema: {
        tags,
        summary:
          'Upload a CSV or XLSX of warehouses or people: read, checked and kept as a preview (nothing else is written)',
        description:
          'multipart/form-data: `kind` (warehouses or people) and optional `encoding` (auto, utf-8, windows-1250), then the file part `file` (CSV or XLSX, at most 10 MB and 10,000 rows; the header row may sit under title rows). 201 answers the preview’s counts; GET …/rows lists its rows by action. 422 refuses the whole file (wrong columns, type, encoding, too many rows, empty). Warehouses: root and admin only (403).',
        consumes: MULTIPART,
        response: { 201: onboardingImportSchema, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await previewUpload(app, req)),
  );

  app.get(
    API.onboardingImports,
    {
      config: access,
      schema: {
        tags,
        summary: 'The history of onboarding imports, newest first (a scoped role sees its own), paged',
        querystring: onboardingImportListQuerySchema,
        response: { 200: pagedSchema(onboardingImportSchema), ...errors },
      },
    },
    async (req) => service.listImports(app.db, requireUser(req), req.query),
  );

  app.get(
    API.onboardingImport,
    {
      config: access,
      schema: {
        tags,
        summary: 'One import: its preview’s counts, status and, once applied, its activation e-mails',
        params: idParamSchema,
        response: { 200: onboardingImportSchema, ...errors },
      },
    },
    async (req) => service.getImport(app.db, requireUser(req), req.params.id),
  );

  app.get(
    API.onboardingImportRows,
    {
      config: access,
      schema: {
        tags,
        summary:
          'The preview’s rows in file order (one action’s with `action`): changes of updates, reasons of refusals',
        params: idParamSchema,
        querystring: onboardingRowsQuerySchema,
        response: { 200: pagedSchema(onboardingRowSchema), ...errors },
      },
    },
    async (req) => service.listRows(app.db, requireUser(req), req.params.id, req.query, req.lang),
  );

  app.post(
    API.onboardingImportApply,
    {
      config: access,
      schema: {
        tags,
        summary: 'Apply the preview in one transaction; new accounts get their activation e-mail through the queue',
        description:
          '409 onboarding.changed when the programme’s records changed since the preview: the new preview is kept (read it again); 409 onboarding.notPreviewed when already applied or cancelled; 409 onboarding.nothingToApply when no row creates or updates anything.',
        params: idParamSchema,
        response: { 200: onboardingImportSchema, ...errors },
      },
    },
    async (req) => {
      const answer = await service.applyImport(app.db, requireUser(req), req.params.id, req.lang);
      app.jobs.wake();
      return answer;
    },
  );

  app.post(
    API.onboardingImportCancel,
    {
      config: access,
      schema: {
        tags,
        summary: 'Cancel a preview: nothing of it is written',
        params: idParamSchema,
        response: { 200: onboardingImportSchema, ...errors },
      },
    },
    async (req) => service.cancelImport(app.db, requireUser(req), req.params.id, req.lang),
  );

  app.get(
    API.onboardingImportRefused,
    {
      config: access,
      schema: {
        tags,
        summary: 'The refused rows as CSV for Excel: the row number, the file’s own columns, and the reasons',
        params: idParamSchema,
      },
    },
    async (req, reply) => {
      const report = await service.refusedReport(app.db, requireUser(req), req.params.id, req.lang);
      const tz = timeZoneOf(req.headers['user-timezone']);
      // ASCII only: a header value carries no Polish letters safely.
      const ascii = report.fileName
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/ł/g, 'l')
        .replace(/Ł/g, 'L');
      const base = `${ascii}-odrzucone`.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 100);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(csvFileName(base, new Date(), tz))}`,
        )
        .header('cache-control', 'no-store')
        .send(csvStream(report.header, [report.rows], (r) => r));
    },
  );

  app.get(
    API.onboardingTemplate,
    {
      config: access,
      schema: {
        tags,
        summary: 'A template file (XLSX with an instructions sheet, or CSV) with the columns and example rows',
        querystring: onboardingTemplateQuerySchema,
      },
    },
    async (req, reply) => {
      const { kind, format } = req.query;
      const name = kind === 'warehouses' ? 'szablon-hurtownie' : 'szablon-osoby';
      if (format === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}.csv"`)
          .send(csvStream(templateHeader(kind), [templateRows(kind)], (r) => r));
      }
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${name}.xlsx"`)
        .send(await templateXlsx(kind, req.lang));
    },
  );
}
