import {
  API,
  idParamSchema,
  loginListQuerySchema,
  loginRecordSchema,
  okResponseSchema,
  pagedSchema,
  translate,
  userCreatedSchema,
  userDetailsSchema,
  userExportQuerySchema,
  userListItemSchema,
  userListQuerySchema,
  userSavedSchema,
  userSchema,
  userUpsertBodySchema,
  warehouseUserListQuerySchema,
} from '@incentive/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { csvFileName, csvMoney, csvStream, formatDateTime, timeZoneOf } from '../../lib/csv.ts';
import { sendJsonText } from '../../lib/json-text.ts';
import { prefetchFirst } from '../../lib/prefetch.ts';
import { allow, requireUser } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import type { AuthSettings } from '../auth/auth.service.ts';
import { LOGIN_COUNTER_DAYS } from './login-window.ts';
import * as service from './users.service.ts';

const errors = errorAnswers(401, 403, 404, 409, 422);

export async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  const settings = (): AuthSettings => ({
    sessionTtlHours: app.config.SESSION_TTL_HOURS,
    setPasswordTtlHours: app.config.SET_PASSWORD_TTL_HOURS,
    scryptLogN: app.config.SCRYPT_LOG_N,
    publicUrl: app.config.publicUrl,
  });

  app.get(
    API.users,
    {
      config: { access: allow('users.list') },
      schema: {
        tags,
        summary: 'Users of one role the caller may see, paged, sorted and searched',
        querystring: userListQuerySchema,
        response: { 200: pagedSchema(userListItemSchema), ...errors },
      },
    },
    async (req, reply) => sendJsonText(reply, await service.listUsers(app.db, requireUser(req), req.query)),
  );

  app.get(
    API.me,
    {
      config: { access: allow('session.use') },
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: userSchema, ...errors } },
    },
    async (req, reply) => sendJsonText(reply, await service.getMe(app.db, requireUser(req).id)),
  );

  app.get(
    API.warehouseUsers,
    {
      config: { access: allow('users.list') },
      schema: {
        tags: ['warehouses'],
        summary: "A warehouse's sales reps (role=seller) or admins (role=wholesaler)",
        params: idParamSchema,
        querystring: warehouseUserListQuerySchema,
        response: { 200: pagedSchema(userListItemSchema), ...errors },
      },
    },
    async (req, reply) =>
      sendJsonText(reply, await service.listWarehouseUsers(app.db, requireUser(req), req.params.id, req.query)),
  );

  app.get(
    API.usersExport,
    {
      config: { access: allow('users.list') },
      schema: {
        tags,
        summary: 'The user list (current role, search and sort) as CSV for Excel: UTF-8 with BOM, semicolons',
        querystring: userExportQuerySchema,
      },
    },
    async (req, reply) => {
      const chunks = await service.exportUsers(app.db, requireUser(req), req.query);
      const tz = timeZoneOf(req.headers['user-timezone']);
      const t = (key: string) => translate(req.lang, key);
      const yesNo = (b: boolean) => t(b ? 'csv.yes' : 'csv.no');
      const money = (m: string) => csvMoney(m, req.lang);
      const header = [
        'id',
        'assecoId',
        'name',
        'surname',
        'email',
        'card',
        'active',
        'completeProfile',
        'lastLogin',
        'loginCounter',
        'challenges',
        'totalAmount',
        'amountFromQuiz',
        'inWithdrawal',
        'withdrawn',
      ].map((k) =>
        k === 'loginCounter'
          ? translate(req.lang, 'csv.users.loginCounter', { count: LOGIN_COUNTER_DAYS })
          : t(`csv.users.${k}`),
      );
      // The first rows are read before the header goes out: a failing query is an error answer, not a cut file.
      const stream = csvStream(header, await prefetchFirst(chunks), (u) => [
        u.id,
        u.asseco_id,
        u.name,
        u.surname,
        u.email,
        u.card?.number,
        yesNo(u.is_active),
        yesNo(u.complete_profile),
        u.last_login_at ? formatDateTime(new Date(u.last_login_at), tz) : t('csv.never'),
        u.login_counter_weekly,
        u.challenges.map((c) => `${c.name}: ${money(c.amount)}`).join(', '),
        money(u.total_amount),
        money(u.amount_from_quiz),
        money(u.wallet.in_withdrawal),
        money(u.withdraw_amount),
      ]);
      const base = req.query.role === 'seller_reg' ? 'registered-sales-reps' : `users-${req.query.role}`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${csvFileName(base, new Date(), tz)}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.post(
    API.users,
    {
      config: { access: allow('users.manage') },
      schema: {
        tags,
        summary: 'Create a user in your scope; its set-password link is e-mailed',
        body: userUpsertBodySchema,
        response: { 201: userCreatedSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { id, mailError } = await service.createUser(
        app.db,
        app.mailer,
        settings(),
        requireUser(req),
        req.body,
        req.lang,
      );
      if (mailError) req.log.error({ err: mailError, userId: id }, 'set-password e-mail for a new user failed');
      const message = translate(req.lang, mailError ? 'users.createdMailFailed' : 'users.created');
      return reply.code(201).send({ id, message });
    },
  );

  app.get(
    API.user,
    {
      config: { access: allow('users.read') },
      schema: {
        tags,
        summary: 'One user (a rep sees only itself); full card number for root and admin only',
        params: idParamSchema,
        response: { 200: userDetailsSchema, ...errors },
      },
    },
    async (req) => service.getUserDetails(app.db, requireUser(req), req.params.id),
  );

  app.put(
    API.profile,
    {
      config: { access: allow('users.manage') },
      schema: {
        tags,
        summary: 'Edit a user you manage; optional fields left out keep their value',
        params: idParamSchema,
        body: userUpsertBodySchema,
        response: { 200: userSavedSchema, ...errors },
      },
    },
    async (req) => {
      // The keys as sent, before validation turned absent fields into nulls (plugins/sent-keys.ts).
      const keys = req.sentKeys ?? new Set<string>();
      const { mailError } = await service.updateUser(
        app.db,
        requireUser(req),
        req.params.id,
        req.body,
        { surname: keys.has('surname'), assecoId: keys.has('assecoId'), phone: keys.has('phone') },
        { mailer: app.mailer, lang: req.lang },
      );
      if (mailError) req.log.error({ err: mailError, userId: req.params.id }, 'e-mail change notice failed');
      return { id: req.params.id, message: translate(req.lang, 'users.updated') };
    },
  );

  app.delete(
    API.user,
    {
      config: { access: allow('users.manage') },
      schema: {
        tags,
        summary: 'Deactivate a user you manage (its sessions end; history and money stay)',
        params: idParamSchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (req) => {
      await service.deleteUser(app.db, requireUser(req), req.params.id);
      return { message: translate(req.lang, 'users.deleted') };
    },
  );

  app.get(
    API.userLogins,
    {
      config: { access: allow('users.read') },
      schema: {
        tags,
        summary: "A user's sign-ins (a rep sees only its own)",
        params: idParamSchema,
        querystring: loginListQuerySchema,
        response: { 200: pagedSchema(loginRecordSchema), ...errors },
      },
    },
    async (req) => service.listLogins(app.db, requireUser(req), req.params.id, req.query),
  );
}
