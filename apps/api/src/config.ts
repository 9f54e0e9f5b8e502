import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** A whole number in a range; the message says what to write instead. */
const int = (min: number, max: number, fallback: number, fix: string) =>
  z.coerce
    .number({ error: fix })
    .int({ error: fix })
    .min(min, { error: fix })
    .max(max, { error: fix })
    .default(fallback);

/** One trusted proxy: an IPv4 or IPv6 address, with or without a CIDR prefix, or one of proxy-addr's names. */
const PROXY_ADDRESS = /^(loopback|linklocal|uniquelocal|[0-9a-fA-F:.]{2,45}(\/\d{1,3})?)$/;

const flag = (fallback?: 'true' | 'false') => {
  const f = z.enum(['true', 'false'], { error: 'must be true or false' });
  return fallback ? f.default(fallback) : f.optional();
};

/** An address with one of these protocols and a host name. */
const urlOf = (protocols: string[], fix: string) =>
  z.string().refine(
    (v) => {
      try {
        const u = new URL(v);
        return protocols.includes(u.protocol) && u.hostname !== '';
      } catch {
        return false;
      }
    },
    { error: fix },
  );

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  PORT: int(1, 65535, 3000, 'must be a whole number from 1 to 65535, e.g. PORT=8080'),
  HOST: z.string().default('0.0.0.0'),
  /** Where the embedded database, the mail outbox and other local state live. */
  DATA_DIR: z.string().default('./data'),
  /** postgres://… to run on a PostgreSQL server instead of the embedded PGlite. */
  DATABASE_URL: urlOf(
    ['postgres:', 'postgresql:'],
    'must be a PostgreSQL address such as postgres://user:password@localhost:5432/incentive (or unset it for the embedded database)',
  ).optional(),
  /** smtp(s)://user:pass@host:port to send real e-mail; without it mail goes to DATA_DIR/outbox. */
  SMTP_URL: urlOf(
    ['smtp:', 'smtps:'],
    'must be an SMTP address such as smtp://user:password@mail.example.com:587 or smtps://user:password@mail.example.com:465 (or unset it to write e-mail to DATA_DIR/outbox)',
  ).optional(),
  MAIL_FROM: z.string().default('Program motywacyjny <no-reply@example.com>'),
  /** Base address used in e-mailed links. */
  PUBLIC_URL: urlOf(
    ['http:', 'https:'],
    'must be the address users open, such as https://program.example.com',
  ).optional(),
  /** Lifetime of a sign-in session. */
  SESSION_TTL_HOURS: int(1, 24 * 90, 24 * 14, 'must be a whole number of hours from 1 to 2160'),
  /**
   * How long a token's session lookup is reused (0 turns the cache off). Writes in this process
   * empty it at once, and on PostgreSQL other API processes' writes too (plugins/session-sync.ts);
   * this bounds how late a logout or deactivation is seen only when that notification is lost.
   */
  SESSION_CACHE_SECONDS: int(0, 60, 5, 'must be a whole number of seconds from 0 to 60'),
  /** Lifetime of a set-password link. */
  SET_PASSWORD_TTL_HOURS: int(1, 24 * 30, 72, 'must be a whole number of hours from 1 to 720'),
  /**
   * Activation e-mails of accounts created in bulk sent per minute at most (decision 061): the
   * queue keeps within what the mail provider accepts.
   */
  INVITE_MAILS_PER_MINUTE: int(1, 60_000, 120, 'must be a whole number of e-mails per minute from 1 to 60000'),
  // Notices (issue 31 point 2): how fast they are sent, and how often time is checked for what it
  // announces (a quiz or challenge that started, yesterday's credits); 0 turns the check off.
  NOTICE_MAILS_PER_MINUTE: int(1, 60_000, 120, 'must be a whole number of e-mails per minute from 1 to 60000'),
  NOTICE_SCAN_SECONDS: int(0, 86_400, 60, 'must be a whole number of seconds from 0 (off) to 86400'),
  /** scrypt cost as log2(N); 17 is OWASP's recommendation. Lower it only in tests. */
  SCRYPT_LOG_N: int(10, 20, 17, 'must be a whole number from 10 to 20 (17 is the recommended cost)'),
  /** Serve the built web app from this folder (production). */
  WEB_DIST: z.string().default('apps/web/dist'),
  /**
   * Seed demo data (published passwords) into an empty database on start. Default: yes on the
   * embedded database in development, never in production (NODE_ENV=production or DATABASE_URL).
   */
  SEED_DEMO: flag(),
  /** On a database without a root account, create one for this e-mail and mail it a set-password link. */
  ROOT_EMAIL: z.email({ error: 'must be an e-mail address, e.g. ROOT_EMAIL=it@example.com' }).optional(),
  /**
   * Behind a reverse proxy: the proxies whose X-Forwarded-For gives the client address (sign-in
   * throttling and the audit trail use it), as a comma-separated list of addresses or CIDR ranges
   * (`10.0.0.5,10.1.0.0/16`; `loopback` for one on the same machine), or `true` to trust any sender
   * (only when nothing but the proxy can reach the port). Default false: the connection's address.
   */
  TRUST_PROXY: z
    .string()
    .refine((v) => v === 'true' || v === 'false' || v.split(',').every((p) => PROXY_ADDRESS.test(p.trim())), {
      error:
        'must be false, true, or a comma-separated list of proxy addresses or CIDR ranges such as 10.0.0.5,10.1.0.0/16 (or loopback)',
    })
    .default('false'),
  /** off: this process runs no background jobs (it still enqueues them for the others; decision 049). */
  JOBS: z
    .enum(['on', 'off'], { error: 'must be on (run background jobs, the default) or off (only enqueue them)' })
    .default('on'),
  /**
   * On SIGTERM or SIGINT the server takes no new request and waits this long for the ones in flight
   * (and a background job's current step) before it closes the database anyway (issue 32 point 4).
   * Keep it under the process manager's own limit (Kubernetes: 30 s, systemd: 90 s).
   */
  SHUTDOWN_GRACE_SECONDS: int(1, 600, 25, 'must be a whole number of seconds from 1 to 600'),
  /**
   * Turns on GET /api/metrics (Prometheus) for a scraper that sends `Authorization: Bearer <token>`;
   * unset, the endpoint does not exist (issue 32 point 2).
   */
  METRICS_TOKEN: z
    .string()
    .regex(/^[A-Za-z0-9._~+/=-]{24,200}$/, {
      error: 'must be at least 24 letters, digits or ._~+/=- (a random string, e.g. from openssl rand -hex 24)',
    })
    .optional(),
  /**
   * Where new images' bytes go (decision 072): `database` (default) or `s3`, an S3-compatible object store
   * named by the S3_* settings. Existing images move with `npm run images:move -- --to s3`.
   */
  IMAGE_STORE: z
    .enum(['database', 's3'], {
      error: 'must be database (the default) or s3 (with S3_BUCKET and the other S3_* settings)',
    })
    .default('database'),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error: 'must be a bucket name: 3 to 63 lower-case letters, digits, dots or hyphens',
    })
    .optional(),
  /** The store's address; unset means AWS itself (the region's endpoint). */
  S3_ENDPOINT: urlOf(
    ['http:', 'https:'],
    "must be the object store's address, such as https://s3.example.com:9000",
  ).optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, { error: 'must be a region name such as eu-central-1' })
    .default('us-east-1'),
  /** Unset, the AWS SDK's own chain finds the credentials (AWS_* variables, an instance or pod role). */
  S3_ACCESS_KEY_ID: z
    .string()
    .regex(/^\S{3,128}$/, { error: 'must be the access key id, without spaces' })
    .optional(),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .regex(/^\S{1,256}$/, { error: 'must be the secret access key, without spaces' })
    .optional(),
  /** true for stores that want the bucket in the path (MinIO, Ceph, Garage): http://host/bucket/key. */
  S3_FORCE_PATH_STYLE: flag('false'),
  /** Keys start with this (a folder shared with other data), e.g. `incentive/images/`. */
  S3_PREFIX: z
    .string()
    .regex(/^([A-Za-z0-9._-]+\/)*$/, { error: 'must be folder names ending with /, such as incentive/images/' })
    .default(''),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    })
    .default('info'),
});

