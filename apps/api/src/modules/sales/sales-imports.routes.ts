import {
  API,
  idParamSchema,
  managerReclaimListSchema,
  pagedSchema,
  SALES_IMPORT_LIMITS,
  type SalesImport,
  salesHeldDecisionSchema,
  salesHeldListQuerySchema,
  salesHeldRowSchema,
  salesImportFieldsSchema,
  salesImportListQuerySchema,
  salesImportSchema,
  salesImportSettingsBodySchema,
  salesImportSettingsSchema,
  translate,
} from '@incentive/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { parseFields } from '../../lib/form-fields.ts';
import { allow, requireUser } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import { MULTIPART, readStreamedUpload } from '../../plugins/uploads.ts';
import * as held from './sales-held.service.ts';
import { resumeStalledImports, salesImportJob } from './sales-import-job.ts';
import * as service from './sales-imports.service.ts';
import { salesText } from './sales-reasons.ts';
import * as settings from './sales-settings.service.ts';

const errors = errorAnswers(401, 403, 404, 422);

/** The file streams straight into the import: one file part, one text field, nothing buffered whole. */
const UPLOAD_LIMITS = { fileSize: SALES_IMPORT_LIMITS.fileBytes, files: 1, fields: 5, parts: 10, fieldSize: 100 };

/**
 * Reads the form as it streams: the optional `encoding` field, then the `file` part, which is
 * imported while it arrives.
 */
async function importUpload(app: FastifyInstance, req: FastifyRequest): Promise<SalesImport> {
  const user = requireUser(req);
  return readStreamedUpload(req, {
    fields: ['encoding'],
    limits: UPLOAD_LIMITS,
    tooLarge: () => new AppError(413, 'sales.fileTooLarge'),
    missingFile: () => new AppError(422, 'sales.fileRequired', {}, { file: ['sales.fileRequired'] }),
    onFile: async (fields, file) => {
      const chosen = parseFields(salesImportFieldsSchema, fields);
      const result = await service.importSales(
        app.db,
        user.id,
        { fileName: file.filename, encoding: chosen.encoding, chunks: file.chunks, truncated: file.truncated },
        req.lang,
        app.jobs.stopping,
        // This upload is a request in flight itself: the others go first.
        { betweenBatches: () => app.jobs.requestsFirst(1) },
      );
      // The job is queued: the local worker looks now rather than at its next poll.
      app.jobs.wake();
      return result;
    },
  });
}

