import { API } from '@incentive/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC } from '../../plugins/auth.ts';
import * as repo from './health.repo.ts';

/**
 * Liveness and database reachability, for load balancers (GET /api/health), and readiness
 * (GET /api/ready): 503 while the database cannot be reached or lacks a migration of this build,
 * so a load balancer sends no request to a process that would fail it (issue 32 point 2).
 */
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
  app.withTypeProvider<ZodTypeProvider>().get(
    API.ready,
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['health'],
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z.object({
            status: z.literal('not_ready'),
            database: z.enum(['ok', 'unreachable', 'migrations_pending']),
          }),
        },
      },
    },
    async (_req, reply) => {
      let database: 'ok' | 'unreachable' | 'migrations_pending' = 'ok';
      try {
        if (await repo.migrationsPending(app.db)) database = 'migrations_pending';
      } catch (err) {
        app.log.warn({ err }, 'readiness: the database cannot be reached');
        database = 'unreachable';
      }
      if (database === 'ok') return { status: 'ready' as const };
      return reply
        .code(503)
        .header('cache-control', 'no-store')
        .send({ status: 'not_ready' as const, database });
    },
  );
}
