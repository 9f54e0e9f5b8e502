import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const base = { DATA_DIR: '/tmp/incentive-config-test' };

function errorLines(env: Record<string, string>): string[] {
  try {
    loadConfig({ ...base, ...env });
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).lines;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

describe('demo data by default only on the embedded database in development', () => {
  it('seeds the demo on a development start with the embedded database', () => {
    const c = loadConfig(base);
    expect(c.production).toBe(false);
    expect(c.SEED_DEMO).toBe(true);
  });

  it('never seeds it in production (NODE_ENV=production or a PostgreSQL server) unless SEED_DEMO=true', () => {
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).SEED_DEMO).toBe(false);
    const server = loadConfig({ ...base, DATABASE_URL: 'postgres://app:secret@db.internal:5432/incentive' });
    expect(server.production).toBe(true);
    expect(server.SEED_DEMO).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ ...base, DATABASE_URL: 'postgresql://db/x', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ ...base, SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });

  it('runs background jobs unless JOBS=off', () => {
    expect(loadConfig(base).JOBS).toBe('on');
    expect(loadConfig({ ...base, JOBS: 'off' }).JOBS).toBe('off');
  });

  it('treats an empty variable as unset', () => {
    const c = loadConfig({ ...base, SMTP_URL: '', PORT: '', SEED_DEMO: '' });
    expect(c.SMTP_URL).toBeUndefined();
    expect(c.PORT).toBe(3000);
    expect(c.SEED_DEMO).toBe(true);
  });
});

describe('a bad value names the variable and the fix, one line each, never the value', () => {
  it.each([
    [{ PORT: 'abc' }, 'Configuration error: PORT must be a whole number from 1 to 65535, e.g. PORT=8080.'],
    [{ PORT: '70000' }, 'Configuration error: PORT must be a whole number from 1 to 65535, e.g. PORT=8080.'],
    [
      { SMTP_URL: 'mail.example.com:587' },
      'Configuration error: SMTP_URL must be an SMTP address such as smtp://user:password@mail.example.com:587 or smtps://user:password@mail.example.com:465 (or unset it to write e-mail to DATA_DIR/outbox).',
    ],
    [
      { DATABASE_URL: 'mysql://root:secret@db/x' },
      'Configuration error: DATABASE_URL must be a PostgreSQL address such as postgres://user:password@localhost:5432/incentive (or unset it for the embedded database).',
    ],
    [{ SEED_DEMO: 'yes' }, 'Configuration error: SEED_DEMO must be true or false.'],
    [
      { JOBS: 'no' },
      'Configuration error: JOBS must be on (run background jobs, the default) or off (only enqueue them).',
    ],
    [
      { ROOT_EMAIL: 'boss' },
      'Configuration error: ROOT_EMAIL must be an e-mail address, e.g. ROOT_EMAIL=it@example.com.',
    ],
  ])('%j', (env, line) => {
    const lines = errorLines(env);
    expect(lines).toEqual([line]);
    expect(lines.join('\n')).not.toContain('secret');
  });

  it('reports each bad variable once', () => {
    expect(errorLines({ PORT: 'x', SMTP_URL: 'smtp:', LOG_LEVEL: 'loud' })).toEqual([
      'Configuration error: PORT must be a whole number from 1 to 65535, e.g. PORT=8080.',
      expect.stringMatching(/^Configuration error: SMTP_URL must be an SMTP address/),
      'Configuration error: LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent.',
    ]);
  });
});

describe('secrets from files (<NAME>_FILE, issue 32 point 1)', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'incentive-secrets-'));
  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  };

  it('reads DATABASE_URL, SMTP_URL and METRICS_TOKEN from the files their _FILE names, without the trailing newline', () => {
    const config = loadConfig({
      ...base,
      DATABASE_URL_FILE: write('db', 'postgres://app:s3cret@db:5432/incentive\n'),
      SMTP_URL_FILE: write('smtp', 'smtp://mail:pw@mail.example.com:587'),
      METRICS_TOKEN_FILE: write('metrics', 'abcdefghijklmnopqrstuvwxyz012345\n'),
    });
    expect(config.DATABASE_URL).toBe('postgres://app:s3cret@db:5432/incentive');
    expect(config.SMTP_URL).toBe('smtp://mail:pw@mail.example.com:587');
    expect(config.METRICS_TOKEN).toBe('abcdefghijklmnopqrstuvwxyz012345');
  });

  it('refuses both a value and a file, and a file it cannot read, naming them but never the value', () => {
    expect(
      errorLines({ DATABASE_URL: 'postgres://x:secret@h/d', DATABASE_URL_FILE: write('db2', 'postgres://a@b/c') }),
    ).toEqual(['Configuration error: DATABASE_URL and DATABASE_URL_FILE are both set; keep one.']);
    const missing = path.join(dir, 'nope');
    expect(errorLines({ SMTP_URL_FILE: missing })).toEqual([
      `Configuration error: SMTP_URL_FILE names ${missing}, which cannot be read.`,
    ]);
    // A file's content is checked like the variable, and not echoed.
    const lines = errorLines({ DATABASE_URL_FILE: write('db3', 'mysql://root:secret@h/d') });
    expect(lines[0]).toMatch(/^Configuration error: DATABASE_URL must be a PostgreSQL address/);
    expect(lines.join('\n')).not.toContain('secret');
  });
});

