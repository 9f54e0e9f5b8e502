import { API, repProfileBodySchema, repProfileSavedSchema, repProfileSchema, translate } from '@incentive/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allow, requireUser } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import * as service from './profile.service.ts';

const errors = errorAnswers(401, 403, 422);

/** The signed-in rep's own profile: phone, address and tax data (issue 30 point 2, decision 059). */
export async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['profile'];

  app.get(
    API.myProfile,
    {
      config: { access: allow('profile.view') },
      schema: {
        tags,
        summary: "The signed-in rep's phone, address and tax data (PESEL, tax office)",
        response: { 200: repProfileSchema, ...errors },
      },
    },
    async (req) => service.readProfile(app.db, requireUser(req).id),
  );

  app.put(
    API.myProfile,
    {
      // A rare write of the users row (the phone): it empties the session caches as writes do
      // (decision 041); the rep's kept GET /api/me answer follows its users row (profile.repo.ts).
      config: { access: allow('profile.view') },
      schema: {
        tags,
        summary: "Save the signed-in rep's phone, address and tax data; empty fields are cleared",
        body: repProfileBodySchema,
        response: { 200: repProfileSavedSchema, ...errors },
      },
    },
    async (req) => {
      const profile = await service.saveProfile(app.db, requireUser(req).id, req.body);
      return { message: translate(req.lang, 'taxData.saved'), profile };
    },
  );
}
