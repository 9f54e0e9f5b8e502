import { API } from '@incentive/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC } from '../../plugins/auth.ts';
import * as repo from './health.repo.ts';

/** Liveness and database reachability, for load balancers. */
export async function healthRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    API.health,
    {
      config: { access: PUBLIC },
      schema: { tags: ['health'], response: { 200: z.object({ status: z.literal('ok') }) } },
    },
    async () => {
      await repo.ping(app.db);
      return { status: 'ok' as const };
    },
  );
}