describe('TRUST_PROXY (issue 32 point 1)', () => {
  it('trusts no proxy by default, any with true, or only the addresses and ranges it lists', () => {
    expect(loadConfig(base)).toMatchObject({ TRUST_PROXY: false, trustedProxies: false });
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' })).toMatchObject({ TRUST_PROXY: true, trustedProxies: true });
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,loopback,fd00::/8' })).toMatchObject({
      TRUST_PROXY: true,
      trustedProxies: ['10.0.0.5', '10.1.0.0/16', 'loopback', 'fd00::/8'],
    });
  });

  it('refuses anything else, naming what to write', () => {
    expect(errorLines({ TRUST_PROXY: 'proxy.example.com' })).toEqual([
      'Configuration error: TRUST_PROXY must be false, true, or a comma-separated list of proxy addresses or CIDR ranges such as 10.0.0.5,10.1.0.0/16 (or loopback).',
    ]);
  });
});

describe('IMAGE_STORE and the S3 settings (issue 32 point 5, decision 072)', () => {
  it('keeps images in the database by default; s3 takes a bucket, an endpoint, a region and keys', () => {
    expect(loadConfig(base)).toMatchObject({ IMAGE_STORE: 'database', S3_REGION: 'us-east-1', S3_PREFIX: '' });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'incentive-s3-'));
    const secretFile = path.join(dir, 's3');
    writeFileSync(secretFile, 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n');
    expect(
      loadConfig({
        ...base,
        IMAGE_STORE: 's3',
        S3_BUCKET: 'incentive-images',
        S3_ENDPOINT: 'https://s3.example.com:9000',
        S3_REGION: 'eu-central-1',
        S3_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE',
        S3_SECRET_ACCESS_KEY_FILE: secretFile,
        S3_FORCE_PATH_STYLE: 'true',
        S3_PREFIX: 'incentive/images/',
      }),
    ).toMatchObject({
      IMAGE_STORE: 's3',
      S3_BUCKET: 'incentive-images',
      S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      S3_FORCE_PATH_STYLE: true,
      S3_PREFIX: 'incentive/images/',
    });
    // No keys: the AWS SDK's own chain (AWS_* variables, an instance or pod role) finds them.
    expect(loadConfig({ ...base, IMAGE_STORE: 's3', S3_BUCKET: 'incentive-images' }).S3_ACCESS_KEY_ID).toBeUndefined();
  });

  it('refuses s3 without a bucket, one key without the other, and malformed names, never echoing a secret', () => {
    expect(errorLines({ IMAGE_STORE: 's3' })).toEqual([
      'Configuration error: S3_BUCKET must name the bucket when IMAGE_STORE=s3.',
    ]);
    const lines = errorLines({ IMAGE_STORE: 's3', S3_BUCKET: 'b1b', S3_SECRET_ACCESS_KEY: 'top-secret-value' });
    expect(lines).toEqual([
      'Configuration error: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together; set both, or neither to use the AWS credential chain.',
    ]);
    expect(errorLines({ IMAGE_STORE: 'disk' })[0]).toMatch(/^Configuration error: IMAGE_STORE must be database/);
    expect(errorLines({ S3_BUCKET: 'My_Bucket' })[0]).toMatch(/^Configuration error: S3_BUCKET must be a bucket name/);
    expect(errorLines({ S3_PREFIX: 'images' })[0]).toMatch(
      /^Configuration error: S3_PREFIX must be folder names ending with \//,
    );
    expect(errorLines({ S3_ENDPOINT: 'ftp://x' })[0]).toMatch(/^Configuration error: S3_ENDPOINT must be/);
    expect(errorLines({ S3_SECRET_ACCESS_KEY: 'has space x' }).join('\n')).not.toContain('has space');
  });
});