type Env = z.infer<typeof envSchema>;

/** Every setting's name (the deployment examples are checked against it: scripts/deploy-files.unit.test.ts). */
export const SETTING_NAMES: readonly string[] = Object.keys(envSchema.shape);

export type Config = Omit<Env, 'SEED_DEMO' | 'TRUST_PROXY' | 'S3_FORCE_PATH_STYLE'> & {
  S3_FORCE_PATH_STYLE: boolean;
  SEED_DEMO: boolean;
  /** True when some proxy is trusted (a client's X-Forwarded-For and X-Request-Id may be believed). */
  TRUST_PROXY: boolean;
  /** What Fastify's trustProxy takes: false, true, or the trusted proxies' addresses and ranges. */
  trustedProxies: boolean | string[];
  /** NODE_ENV=production or a PostgreSQL server: no demo data unless SEED_DEMO=true says so. */
  production: boolean;
  publicUrl: string;
};

/** A bad setting: one line per variable, naming it and what to write instead (server.ts prints them, no stack). */
export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
  }
}

/** The settings that may hold a secret: each can also come from a file, `<NAME>_FILE` (Docker and Kubernetes secrets). */
export const SECRET_SETTINGS = ['DATABASE_URL', 'SMTP_URL', 'METRICS_TOKEN', 'S3_SECRET_ACCESS_KEY'] as const;

