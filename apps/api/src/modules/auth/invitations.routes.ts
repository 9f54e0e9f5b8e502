import {
  API,
  idParamSchema,
  invitationCountsSchema,
  invitationListQuerySchema,
  invitationSchema,
  invitationsResentSchema,
  pagedSchema,
  translate,
} from '@incentive/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addStateGauge } from '../../lib/metrics.ts';
import { allow, requireUser } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import type { AuthSettings } from './auth.service.ts';
import * as service from './invitations.service.ts';

const errors = errorAnswers(401, 403, 404, 409, 422);

/** The activation e-mails of accounts created in bulk: their sender job, counts, failures and "send again" (decision 061). */
export async function invitationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['onboarding'];
  // The activation e-mails' queue for the operator's metrics (issue 32 point 2).
  addStateGauge(app.metrics, {
    name: 'invitation_mails',
    help: 'Activation e-mails of accounts created in bulk by status: queued (waiting or retrying), failed, sent.',
    label: 'status',
    read: async () => ({ ...(await service.queueCounts(app.db)) }),
  });
  const access = { access: allow('people.import') };
  const settings = (): AuthSettings => ({
    sessionTtlHours: app.config.SESSION_TTL_HOURS,
    setPasswordTtlHours: app.config.SET_PASSWORD_TTL_HOURS,
    scryptLogN: app.config.SCRYPT_LOG_N,
    publicUrl: app.config.publicUrl,
  });
  app.jobs.register(
    service.invitationsJob({ mailer: app.mailer, settings, perMinute: app.config.INVITE_MAILS_PER_MINUTE }),
  );

  app.get(
    API.invitationCounts,
    {
      config: access,
      schema: {
        tags,
        summary: 'How many activation e-mails are queued, sent and failed (of the people in the caller’s scope)',
        response: { 200: invitationCountsSchema, ...errors },
      },
    },
    async (req) => service.invitationCounts(app.db, requireUser(req)),
  );

  app.get(
    API.invitations,
    {
      config: access,
      schema: {
        tags,
        summary: 'Activation e-mails of one status (failed by default), newest first, paged, with the last error',
        querystring: invitationListQuerySchema,
        response: { 200: pagedSchema(invitationSchema), ...errors },
      },
    },
    async (req) => service.listInvitations(app.db, requireUser(req), req.query),
  );

  app.post(
    API.invitationResend,
    {
      config: access,
      schema: {
        tags,
        summary: 'Send one failed activation e-mail again (queued now, with a fresh link when it goes)',
        params: idParamSchema,
        response: { 200: invitationsResentSchema, ...errors },
      },
    },
    async (req) => {
      const count = await service.resendInvitation(app.db, requireUser(req), req.params.id);
      app.jobs.wake();
      return { count, message: translate(req.lang, 'onboarding.resent', { count }) };
    },
  );

  app.post(
    API.invitationsResendFailed,
    {
      config: access,
      schema: {
        tags,
        summary: 'Send every failed activation e-mail in the caller’s scope again (people who set no password yet)',
        response: { 200: invitationsResentSchema, ...errors },
      },
    },
    async (req) => {
      const count = await service.resendFailedInvitations(app.db, requireUser(req));
      if (count > 0) app.jobs.wake();
      return { count, message: translate(req.lang, 'onboarding.resent', { count }) };
    },
  );
}
