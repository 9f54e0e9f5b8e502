import {
  API,
  addCardBodySchema,
  addCardResponseSchema,
  cardListQuerySchema,
  cardRecordSchema,
  idParamSchema,
  pagedSchema,
  translate,
} from '@incentive/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allow, requireUser } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import * as service from './cards.service.ts';

const errors = errorAnswers(401, 403, 404, 409, 422);

export async function cardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['cards'];

  app.get(
    API.salesRepCards,
    {
      config: { access: allow('users.read') },
      schema: {
        tags,
        summary: "A rep's cards, newest first; numbers masked except for root and admin",
        params: idParamSchema,
        querystring: cardListQuerySchema,
        response: { 200: pagedSchema(cardRecordSchema), ...errors },
      },
    },
    async (req) => service.listCards(app.db, requireUser(req), req.params.id, req.query),
  );

  app.post(
    API.card,
    {
      // Changes no session: the session caches stay (decision 041).
      config: { access: allow('cards.add'), keepsSessions: true },
      schema: {
        tags,
        summary: "Add a card (16 digits) to a rep; it becomes the rep's current card",
        body: addCardBodySchema,
        response: { 201: addCardResponseSchema, ...errors },
      },
    },
    async (req, reply) => {
      const card = await service.addCard(app.db, requireUser(req), req.body.user_id, req.body.number);
      return reply.code(201).send({ message: translate(req.lang, 'card.added'), card });
    },
  );
}