/**
 * Reads `<NAME>_FILE` into NAME for the secret settings (issue 32 point 1): the file's content
 * without its trailing newline. Both set is a mistake; an unreadable file is one line naming it.
 */
function readSecretFiles(set: Record<string, string | undefined>) {
  const lines: string[] = [];
  for (const name of SECRET_SETTINGS) {
    const file = set[`${name}_FILE`];
    if (file === undefined) continue;
    if (set[name] !== undefined) {
      lines.push(`Configuration error: ${name} and ${name}_FILE are both set; keep one.`);
      continue;
    }
    try {
      set[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch {
      lines.push(`Configuration error: ${name}_FILE names ${file}, which cannot be read.`);
    }
  }
  if (lines.length) throw new ConfigError(lines);
}

/** The S3 settings that only make sense together: a bucket for IMAGE_STORE=s3, both keys or neither. */
function checkImageStore(c: Env) {
  const lines: string[] = [];
  if (c.IMAGE_STORE === 's3' && !c.S3_BUCKET) {
    lines.push('Configuration error: S3_BUCKET must name the bucket when IMAGE_STORE=s3.');
  }
  if ((c.S3_ACCESS_KEY_ID === undefined) !== (c.S3_SECRET_ACCESS_KEY === undefined)) {
    lines.push(
      'Configuration error: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together; set both, or neither to use the AWS credential chain.',
    );
  }
  if (lines.length) throw new ConfigError(lines);
}

/**
 * Parses the environment once at boot. An empty variable counts as unset; a bad value throws a
 * ConfigError that names the variable and the fix (never echoing the value: it may hold a password).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const set = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  readSecretFiles(set);
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    const byVariable = new Map<string, string>();
    for (const i of parsed.error.issues) {
      const name = String(i.path[0] ?? 'environment');
      if (!byVariable.has(name)) byVariable.set(name, `Configuration error: ${name} ${i.message}.`);
    }
    throw new ConfigError([...byVariable.values()]);
  }
  const c = parsed.data;
  checkImageStore(c);
  const production = c.NODE_ENV === 'production' || c.DATABASE_URL !== undefined;
  return {
    ...c,
    DATA_DIR: path.resolve(c.DATA_DIR),
    S3_FORCE_PATH_STYLE: c.S3_FORCE_PATH_STYLE === 'true',
    SEED_DEMO: c.SEED_DEMO === undefined ? !production : c.SEED_DEMO === 'true',
    TRUST_PROXY: c.TRUST_PROXY !== 'false',
    trustedProxies:
      c.TRUST_PROXY === 'true' || c.TRUST_PROXY === 'false'
        ? c.TRUST_PROXY === 'true'
        : c.TRUST_PROXY.split(',').map((p) => p.trim()),
    production,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
  };
}

/** For command-line entry points: a bad setting prints its lines and exits 1, without a stack trace. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}
