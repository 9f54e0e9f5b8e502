import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db, PoolStats } from './db/client.ts';
import { requestLogSerializer } from './lib/request-log.ts';
import { articleRoutes } from './modules/articles/articles.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { invitationRoutes } from './modules/auth/invitations.routes.ts';
import { keepThrottleTidy } from './modules/auth/throttle.ts';
import { cardRoutes } from './modules/cards/cards.routes.ts';
import { challengeRoutes } from './modules/challenges/challenges.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { type JobsPluginOptions, jobsPlugin } from './modules/jobs/index.ts';
import { keepImagesIn, s3ImageObjects } from './modules/media/image-objects.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { noticeRoutes } from './modules/notices/notices.routes.ts';
import { onboardingRoutes } from './modules/onboarding/onboarding.routes.ts';
import { privacyRoutes } from './modules/privacy/privacy.routes.ts';
import { productRoutes } from './modules/products/products.routes.ts';
import { quizRoutes } from './modules/quizzes/quizzes.routes.ts';
import { programmeStatsRoutes } from './modules/reports/programme-stats.routes.ts';
import { taxReportRoutes } from './modules/reports/tax-report.routes.ts';
import { salesImportRoutes } from './modules/sales/sales-imports.routes.ts';
import { consentRoutes } from './modules/settings/consent.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { keepLoginWindow } from './modules/users/login-window.ts';
import { profileRoutes } from './modules/users/profile.routes.ts';
import { userRoutes } from './modules/users/users.routes.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { warehouseRoutes } from './modules/warehouses/warehouses.routes.ts';
import { authPlugin } from './plugins/auth.ts';
import { backgroundPlugin } from './plugins/background.ts';
import { compressPlugin } from './plugins/compress.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorsPlugin, frameworkErrors } from './plugins/errors.ts';
import { createMailer, type Mailer } from './plugins/mail.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { noStorePlugin } from './plugins/no-store.ts';
import { QuietRequestLog } from './plugins/request-log.ts';
import { requestScopePlugin } from './plugins/request-scope.ts';
import { SECURITY_HEADER_OPTIONS, securityHeadersPlugin } from './plugins/security-headers.ts';
import { sentKeysPlugin } from './plugins/sent-keys.ts';
import { sessionSyncPlugin } from './plugins/session-sync.ts';
import { uploadsPlugin } from './plugins/uploads.ts';
import { webPlugin } from './plugins/web.ts';
import { addPayoutNotices } from './startup/notices.ts';
import { addRulesConsent } from './startup/rules-consent.ts';
import { addWithdrawalRules } from './startup/withdrawal-rules.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    mailer: Mailer;
  }
}

export interface AppDeps {
  config: Config;
  db: Db;
  /** Defaults to SMTP or the outbox, per config. */
  mailer?: Mailer;
  /** Serve the built SPA (off in API tests). */
  serveWeb?: boolean;
  logger?: boolean | object;
  /** The PostgreSQL pool's connections now, for the metrics (db/client.ts). */
  poolStats?: () => PoolStats;
  /** The background-job worker's settings (tests shorten its lease and poll). */
  jobs?: JobsPluginOptions;
}

/** Builds the whole application without listening: infrastructure plugins first, then feature modules. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  // Rules of modules above the wallet that a withdrawal must pass (idempotent).
  addWithdrawalRules();
  addRulesConsent();
  addPayoutNotices();
  const app = Fastify({
    // Requests are logged without secrets in their URL (a set-password link's token).
    logger: deps.logger
      ? { ...(typeof deps.logger === 'object' ? deps.logger : {}), serializers: { req: requestLogSerializer } }
      : false,
    // Per-request lines at debug level (plugins/request-log.ts).
    logController: new QuietRequestLog(),
    bodyLimit: 1024 * 1024,
    // Only behind a proxy may X-Forwarded-For be believed; otherwise a client could spoof its address.
    trustProxy: deps.config.trustedProxies,
    // Each request's id: in every log line of it and in the answer's x-request-id (issue 32 point 2).
    // Always our own: a client's header is never taken for it (a proxy logs its id beside ours).
    requestIdHeader: false,
    genReqId: () => randomUUID(),
    // Ids in paths are validated by each route's schema; keep Fastify's own parsing strict too.
    routerOptions: { maxParamLength: 200 },
    // A path the router cannot read answers like every other client error (plugins/errors.ts).
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('db', deps.db);
  app.decorate('config', deps.config);
  app.decorate(
    'mailer',
    deps.mailer ??
      createMailer({
        smtpUrl: deps.config.SMTP_URL,
        from: deps.config.MAIL_FROM,
        dataDir: deps.config.DATA_DIR,
        log: app.log,
      }),
  );

  if (deps.config.IMAGE_STORE === 's3') {
    // New images go to the object store (decision 072); images already in the database stay readable.
    const objects = s3ImageObjects(deps.config);
    keepImagesIn(deps.db, objects);
    app.addHook('onClose', async () => objects.close());
  }

  // The mail server's kept-open connections end with the app (jobs stop first: their onClose runs before).
  app.addHook('onClose', async () => app.mailer.close?.());
  await app.register(securityHeadersPlugin, SECURITY_HEADER_OPTIONS);
  await app.register(compressPlugin);
  await app.register(errorsPlugin);
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  await app.register(metricsPlugin, { token: deps.config.METRICS_TOKEN, poolStats: deps.poolStats });
  await app.register(backgroundPlugin);
  await app.register(noStorePlugin);
  // Before auth: the acting scope (who, from where) wraps the auth hook and the handler (decision 064).
  await app.register(requestScopePlugin);
  await app.register(authPlugin);
  await app.register(sessionSyncPlugin);
  await app.register(sentKeysPlugin);
  await app.register(uploadsPlugin);
  await app.register(docsPlugin);
  // Before the feature modules: their routes plugins register their job kinds (decision 049).
  await app.register(jobsPlugin, { run: deps.config.JOBS !== 'off', ...deps.jobs });

  await app.register(healthRoutes);
  await app.register(authRoutes);
  keepThrottleTidy(app);
  await app.register(userRoutes);
  await app.register(profileRoutes);
  keepLoginWindow(app);
  await app.register(warehouseRoutes);
  await app.register(cardRoutes);
  await app.register(walletRoutes);
  await app.register(mediaRoutes);
  await app.register(quizRoutes);
  await app.register(productRoutes);
  await app.register(challengeRoutes);
  await app.register(articleRoutes);
  await app.register(salesImportRoutes);
  await app.register(settingsRoutes);
  await app.register(consentRoutes);
  await app.register(invitationRoutes);
  await app.register(onboardingRoutes);
  await app.register(taxReportRoutes);
  await app.register(privacyRoutes);
  await app.register(auditRoutes);
  await app.register(noticeRoutes);
  await app.register(programmeStatsRoutes);

  await app.register(webPlugin, { dist: deps.serveWeb ? deps.config.WEB_DIST : undefined });
  return app;
}
