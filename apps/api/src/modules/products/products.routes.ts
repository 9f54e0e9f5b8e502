import {
  API,
  errorResponseSchema,
  idParamSchema,
  pagedSchema,
  productFieldsSchema,
  productListQuerySchema,
  productSavedSchema,
  productSchema,
  translate,
} from '@incentive/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { parseFields } from '../../lib/form-fields.ts';
import { allow, requireUser } from '../../plugins/auth.ts';
import { MULTIPART, readForm } from '../../plugins/uploads.ts';
import * as service from './products.service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
  422: errorResponseSchema,
};

const formDescription =
  'multipart/form-data: name, code (unique among live products; letters, digits and . _ / -), description (optional) and the optional file part `image` (PNG or JPEG, 5 MB; on edit none keeps the current one).';

/** The form's fields, validated, and the image, which may come only in the part named `image`. */
async function readProductForm(req: FastifyRequest) {
  const form = await readForm(req);
  if (form.file && form.file.field !== 'image') {
    throw new AppError(422, 'errors.validation', {}, { [form.file.field]: ['errors.validation'] });
  }
  return { fields: parseFields(productFieldsSchema, form.fields), image: form.file?.bytes ?? null };
}

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
        response: { 200: pagedSchema(productSchema), 401: errorResponseSchema, 403: errorResponseSchema },
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
      const { fields, image } = await readProductForm(req);
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
      const { fields, image } = await readProductForm(req);
      await service.updateProductFromForm(app.db, requireUser(req), req.params.id, fields, image);
      return { product_id: req.params.id, message: translate(req.lang, 'product.updated') };
    },
  );
}
