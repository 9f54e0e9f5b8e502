import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ledgerCheckSchema, salesImportSchema } from '@incentive/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../db/client.ts';
import { queryRows } from '../../db/query-rows.ts';
import { challengeProducts, challenges, products, users, userWarehouses, warehouses } from '../../db/schema.ts';
import { hashPassword } from '../../lib/password.ts';

/*
 * Issue 28 point 2 against the real server process (`node --import tsx src/server.ts`, PGlite on
 * disk): SIGTERM while an import's job runs stops the server within seconds; the next start resumes
 * the job from its cursor and the import ends applied, every rep paid once, the books balanced.
 */

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tmpDirs: string[] = [];
afterAll(async () => {
  await Promise.all(tmpDirs.map((d) => rm(d, { recursive: true, force: true })));
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

const REPS = 200;
const ROWS = 4_000;
const PASSWORD = 'Sigterm-Test-1!';

/** A data directory with reps in warehouses, one challenge of 5 products, and an admin. */
async function prepare(dataDir: string): Promise<{ due: number }> {
  const database = await openPglite({ dir: path.join(dataDir, 'db') });
  try {
    await database.migrate();
    const db = database.db;
    const whs = await db
      .insert(warehouses)
      .values(Array.from({ length: 5 }, (_, i) => ({ assecoId: `SIG-W${i}`, name: `H ${i}`, address: 'A' })))
      .returning({ id: warehouses.id });
    const reps = await db
      .insert(users)
      .values(
        Array.from({ length: REPS }, (_, i) => ({
          email: `sig.${i}@example.pl`,
          name: 'S',
          surname: `R ${i}`,
          role: 'seller',
          assecoId: `SIG-${i}`,
        })),
      )
      .returning({ id: users.id });
    await db.insert(userWarehouses).values(reps.map((r, i) => ({ userId: r.id, warehouseId: whs[i % 5]?.id ?? 0 })));
    await db.insert(users).values({
      email: 'sig.admin@example.pl',
      name: 'S',
      surname: 'Admin',
      role: 'admin',
      passwordHash: await hashPassword(PASSWORD, 10),
      activatedAt: new Date(),
      emailConfirmed: true,
    });
    const [ch] = await db
      .insert(challenges)
      .values({ name: 'SIG', startOn: '2026-01-01', endOn: '2026-12-31' })
      .returning({ id: challenges.id });
    const prods = await db
      .insert(products)
      .values(Array.from({ length: 5 }, (_, i) => ({ name: `P ${i}`, code: `SIG-P${i}` })))
      .returning({ id: products.id });
    await db
      .insert(challengeProducts)
      .values(prods.map((p, i) => ({ challengeId: ch?.id ?? 0, productId: p.id, reward: 100 + i, position: i })));
    let due = 0;
    for (let i = 0; i < ROWS; i++) due += (1 + (i % 3)) * (100 + (i % 5));
    return { due };
  } finally {
    await database.close();
  }
}

function csv(): string {
  const lines = ['Dokument;Pozycja;Data sprzedaży;Hurtownia;Przedstawiciel;Produkt;Ilość'];
  for (let i = 0; i < ROWS; i++) {
    const rep = i % REPS;
    lines.push(
      `FV/SIG/${i};1;2026-05-${String(1 + (i % 28)).padStart(2, '0')};SIG-W${rep % 5};SIG-${rep};SIG-P${i % 5};${1 + (i % 3)}`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

interface Server {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

async function start(dataDir: string): Promise<Server> {
  const port = await freePort();
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: {
      ...env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      SCRYPT_LOG_N: '10',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('is running at')) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, exited };
}

async function login(s: Server): Promise<string> {
  const res = await fetch(`${s.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'sig.admin@example.pl', password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function getImport(s: Server, token: string, id: number) {
  const res = await fetch(`${s.url}/api/sales-imports/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  return salesImportSchema.parse(await res.json());
}

describe('SIGTERM during an import (the real server, PGlite on disk)', () => {
  it('stops within seconds; the next start resumes the job and pays every row once; the books balance', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'incentive-sales-sigterm-'));
    tmpDirs.push(dataDir);
    const { due } = await prepare(dataDir);

    let server = await start(dataDir);
    let token = await login(server);
    const form = new FormData();
    form.append('file', new Blob([csv()], { type: 'text/csv' }), 'sprzedaz.csv');
    const res = await fetch(`${server.url}/api/sales-imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(202);
    const { id } = salesImportSchema.parse(await res.json());
    // Wait for the job to be at work, then stop the server.
    for (;;) {
      const now = await getImport(server, token, id);
      expect(now.status, 'the import finished before the stop').not.toBe('applied');
      if (now.status === 'applying' || (now.status === 'checking' && now.rows_checked > 0)) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const stoppedAt = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);
    const stopTook = Date.now() - stoppedAt;
    expect(stopTook).toBeLessThan(10_000);

    // Between the two starts: the import is not finished and its job waits to be resumed.
    const between = await openPglite({ dir: path.join(dataDir, 'db') });
    try {
      const [imp] = await queryRows<{ status: string }>(
        between.db,
        sql`select status from sales_imports where id = ${id}`,
      );
      expect(['checking', 'applying']).toContain(imp?.status);
      const [job] = await queryRows<{ status: string }>(
        between.db,
        sql`select j.status from jobs j join sales_imports si on si.job_id = j.id where si.id = ${id}`,
      );
      expect(job?.status).toBe('queued');
    } finally {
      await between.close();
    }

    server = await start(dataDir);
    token = await login(server);
    let done = await getImport(server, token, id);
    for (let i = 0; done.status !== 'applied'; i++) {
      expect(i, `still ${done.status}`).toBeLessThan(3_000);
      await new Promise((r) => setTimeout(r, 50));
      done = await getImport(server, token, id);
    }
    expect(done).toMatchObject({ rows_total: ROWS, rows_checked: ROWS, rows_accepted: ROWS, rows_rejected: 0 });
    expect(done.amount).toBe((due / 100).toFixed(2));
    const check = await fetch(`${server.url}/api/admin/ledger/check`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const books = ledgerCheckSchema.parse(await check.json());
    expect(books.mismatches).toEqual([]);
    expect(books.totals.available).toBe((due / 100).toFixed(2));
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 300_000);
});
