import { API, errorResponseSchema, pagedSchema, productListQuerySchema, productSchema } from '@incentive/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allow } from '../../plugins/auth.ts';
import * as service from './products.service.ts';

export async function productRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    API.products,
    {
      config: { access: allow('products.read') },
      schema: {
        tags: ['products'],
        summary:
          "The product catalogue (the article form's picker): paged, searched by name; article_id is the newest published article presenting the product",
        querystring: productListQuerySchema,
        response: { 200: pagedSchema(productSchema), 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (req) => service.listProducts(app.db, req.query),
  );
}
