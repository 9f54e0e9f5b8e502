import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ACCOUNTS, DEMO_PASSWORD } from './support/accounts.ts';
import { signInThroughForm, signOutFromMenu, submitLogin } from './support/auth.ts';
import { launchBrowser, PHONE, WIDE } from './support/browser.ts';

/*
 * Issue 27 point 9, in a real browser (decision 048): a rep whose browser signed in before gets in
 * with the right password from an address that one bad client locked (50 failed sign-ins for unknown
 * accounts); a browser that never signed in waits. Locking 127.0.0.1 would hold back every later
 * file on the suite's shared server, so this file runs its own server on a fresh database.
 * Also: a provider admin sees reps but is offered no way to create, edit or link them (SPEC.md section 6).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let tmp = '';
let server: ChildProcess | undefined;
let base = '';
let browser: Browser | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const p = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(p));
    });
  });
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'incentive-e2e-device-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const log = createWriteStream(path.join(tmp, 'server.log'));
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmp, 'data'),
      PUBLIC_URL: base,
      SEED_DEMO: 'true',
      SCRYPT_LOG_N: '12',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const deadline = Date.now() + 170_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the server stopped (see ${tmp}/server.log)`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`the server did not start (see ${tmp}/server.log)`);
    await new Promise((r) => setTimeout(r, 500));
  }
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server?.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

async function newPage(viewport: { width: number; height: number } = PHONE): Promise<Page> {
  if (!browser) throw new Error('no browser');
  const context = await browser.newContext({ baseURL: base, locale: 'pl-PL', viewport });
  context.setDefaultTimeout(20_000);
  return context.newPage();
}

function apiLogin(email: string, password: string) {
  return fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

const shots = process.env.SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!shots) return;
  await mkdir(shots, { recursive: true });
  await page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: true });
}

// First: the next describe locks this server's address for browsers without the cookie.
describe('a provider admin sees reps but creates, edits and links none (SPEC.md section 6)', () => {
  test.each([
    ['390', PHONE],
    ['1440', WIDE],
  ] as const)('at %s px', async (name, viewport) => {
    const page = await newPage(viewport);
    await signInThroughForm(page, ACCOUNTS.provider);
    await page.goto('/dashboard?tab=sales-reps');
    await page.getByRole('table', { name: 'Przedstawiciele handlowi' }).waitFor();
    await page.getByRole('table', { name: 'Przedstawiciele handlowi' }).getByRole('row').nth(1).waitFor();
    expect(await page.getByRole('button', { name: /^Wyślij link aktywacyjny/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Dodaj przedstawiciela' }).count()).toBe(0);
    await shot(page, `provider-sales-reps-${name}`);
    await page.goto('/sales-rep/create');
    await page.getByText('Nie posiadasz uprawnień, akcja nieautoryzowana').first().waitFor();
  });
});

describe('sign-in from a browser that signed in before (decision 048)', () => {
  test('gets the rep in from an address one bad client locked; a new browser waits', async () => {
    const known = await newPage();
    await signInThroughForm(known, ACCOUNTS.seller);
    const device = (await known.context().cookies()).find((c) => c.name === 'device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/login' });
    // Long-lived: a year from now (the browser keeps it across restarts).
    expect(device?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 360 * 24 * 3600);
    await signOutFromMenu(known);
    await known.waitForURL((u) => u.pathname === '/');

    // One bad client on the same address (this machine's 127.0.0.1): 50 failures for unknown accounts.
    for (let i = 0; i < 50; i++) expect((await apiLogin(`nobody-${i}@example.com`, 'guess')).status).toBe(401);
    const stranger = await apiLogin(ACCOUNTS.seller.email, DEMO_PASSWORD);
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(800);

    // The rep's own browser, right password: signed in (the browser sent its cookie with the sign-in).
    await signInThroughForm(known, ACCOUNTS.seller);
    await shot(known, 'known-device-signed-in-390');

    // A browser that never signed in here: told to wait, in Polish.
    const fresh = await newPage();
    await fresh.goto('/');
    await submitLogin(fresh, ACCOUNTS.seller.email, DEMO_PASSWORD);
    await fresh.getByText('Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za 15 min.').waitFor();
    expect(new URL(fresh.url()).pathname).toBe('/');
    await shot(fresh, 'known-device-new-browser-waits-390');
  });
});
