import type { FastifyInstance } from 'fastify';

/** User management routes arrive with the back-office feature; GET /api/me lives in auth. */
export async function userRoutes(_app: FastifyInstance) {}