export async function salesImportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['sales-imports'];
  const access = { access: allow('sales.import') };

  // Checking and paying an import is a background job (decision 050).
  app.jobs.register(salesImportJob);

  // Imports a stopped process left half-read never count; one a failed job left applying gets a new
  // job. A failure here must not stop the app.
  app.addHook('onReady', async () => {
    await service
      .failInterruptedImports(app.db)
      .catch((err: unknown) => app.log.error({ err }, 'could not fail interrupted sales imports'));
    await resumeStalledImports(app.db).then(
      (n) => {
        if (n > 0) app.jobs.wake();
      },
      (err: unknown) => app.log.error({ err }, 'could not resume stalled sales imports'),
    );
  });

  app.post(
    API.salesImports,
    {
      config: access,
      schema: {
        tags,
        summary:
          'Upload a CSV or XLSX file of sales results: read and staged now, then checked and paid by a background job (202)',
        description:
          'multipart/form-data: optional `encoding` (auto, utf-8, windows-1250; before the file), then the file part `file` (CSV or XLSX, at most 50 MB and 200,000 rows; the type is decided by the bytes). 202 answers the import queued (with its queue_position); GET it to follow rows_checked, rows_accepted, rows_rejected and its status until applied. 422 refuses the whole file (wrong columns, type, encoding, too many rows, empty): nothing of it is applied. 503 when the server stops while the file is read (the import is failed, nothing staged).',
        consumes: MULTIPART,
        response: {
          202: salesImportSchema,
          ...errors,
          ...errorAnswers(400, 413, 415, 503),
        },
      },
    },
    async (req, reply) => {
      const result = await importUpload(app, req);
      const summary =
        result.rows_summary > 0 ? `. ${salesText(req.lang, 'sales.summaryRows', { count: result.rows_summary })}` : '';
      return reply.code(202).send({
        ...result,
        message: `${translate(req.lang, 'sales.queued', {
          rows: translate(req.lang, 'sales.rows', { count: result.rows_total }),
        })}${summary}`,
      });
    },
  );

  app.get(
    API.salesImportSettings,
    {
      config: access,
      schema: {
        tags,
        summary:
          'The plausibility limits: units per row, and rewards per rep in one import, above which rows are held for a decision',
        response: { 200: salesImportSettingsSchema, ...errors },
      },
    },
    async () => settings.getSettings(app.db),
  );

  app.put(
    API.salesImportSettings,
    {
      config: access,
      schema: {
        tags,
        summary:
          'Set the plausibility limits (max_row_quantity 1–1,000,000 units; max_rep_amount 1.00–1,000,000.00 PLN); imports checked afterwards use them',
        body: salesImportSettingsBodySchema,
        response: { 200: salesImportSettingsSchema, ...errors },
      },
    },
    async (req) => settings.putSettings(app.db, req.body, requireUser(req).id),
  );

  app.get(
    API.salesImportHeld,
    {
      config: access,
      schema: {
        tags,
        summary: "An import's rows held for a decision (too many units, or the rep's total too high), in file order",
        params: idParamSchema,
        querystring: salesHeldListQuerySchema,
        response: { 200: pagedSchema(salesHeldRowSchema), ...errors },
      },
    },
    async (req) => held.listHeld(app.db, req.params.id, req.query, req.lang),
  );

  app.post(
    API.salesImportHeldConfirm,
    {
      config: access,
      schema: {
        tags,
        summary:
          'Confirm held rows (chosen by row number, or all): paid at once in one transaction; 422 when a rep would get more than 1,000,000.00 PLN from the import',
        params: idParamSchema,
        body: salesHeldDecisionSchema,
        response: { 200: salesImportSchema, ...errors, ...errorAnswers(409) },
      },
    },
    async (req) => {
      const rows = await held.confirmHeld(app.db, req.params.id, req.body, requireUser(req).id);
      const result = await service.getImport(app.db, req.params.id, req.lang);
      return {
        ...result,
        message: translate(req.lang, 'sales.held.confirmed', {
          rows: translate(req.lang, 'sales.rows', { count: rows }),
        }),
      };
    },
  );

  app.post(
    API.salesImportHeldReject,
    {
      config: access,
      schema: {
        tags,
        summary: "Reject held rows (chosen by row number, or all): never paid, listed in the import's refused rows",
        params: idParamSchema,
        body: salesHeldDecisionSchema,
        response: { 200: salesImportSchema, ...errors, ...errorAnswers(409) },
      },
    },
    async (req) => {
      const rows = await held.rejectHeld(app.db, req.params.id, req.body);
      const result = await service.getImport(app.db, req.params.id, req.lang);
      return {
        ...result,
        message: translate(req.lang, 'sales.held.rejected', {
          rows: translate(req.lang, 'sales.rows', { count: rows }),
        }),
      };
    },
  );

  app.get(
    API.salesImports,
    {
      config: access,
      schema: {
        tags,
        summary:
          'The import history, newest first: who imported which file when, rows and money, whether it may be reverted',
        querystring: salesImportListQuerySchema,
        response: { 200: pagedSchema(salesImportSchema), ...errors },
      },
    },
    async (req) => service.listImports(app.db, req.query, req.lang),
  );

  app.get(
    API.salesManagerReclaims,
    {
      config: access,
      schema: {
        tags,
        summary:
          'Money sales imports had credited to regional managers, moved back out through the ledger (manager_reclaim entries, newest first)',
        response: { 200: managerReclaimListSchema, ...errors },
      },
    },
    async () => service.listManagerReclaims(app.db),
  );

  app.get(
    API.salesImport,
    {
      config: access,
      schema: {
        tags,
        summary: 'One import',
        params: idParamSchema,
        response: { 200: salesImportSchema, ...errors },
      },
    },
    async (req) => service.getImport(app.db, req.params.id, req.lang),
  );

  app.get(
    API.salesImportRejected,
    {
      config: access,
      schema: {
        tags,
        summary: "The import's refused rows with the reason (Excel CSV, semicolons, UTF-8 with BOM)",
        params: idParamSchema,
      },
    },
    async (req, reply) => {
      const stream = await service.rejectedCsv(app.db, req.params.id, req.lang);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="sales-import-${req.params.id}-rejected.csv"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.post(
    API.salesImportRevert,
    {
      config: access,
      schema: {
        tags,
        summary: 'Revert an applied import by compensating ledger entries; 409 when a rep no longer holds its money',
        params: idParamSchema,
        response: { 200: salesImportSchema, ...errors, ...errorAnswers(409) },
      },
    },
    async (req) => {
      const result = await service.revertImport(app.db, req.params.id, requireUser(req).id, req.lang);
      return { ...result, message: translate(req.lang, 'sales.reverted') };
    },
  );
}
