import {
  API,
  idParamSchema,
  okResponseSchema,
  pagedSchema,
  translate,
  warehouseExportQuerySchema,
  warehouseListQuerySchema,
  warehouseSavedSchema,
  warehouseSchema,
  warehouseUpsertBodySchema,
} from '@incentive/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { csvFileName, csvMoney, csvStream, timeZoneOf } from '../../lib/csv.ts';
import { sendJsonText } from '../../lib/json-text.ts';
import { prefetchFirst } from '../../lib/prefetch.ts';
import { allow, requireUser } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import * as service from './warehouses.service.ts';

const errors = errorAnswers(401, 403, 404, 409, 422);

export async function warehouseRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['warehouses'];

  app.get(
    API.warehouses,
    {
      config: { access: allow('warehouses.read') },
      schema: {
        tags,
        summary: 'Warehouses the caller may see, paged, sorted and searched',
        querystring: warehouseListQuerySchema,
        response: { 200: pagedSchema(warehouseSchema), ...errors },
      },
    },
    async (req, reply) => sendJsonText(reply, await service.listWarehouses(app.db, requireUser(req), req.query)),
  );

  app.get(
    API.warehousesExport,
    {
      config: { access: allow('warehouses.read') },
      schema: {
        tags,
        summary: 'The warehouse list (current search and sort) as CSV for Excel: UTF-8 with BOM, semicolons',
        querystring: warehouseExportQuerySchema,
      },
    },
    async (req, reply) => {
      const actor = requireUser(req);
      const tz = timeZoneOf(req.headers['user-timezone']);
      const t = (k: Parameters<typeof translate>[1]) => translate(req.lang, k);
      const header = ['id', 'assecoId', 'name', 'address', 'adminsCount', 'phCount', 'activeCount', 'amount'].map(
        (k) => (k === 'id' ? 'ID' : t(`csv.warehouses.${k}`)),
      );
      // The first rows are read before the header goes out: a failing query is an error answer, not a cut file.
      const rows = await prefetchFirst(service.exportWarehouses(app.db, actor, req.query));
      const stream = csvStream(header, rows, (w) => [
        w.id,
        w.asseco_id,
        w.name,
        w.address,
        w.admins_count,
        w.users_count,
        w.actives_count,
        csvMoney(w.amount, req.lang),
      ]);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName('warehouses', new Date(), tz)}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.post(
    API.warehouses,
    {
      config: { access: allow('warehouses.create') },
      schema: {
        tags,
        summary: 'Add a warehouse with its admins',
        body: warehouseUpsertBodySchema,
        response: { 201: warehouseSavedSchema, ...errors },
      },
    },
    async (req, reply) => {
      const id = await service.createWarehouse(app.db, requireUser(req), req.body);
      return reply.code(201).send({ id, message: translate(req.lang, 'warehouses.created') });
    },
  );

  app.get(
    API.warehouse,
    {
      config: { access: allow('warehouses.read') },
      schema: {
        tags,
        summary: 'One warehouse with its figures',
        params: idParamSchema,
        response: { 200: warehouseSchema, ...errors },
      },
    },
    async (req) => service.getWarehouse(app.db, requireUser(req), req.params.id),
  );

  app.put(
    API.warehouse,
    {
      config: { access: allow('warehouses.edit') },
      schema: {
        tags,
        summary: 'Edit a warehouse and set its admins',
        params: idParamSchema,
        body: warehouseUpsertBodySchema,
        response: { 200: warehouseSavedSchema, ...errors },
      },
    },
    async (req) => {
      await service.updateWarehouse(app.db, requireUser(req), req.params.id, req.body);
      return { id: req.params.id, message: translate(req.lang, 'warehouses.updated') };
    },
  );

  app.delete(
    API.warehouse,
    {
      config: { access: allow('warehouses.delete') },
      schema: {
        tags,
        summary: 'Delete a warehouse without reps or money (409 otherwise)',
        params: idParamSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (req) => {
      await service.deleteWarehouse(app.db, requireUser(req), req.params.id);
      return { message: translate(req.lang, 'warehouses.deleted') };
    },
  );
}
