import {
  API,
  idParamSchema,
  pagedSchema,
  productFieldsSchema,
  productListQuerySchema,
  productSavedSchema,
  productSchema,
  translate,
} from '@incentive/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allow, requireUser } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import { MULTIPART, readImageForm } from '../../plugins/uploads.ts';
import * as service from './products.service.ts';

const errors = errorAnswers(400, 401, 403, 404, 409, 413, 415, 422);

const formDescription =
  'multipart/form-data: name, code (unique among live products; letters, digits and . _ / -), description (optional) and the optional file part `image` (PNG or JPEG, 5 MB; on edit none keeps the current one).';

export async function productRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['products'];

  app.get(
    API.products,
    {
      config: { access: allow('products.read') },
      schema: {
        tags,
        summary:
          "The product catalogue (the article form's picker): paged, searched by name; article_id is the newest published article presenting the product",
        querystring: productListQuerySchema,
        response: { 200: pagedSchema(productSchema), ...errorAnswers(401, 403) },
      },
    },
    async (req) => service.listProducts(app.db, req.query),
  );

  app.post(
    API.products,
    {
      config: { access: allow('products.manage') },
      schema: {
        tags,
        summary: 'Add a product to the catalogue (its code is what sales-result files name it by)',
        description: formDescription,
        consumes: MULTIPART,
        response: { 201: productSavedSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { fields, image } = await readImageForm(req, productFieldsSchema);
      const id = await service.createProductFromForm(app.db, requireUser(req), fields, image);
      return reply.code(201).send({ product_id: id, message: translate(req.lang, 'product.created') });
    },
  );

  app.post(
    API.product,
    {
      config: { access: allow('products.manage') },
      schema: {
        tags,
        summary: 'Edit a catalogue product that is not deleted',
        description: formDescription,
        consumes: MULTIPART,
        params: idParamSchema,
        response: { 200: productSavedSchema, ...errors },
      },
    },
    async (req) => {
      const { fields, image } = await readImageForm(req, productFieldsSchema);
      await service.updateProductFromForm(app.db, requireUser(req), req.params.id, fields, image);
      return { product_id: req.params.id, message: translate(req.lang, 'product.updated') };
    },
  );
}
