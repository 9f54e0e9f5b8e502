import {
  API,
  type AuditChange,
  auditEventDetailsSchema,
  auditExportQuerySchema,
  auditListQuerySchema,
  auditPageSchema,
  idParamSchema,
} from '@incentive/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { csvFileName, csvStream, formatDateTime, timeZoneOf } from '../../lib/csv.ts';
import { allow, requireUser } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import * as service from './audit.service.ts';

const errors = errorAnswers(401, 403, 404, 422);

/** One changed row in a CSV cell: `users#12 email: a•••@x.pl → b•••@x.pl, role: seller → seller_reg`. */
function changeText(c: AuditChange): string {
  const keys = Object.keys(c.after ?? c.before ?? {});
  const value = (v: unknown) => (v === null || v === undefined ? '∅' : typeof v === 'string' ? v : JSON.stringify(v));
  const fields = keys.map((k) =>
    c.op === 'update'
      ? `${k}: ${value(c.before?.[k])} → ${value(c.after?.[k])}`
      : `${k}: ${value((c.after ?? c.before)?.[k])}`,
  );
  return `${c.op} ${c.table}#${c.key ?? ''} ${fields.join(', ')}`;
}

/** The audit trail: who changed what, when and from where (issue 31 point 1, decision 064). */
export async function auditRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['audit'];
  const access = { access: allow('audit.read') };

  app.get(
    API.audit,
    {
      config: access,
      schema: {
        tags,
        summary:
          'The audit trail, newest first, filtered by person, object, kind and Warsaw days; a wholesaler or regional manager sees its warehouses’ events only',
        querystring: auditListQuerySchema,
        response: { 200: auditPageSchema, ...errors },
      },
    },
    async (req) => service.listEvents(app.db, requireUser(req), req.query),
  );

  app.get(
    API.auditExport,
    {
      config: access,
      schema: {
        tags,
        summary:
          'The filtered audit trail as CSV (Excel: semicolons, UTF-8 with BOM), each event with its changed rows',
        querystring: auditExportQuerySchema,
      },
    },
    async (req, reply) => {
      const actor = requireUser(req);
      const tz = timeZoneOf(req.headers['user-timezone']);
      const header = [
        'id',
        'at',
        'actor_id',
        'actor',
        'actor_role',
        'ip',
        'kind',
        'object_type',
        'object_id',
        'object_name',
        'details',
        'changes',
      ];
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-disposition',
          `attachment; filename*=UTF-8''${encodeURIComponent(csvFileName('audit', new Date(), tz))}`,
        )
        .send(
          csvStream(header, service.exportChunks(app.db, actor, req.query), (e) => [
            e.id,
            formatDateTime(new Date(e.at), tz),
            e.actor?.id,
            e.actor?.name,
            e.actor?.role,
            e.ip,
            e.kind,
            e.object_type,
            e.object_id,
            e.object_name,
            e.details ? JSON.stringify(e.details) : null,
            e.changes.map(changeText).join('\n'),
          ]),
        );
    },
  );

  app.get(
    API.auditEvent,
    {
      config: access,
      schema: {
        tags,
        summary: 'One event with the rows it changed, before and after (secrets left out, personal data masked)',
        params: idParamSchema,
        response: { 200: auditEventDetailsSchema, ...errors },
      },
    },
    async (req) => service.eventDetails(app.db, requireUser(req), req.params.id),
  );
}
