import path from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Where the embedded database, the mail outbox and other local state live. */
  DATA_DIR: z.string().default('./data'),
  /** postgres://… to run on a PostgreSQL server instead of the embedded PGlite. */
  DATABASE_URL: z.string().url().optional(),
  /** smtp(s)://user:pass@host:port to send real e-mail; without it mail goes to DATA_DIR/outbox. */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Program motywacyjny <no-reply@example.com>'),
  /** Base address used in e-mailed links. */
  PUBLIC_URL: z.string().url().optional(),
  /** Lifetime of a sign-in session. */
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 14),
  /**
   * How long a token's session lookup is reused (0 turns the cache off). Writes in this process
   * empty it at once; this bounds how late another API process sees a logout or deactivation.
   */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
  /** Lifetime of a set-password link. */
  SET_PASSWORD_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(72),
  /** scrypt cost as log2(N); 17 is OWASP's recommendation. Lower it only in tests. */
  SCRYPT_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  /** Serve the built web app from this folder (production). */
  WEB_DIST: z.string().default('apps/web/dist'),
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Set to true only behind a reverse proxy: then X-Forwarded-For gives the client address (sign-in throttling uses it). */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof envSchema> & { publicUrl: string };

/** Parses the environment once at boot; a bad value stops the server with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    ...c,
    DATA_DIR: path.resolve(c.DATA_DIR),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
  };
}
