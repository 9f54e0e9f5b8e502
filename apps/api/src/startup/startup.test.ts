import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { loadConfig } from '../config.ts';
import { users } from '../db/schema.ts';
import { hashPassword } from '../lib/password.ts';
import { StartupError } from '../lib/startup-error.ts';
import { DEMO_ACCOUNTS, VERIFIED_DEMO_HASHES_FILE, workingDemoAccounts } from '../seed/demo-accounts.ts';
import { banner } from './banner.ts';
import { ensureRootAccount } from './root-account.ts';

/*
 * What `npm start` tells at start-up about demo data: the embedded development database keeps its
 * demo and lists its accounts; the password is printed only for accounts it really opens.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const dev = loadConfig({ DATA_DIR: '/srv/data' });
const prod = loadConfig({ DATA_DIR: '/srv/data', NODE_ENV: 'production' });

describe('the start-up banner', () => {
  it('lists the demo accounts with their password when the demo is there', async () => {
    const accounts = await workingDemoAccounts(t.db);
    expect(accounts.map((a) => a.email)).toEqual(DEMO_ACCOUNTS.map((a) => a.email));
    const text = banner({
      config: dev,
      database: 'pglite',
      mailTarget: '/srv/data/outbox',
      demo: 'kept',
      demoAccounts: accounts,
      root: { state: 'present' },
    });
    expect(text).toContain('Demo data: present (seeded on an earlier start)');
    expect(text).toContain('Demo accounts (password Demo1234!):');
    expect(text).toContain('root@example.com');
    expect(text).toContain('NOT SENT: no SMTP_URL, so no e-mail leaves this machine');
    expect(text).not.toContain('WARNING');
  });

  it('prints no password for a demo account whose password was changed, and none at all without the demo', async () => {
    await t.db
      .update(users)
      .set({ passwordHash: await hashPassword('Zmienione-Haslo-1', 12) })
      .where(eq(users.email, 'root@example.com'));
    const accounts = await workingDemoAccounts(t.db);
    expect(accounts.map((a) => a.email)).not.toContain('root@example.com');
    expect(accounts).toHaveLength(DEMO_ACCOUNTS.length - 1);

    const none = banner({
      config: prod,
      database: 'postgres',
      mailTarget: 'SMTP mail.example.com:587',
      demo: 'none',
      demoAccounts: [],
      root: { state: 'missing' },
    });
    expect(none).not.toMatch(/Demo1234!|example\.com +root|Demo accounts/);
    expect(none).toContain('Demo data: none (production: set SEED_DEMO=true to seed an empty database)');
    expect(none).toContain('No root account yet: set ROOT_EMAIL=');
  });

  it('remembers the hashes it verified in the data directory, and checks a changed password afresh', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'demo-hashes-'));
    try {
      const first = await workingDemoAccounts(t.db, dataDir);
      const file = path.join(dataDir, VERIFIED_DEMO_HASHES_FILE);
      const remembered = JSON.parse(await readFile(file, 'utf8')) as string[];
      expect(remembered).toHaveLength(first.length);

      // A remembered hash is not run through scrypt again: a stored value that is no scrypt hash at
      // all still counts while its digest is on the list (only the start-up itself writes that list).
      const [admin] = await t.db
        .select({ hash: users.passwordHash })
        .from(users)
        .where(eq(users.email, 'admin@example.com'));
      const digestOf = (h: string) => createHash('sha256').update(h).digest('base64url');
      await t.db.update(users).set({ passwordHash: 'not-a-scrypt-hash' }).where(eq(users.email, 'admin@example.com'));
      await writeFile(file, JSON.stringify([...remembered, digestOf('not-a-scrypt-hash')]));
      expect((await workingDemoAccounts(t.db, dataDir)).map((a) => a.email)).toContain('admin@example.com');

      // A new password is a new hash: checked with scrypt, found not to be the demo password, forgotten.
      await t.db
        .update(users)
        .set({ passwordHash: await hashPassword('Inne-Haslo-22', 12) })
        .where(eq(users.email, 'admin@example.com'));
      expect((await workingDemoAccounts(t.db, dataDir)).map((a) => a.email)).not.toContain('admin@example.com');
      expect(JSON.parse(await readFile(file, 'utf8'))).not.toContain(digestOf('not-a-scrypt-hash'));
      await t.db.update(users).set({ passwordHash: admin?.hash }).where(eq(users.email, 'admin@example.com'));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('warns when a production start still has working demo accounts', () => {
    const text = banner({
      config: prod,
      database: 'postgres',
      mailTarget: '/srv/data/outbox',
      demo: 'kept',
      demoAccounts: [{ email: 'admin@example.com', role: 'admin' }],
      root: { state: 'present' },
    });
    expect(text).toContain('WARNING: these accounts sign in with a published password');
  });
});

describe('ROOT_EMAIL', () => {
  const settings = { sessionTtlHours: 1, setPasswordTtlHours: 1, scryptLogN: 12, publicUrl: 'http://app.test' };

  it('creates nothing while a root account exists', async () => {
    expect(await ensureRootAccount(t.db, t.app.mailer, settings, 'nowy-root@example.com')).toEqual({
      state: 'present',
    });
  });

  it('refuses an address that belongs to another account, in one line naming ROOT_EMAIL', async () => {
    await t.db.update(users).set({ role: 'admin' }).where(eq(users.role, 'root'));
    const attempt = ensureRootAccount(t.db, t.app.mailer, settings, 'SELLER@example.com');
    await expect(attempt).rejects.toBeInstanceOf(StartupError);
    await expect(attempt).rejects.toThrow(/^ROOT_EMAIL: SELLER@example.com already belongs to another account/);
    expect(await ensureRootAccount(t.db, t.app.mailer, settings, undefined)).toEqual({ state: 'missing' });

    expect(await ensureRootAccount(t.db, t.app.mailer, settings, 'wlasciciel@example.com')).toEqual({
      state: 'created',
      email: 'wlasciciel@example.com',
    });
    const mail = await t.lastMailTo('wlasciciel@example.com');
    expect(mail.link).toMatch(/^http:\/\/app\.test\/register\?token=/);
  });
});
