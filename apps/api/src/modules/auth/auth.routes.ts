import {
  API,
  forgotPasswordBodySchema,
  loginBodySchema,
  loginResponseSchema,
  okResponseSchema,
  resendSetPasswordBodySchema,
  setPasswordBodySchema,
  translate,
} from '@incentive/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { allow, PUBLIC, requireUser } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import * as auth from './auth.service.ts';
import { requestPasswordReset } from './forgot-password.ts';

const errors = errorAnswers(401, 403, 422);

export async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const settings = (): auth.AuthSettings => ({
    sessionTtlHours: app.config.SESSION_TTL_HOURS,
    setPasswordTtlHours: app.config.SET_PASSWORD_TTL_HOURS,
    scryptLogN: app.config.SCRYPT_LOG_N,
    publicUrl: app.config.publicUrl,
  });

  app.post(
    API.login,
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        security: [],
        body: loginBodySchema,
        response: { 200: loginResponseSchema, ...errorAnswers(429), ...errors },
      },
    },
    async (req, reply) => {
      const { deviceCookie, ...answer } = await auth.login(app.db, settings(), {
        email: req.body.email,
        password: req.body.password,
        ip: req.ip,
        userAgent: req.headers['user-agent'],
        cookies: req.headers.cookie,
        secure: req.protocol === 'https' || app.config.publicUrl.startsWith('https:'),
      });
      // This browser has now signed in to the account: a later sign-in passes a blocked address (decision 048).
      reply.header('set-cookie', deviceCookie);
      return answer;
    },
  );

  app.post(
    API.logout,
    {
      config: { access: allow('session.use') },
      schema: { tags: ['auth'], summary: 'End this session', response: { 200: okResponseSchema, ...errors } },
    },
    async (req) => {
      await auth.logout(app.db, requireUser(req).sessionId);
      return { message: translate(req.lang, 'auth.loggedOut') };
    },
  );

  app.post(
    API.setPassword,
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['auth'],
        summary: 'Set a password from an e-mailed link (activates the account)',
        security: [],
        body: setPasswordBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (req) => {
      await auth.setPassword(app.db, settings(), req.body);
      return { message: translate(req.lang, 'register.success') };
    },
  );

  app.post(
    API.forgotPassword,
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['auth'],
        summary:
          "Forgotten password: e-mail a set-password link to the account's own address (the same answer whether it exists or not)",
        security: [],
        body: forgotPasswordBodySchema,
        response: { 200: okResponseSchema, ...errorAnswers(429), ...errors },
      },
    },
    async (req) => {
      await requestPasswordReset(app.db, app.mailer, settings(), app.background, {
        email: req.body.email,
        ip: req.ip,
        lang: req.lang,
      });
      return { message: translate(req.lang, 'auth.resetRequested') };
    },
  );

  app.post(
    API.resendSetPassword,
    {
      config: { access: allow('users.manage') },
      schema: {
        tags: ['auth'],
        summary: 'E-mail a fresh set-password link to a user in your scope',
        body: resendSetPasswordBodySchema,
        response: { 200: okResponseSchema, ...errorAnswers(404), ...errors },
      },
    },
    async (req) => {
      await auth.resendSetPassword(app.db, app.mailer, settings(), requireUser(req), req.body.email, req.lang);
      return { message: translate(req.lang, 'auth.activationLinkSent') };
    },
  );
}
