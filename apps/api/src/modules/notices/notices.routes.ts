import {
  API,
  noticeCountsSchema,
  noticeQueuePageSchema,
  noticeQueueQuerySchema,
  noticeSettingsBodySchema,
  noticeSettingsSchema,
  translate,
  unsubscribeQuerySchema,
} from '@incentive/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addStateGauge } from '../../lib/metrics.ts';
import { allow, PUBLIC, requireUser } from '../../plugins/auth.ts';
import { errorAnswers } from '../../plugins/errors.ts';
import * as service from './notices.service.ts';
import { confirmPage, donePage, invalidPage } from './unsubscribe-page.ts';

const errors = errorAnswers(401, 403, 422);

/** Notices: one's settings, the one-click unsubscribe, the admin's view of the queue, the sender and the scan (decision 065). */
export async function noticeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['notices'];
  // The mail queue for the operator's metrics (issue 32 point 2).
  addStateGauge(app.metrics, {
    name: 'notice_mails',
    help: 'Notice e-mails by status: queued (waiting or retrying), failed (given up), sent, skipped.',
    label: 'status',
    read: async () => ({ ...(await service.noticeCounts(app.db)) }),
  });

  app.jobs.register(
    service.noticesJob({
      mailer: app.mailer,
      publicUrl: () => app.config.publicUrl,
      perMinute: app.config.NOTICE_MAILS_PER_MINUTE,
    }),
  );
  keepScanning(app);

  // A mail client's one-click unsubscribe posts `List-Unsubscribe=One-Click` (RFC 8058); the
  // confirmation page's form posts the same. The token is in the address; the body says nothing more.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, body, done) => done(null, body),
  );

  app.get(
    API.noticeSettings,
    {
      config: { access: allow('notices.settings') },
      schema: {
        tags,
        summary: 'The notices your role receives, each on or off, and the language of their mails',
        response: { 200: noticeSettingsSchema, ...errors },
      },
    },
    async (req) => service.settingsOf(app.db, requireUser(req)),
  );

  app.put(
    API.noticeSettings,
    {
      config: { access: allow('notices.settings') },
      schema: {
        tags,
        summary: 'Turn notices on or off (only the kinds your role receives) and choose their language',
        body: noticeSettingsBodySchema,
        response: { 200: noticeSettingsSchema, ...errors },
      },
    },
    async (req) => service.saveSettings(app.db, requireUser(req), req.body),
  );

  const unsubscribeSchema = {
    tags,
    security: [],
    querystring: unsubscribeQuerySchema,
    produces: ['text/html'],
  };

  app.get(
    API.noticeUnsubscribe,
    {
      config: { access: PUBLIC },
      schema: { ...unsubscribeSchema, summary: 'The unsubscribe link’s page: asks to confirm (a GET changes nothing)' },
    },
    async (req, reply) => {
      const target = await service.unsubscribeTarget(app.db, req.query.t);
      reply.header('cache-control', 'no-store');
      if (!target) return refuse(req, reply);
      const kindName = translate(req.lang, `notices.kind.${target.kind}`);
      if (!readsHtml(req)) return { message: translate(req.lang, 'notices.page.confirm', { kind: kindName }) };
      const action = `${API.noticeUnsubscribe}?t=${encodeURIComponent(req.query.t)}`;
      return reply.type('text/html; charset=utf-8').send(confirmPage(req.lang, kindName, action));
    },
  );

  app.post(
    API.noticeUnsubscribe,
    {
      config: { access: PUBLIC },
      schema: {
        ...unsubscribeSchema,
        summary:
          'One-click unsubscribe (RFC 8058): turns the link’s kind off; a forged, expired or foreign link changes nothing',
      },
    },
    async (req, reply) => {
      const done = await service.unsubscribe(app.db, req.query.t);
      reply.header('cache-control', 'no-store');
      if (!done) return refuse(req, reply);
      const kindName = translate(done.lang, `notices.kind.${done.kind}`);
      if (!readsHtml(req)) return { message: translate(done.lang, 'notices.page.done', { kind: kindName }) };
      return reply.type('text/html; charset=utf-8').send(donePage(done.lang, kindName, app.config.publicUrl));
    },
  );

  app.get(
    API.noticeCounts,
    {
      config: { access: allow('notices.manage') },
      schema: { tags, summary: 'The notices counted by status', response: { 200: noticeCountsSchema, ...errors } },
    },
    async () => service.noticeCounts(app.db),
  );

  app.get(
    API.noticeQueue,
    {
      config: { access: allow('notices.manage') },
      schema: {
        tags,
        summary: 'The notices of one status (failed by default), newest first, with the last error',
        querystring: noticeQueueQuerySchema,
        response: { 200: noticeQueuePageSchema, ...errors },
      },
    },
    async (req) => service.listNotices(app.db, req.query),
  );
}

/** A browser (the link clicked in a mail) reads a page; a mail client's one-click POST or a program, JSON. */
const readsHtml = (req: FastifyRequest) => (req.headers.accept ?? '').includes('text/html');

/** A forged, expired or foreign link: 400, nothing changed, as a page or as the API's JSON error. */
function refuse(req: FastifyRequest, reply: FastifyReply) {
  reply.code(400);
  if (readsHtml(req)) return reply.type('text/html; charset=utf-8').send(invalidPage(req.lang));
  return reply.send({ message: translate(req.lang, 'notices.linkInvalid') });
}

/** Every NOTICE_SCAN_SECONDS, what time announces (service.scan); off with 0 or without the job worker. */
function keepScanning(app: FastifyInstance) {
  const seconds = app.config.NOTICE_SCAN_SECONDS;
  if (seconds === 0 || app.config.JOBS === 'off') return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const step = () => {
    running = service
      .scan(app.db)
      .then((n) => {
        if (n > 0) app.jobs.wake();
      })
      .catch((err: unknown) => app.log.error({ err }, 'could not scan for notices'));
  };
  app.addHook('onReady', async () => {
    timer = setInterval(step, seconds * 1000);
    timer.unref();
    step();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
