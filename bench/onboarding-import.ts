/**
 * Bulk onboarding of people at full size (issue 30 point 1, decision 061): `npm run bench:onboarding`.
 *
 * For each database: a fresh database (PGlite in a data dir on disk, or a new database on the
 * PostgreSQL server of BENCH_DATABASE_URL) seeded with 10,000 signed-in reps in 500 warehouses and
 * a signed-in admin; then the REAL server started as `npm start` starts it (apps/api/src/server.ts in
 * its own process, e-mail to DATA_DIR/outbox). A generated CSV of 10,000 new people (the file limit),
 * in the warehouses the seeded database holds (their asseco ids read from it): sales reps (PH) with
 * asseco id, phone and full tax data (a PESEL with a right check digit, a tax office by name or code,
 * street, postcode, town), and every 50th row a regional manager (RKS) of five warehouses. As the
 * admin, over HTTP: the preview (POST /api/onboarding/imports, kind=people and the file), then the
 * apply (POST /api/onboarding/imports/:id/apply), each timed from its first byte to its answer.
 *
 * During each phase (and for a while before, idle, for comparison): a steady load of a few signed-in
 * reps' GET /api/health and GET /api/me with latencies (steady-load.ts); the server's RSS sampled
 * every 50 ms from /proc, and its V8 heap and longest event-loop stall by a small probe preloaded
 * into the server process (`--import data:…`, reporting on stderr every 50 ms; no sample while the
 * loop is blocked, so a heap peak inside a stall shows as the first sample after it). The e-mails: the
 * apply's answer says how many it queued, and the outbox is counted the moment it answers (sent
 * inline would be ~10,000) and again MAIL_WATCH_MS later (the queue's pace, INVITE_MAILS_PER_MINUTE).
 * After: SIGTERM, then what the database holds (accounts, tax profiles, memberships, invitations).
 *
 *   npm run bench:onboarding                                # PGlite on disk and PostgreSQL, 10,000 rows
 *   BENCH_DB=pglite-disk BENCH_ROWS=2000 npm run bench:onboarding
 *   BENCH_DATABASE_URL=postgres://…   (default: the shared postgres://postgres@127.0.0.1:55432/postgres)
 *   BENCH_MAILS_PER_MINUTE=6    the server's INVITE_MAILS_PER_MINUTE (default: unset, the product's 120)
 *   BENCH_CAP_MINUTES=10        a phase not answered by then is reported so
 *   BENCH_RATE=20               load requests per second
 *   BENCH_LABEL=after           also write this label's section of bench/baselines/onboarding-import.md
 *
 * Prints one `RESULT {json}` line per run and the tables.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isValidPesel, type OnboardingImport } from '@incentive/contracts';
import { TAX_OFFICES } from '@incentive/contracts/tax-offices';
import { isNull, sql } from 'drizzle-orm';
import type { Database } from '../apps/api/src/db/client.ts';
import { queryRows } from '../apps/api/src/db/query-rows.ts';
import { invitations, repProfiles, users, userWarehouses, warehouses } from '../apps/api/src/db/schema.ts';
import { freshServerDatabase, type ServerDbKind } from './bench-db.ts';
import { freePort, loadAverage, sleep, tempDir } from './bench-host.ts';
import { seedWarehousesAndReps } from './bench-seed.ts';
import { cpuSecondsOf, type LatencyStats, rssSampler, steadyLoad } from './steady-load.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BASELINE = path.join(ROOT, 'bench', 'baselines', 'onboarding-import.md');

const WAREHOUSES = 500;
const REPS_PER_WAREHOUSE = 20;
const REPS = WAREHOUSES * REPS_PER_WAREHOUSE;
/** Every this many rows of the file, a regional manager (RKS) instead of a sales rep (PH). */
const RKS_EVERY = 50;
const RKS_WAREHOUSES = 5;
/** Reps whose sessions send the steady load. */
const LOAD_REPS = 8;
const LOAD_PATHS = ['/api/health', '/api/me'] as const;
/** A load request not answered within this is aborted and counted as an error (a timeout). */
const LOAD_TIMEOUT_MS = 10_000;
/** The server runs a while under the load before anything is measured (PGlite's analyze after start, first plans). */
const WARM_UP_MS = 5_000;
/** The idle phase: the same load with no import, the latencies to compare with. */
const IDLE_MS = 5_000;
/** After the apply answers, the outbox is counted again this much later (the queue's pace). */
const MAIL_WATCH_MS = 10_000;
/** After a phase, the probe's next line (the stall it ended with) is waited for this long. */
const PROBE_SETTLE_MS = 200;
const EMAIL_DOMAIN = 'onboarding.example.pl';

type DbKind = ServerDbKind;

const list = (v: string | undefined, fallback: string) =>
  (v ?? fallback)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const opts = {
  dbs: list(process.env.BENCH_DB, 'pglite-disk,postgres') as DbKind[],
  rows: Number(process.env.BENCH_ROWS ?? 10_000),
  pgUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:55432/postgres',
  capMs: Number(process.env.BENCH_CAP_MINUTES ?? 10) * 60_000,
  mailsPerMinute: process.env.BENCH_MAILS_PER_MINUTE ?? null,
  label: process.env.BENCH_LABEL ?? null,
  rate: Number(process.env.BENCH_RATE ?? 20),
};

/** What the server process did during one phase. */
interface PhaseResult {
  /** The HTTP status of the phase's request (0: no answer). */
  status: number;
  seconds: number;
  rowsPerSecond: number | null;
  peakRssMb: number;
  peakHeapMb: number;
  /** Memory outside the V8 heap the process's objects hold (buffers, PGlite's WebAssembly memory). */
  peakExternalMb: number;
  /** The longest the server's event loop was blocked (how late the probe's 10 ms timer fired, at most). */
  stallMs: number;
  serverCpuSeconds: number;
  load: Record<string, LatencyStats>;
}

interface RunResult {
  db: DbKind;
  rows: number;
  sellers: number;
  managers: number;
  fileKb: number;
  idleRssMb: number;
  idleHeapMb: number;
  idleExternalMb: number;
  idle: PhaseResult;
  preview: PhaseResult & { toCreate: number; refused: number };
  apply: PhaseResult & { outcome: string };
  /** The apply's answer: invitations queued / sent as it counted them. */
  answerQueued: number | null;
  answerSent: number | null;
  /** E-mail files in the outbox the moment the apply answered, and MAIL_WATCH_MS later. */
  outboxAtAnswer: number;
  outboxLater: number;
  mailsPerMinute: string;
  /** What the database holds afterwards, of the file's people. */
  created: number;
  profiles: number;
  links: number;
  invitationsQueued: number;
  invitationsSent: number;
  exitSeconds: number;
  exitCode: number | null;
  loadBefore: string;
  loadAfter: string;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** The bench's world, written straight into the database: what the server then finds on start. */
async function seedWorld(db: Database['db']) {
  const { repTokens, adminToken } = await seedWarehousesAndReps(db, {
    warehouses: WAREHOUSES,
    repsPerWarehouse: REPS_PER_WAREHOUSE,
    loadReps: LOAD_REPS,
  });
  await db.execute(sql`analyze`);
  // The file names warehouses the programme has: their asseco ids as the database holds them.
  const active = await db
    .select({ asseco: warehouses.assecoId })
    .from(warehouses)
    .where(isNull(warehouses.deletedAt))
    .orderBy(warehouses.id);
  return { adminToken: adminToken, repTokens, warehouseAssecoIds: active.map((w) => w.asseco) };
}

const PESEL_WEIGHTS = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3];
const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** A valid PESEL, different for each i below 10,000: born 1960–1999, the serial from i, the check digit computed. */
function peselOf(i: number): string {
  const first10 = `${pad(60 + (i % 40), 2)}${pad(1 + (i % 12), 2)}${pad(1 + (i % 28), 2)}${pad(i % 10_000, 4)}`;
  const sum = PESEL_WEIGHTS.reduce((acc, w, k) => acc + w * Number(first10[k]), 0);
  const pesel = `${first10}${(10 - (sum % 10)) % 10}`;
  if (!isValidPesel(pesel)) throw new Error(`bench: generated an invalid PESEL ${pesel}`);
  return pesel;
}

const NAMES = ['Łukasz', 'Zofia', 'Paweł', 'Małgorzata', 'Jan', 'Agnieszka', 'Michał', 'Żaneta'];
const SURNAMES = ['Kowalski', 'Wiśniewska', 'Wójcik', 'Kamińska', 'Lewandowski', 'Zieliński', 'Szymańska'];
const CITIES = ['Łódź', 'Kraków', 'Gdańsk', 'Zgierz', 'Poznań', 'Wrocław', 'Białystok'];

/**
 * The file: the header the template has, then `rows` new people (e-mails and asseco ids nobody has).
 * Sales reps in one warehouse each (round robin over the database's), with phone and tax data (the
 * tax office by its name on even rows, by its code on odd ones); every RKS_EVERY-th row a regional
 * manager of RKS_WAREHOUSES warehouses, without tax data (reps' only). UTF-8 with a BOM, `;`, CRLF:
 * what Excel saves.
 */
function writeCsv(file: string, rows: number, warehouseIds: readonly string[]) {
  const lines = [
    'Rola;Imię;Nazwisko;E-mail;Hurtownie;Asseco ID;Telefon;PESEL;Urząd skarbowy;Ulica i numer;Kod pocztowy;Miejscowość',
  ];
  let sellers = 0;
  let managers = 0;
  const warehouse = (k: number) => warehouseIds[k % warehouseIds.length] ?? '';
  for (let i = 0; i < rows; i++) {
    const name = NAMES[i % NAMES.length];
    const surname = `${SURNAMES[i % SURNAMES.length]}-${i}`;
    const email = `onb.${i}@${EMAIL_DOMAIN}`;
    if (i % RKS_EVERY === RKS_EVERY - 1) {
      managers++;
      const theirs = Array.from({ length: RKS_WAREHOUSES }, (_, k) => warehouse(i + k * 97)).join(', ');
      lines.push(`RKS;${name};${surname};${email};${theirs};ONB-RKS-${i};;;;;;`);
      continue;
    }
    sellers++;
    const [code, office] = TAX_OFFICES[i % TAX_OFFICES.length] ?? ['', ''];
    lines.push(
      [
        'PH',
        name,
        surname,
        email,
        warehouse(i),
        `ONB-PH-${i}`,
        `+48 600 ${pad(i % 1000, 3)} ${pad(i % 997, 3)}`,
        peselOf(i),
        i % 2 === 0 ? office : code,
        `ul. Długa ${1 + (i % 200)}/${1 + (i % 30)}`,
        `${pad(10 + (i % 90), 2)}-${pad(i % 1000, 3)}`,
        CITIES[i % CITIES.length],
      ].join(';'),
    );
  }
  writeFileSync(file, `\uFEFF${lines.join('\r\n')}\r\n`);
  return { sellers, managers };
}

/**
 * Preloaded into the server process: a 10 ms interval timer whose lateness is how long the event
 * loop was blocked (monitorEventLoopDelay loses the block it races with a reset), and every 50 ms
 * one stderr line with the V8 heap and the longest stall since the last line. Nothing else: the
 * server runs as it would.
 */
const PROBE = [
  'let last = performance.now();',
  'let lineAt = last;',
  'let stall = 0;',
  'setInterval(() => {',
  '  const now = performance.now();',
  '  stall = Math.max(stall, now - last - 10);',
  '  last = now;',
  '  if (now - lineAt < 50) return;',
  '  lineAt = now;',
  '  const m = process.memoryUsage();',
  "  process.stderr.write('BENCH_PROBE ' + JSON.stringify({ heap: m.heapUsed, heapTotal: m.heapTotal, external: m.external, stallMs: stall }) + '\\n');",
  '  stall = 0;',
  '}, 10).unref();',
].join('\n');

interface ProbeSample {
  heap: number;
  heapTotal: number;
  external: number;
  stallMs: number;
}

/** The probe's lines from the server's stderr: the last heap, and the peak heap and longest stall since `reset`. */
function probeReader() {
  let last: ProbeSample = { heap: 0, heapTotal: 0, external: 0, stallMs: 0 };
  let peakHeap = 0;
  let peakExternal = 0;
  let stall = 0;
  let rest = '';
  return {
    /** Takes a stderr chunk; answers what is not the probe's (for the server's output). */
    take(chunk: string): string {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      const other: string[] = [];
      for (const line of lines) {
        if (!line.startsWith('BENCH_PROBE ')) {
          other.push(line);
          continue;
        }
        last = JSON.parse(line.slice('BENCH_PROBE '.length)) as ProbeSample;
        peakHeap = Math.max(peakHeap, last.heap);
        peakExternal = Math.max(peakExternal, last.external);
        stall = Math.max(stall, last.stallMs);
      }
      return other.length ? `${other.join('\n')}\n` : '';
    },
    now: () => last,
    peakHeap: () => peakHeap,
    peakExternal: () => peakExternal,
    stallMs: () => stall,
    reset: () => {
      peakHeap = last.heap;
      peakExternal = last.external;
      stall = 0;
    },
  };
}

/** The server as `npm start` runs it (without the web build: the API is what is measured), with the probe. */
async function startServer(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', `data:text/javascript,${encodeURIComponent(PROBE)}`, 'apps/api/src/server.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        ...env,
        ...(opts.mailsPerMinute ? { INVITE_MAILS_PER_MINUTE: opts.mailsPerMinute } : {}),
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: 'false',
        // What this measures, not the one-time mail to every rep about the seeded challenge (decision 065).
        NOTICE_SCAN_SECONDS: '0',
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const probe = probeReader();
  let output = '';
  const keep = (text: string) => {
    output = (output + text).slice(-4000);
  };
  child.stdout?.on('data', (b: Buffer) => keep(b.toString()));
  child.stderr?.on('data', (b: Buffer) => keep(probe.take(b.toString())));
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${output}`);
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { child, base, probe, output: () => output };
    await sleep(250);
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer /api/health in 180 s:\n${output}`);
}

/** SIGTERM, then the seconds until the process exits (SIGKILL after 60 s). */
async function stopServer(child: ChildProcess) {
  const started = performance.now();
  const exited = new Promise<number | null>((done) => {
    if (child.exitCode !== null) done(child.exitCode);
    else child.once('exit', (code) => done(code));
  });
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  const code = await exited;
  clearTimeout(killer);
  return { exitSeconds: (performance.now() - started) / 1000, exitCode: code };
}

/** A request's status and JSON answer (or its text, cut, when not JSON); status 0 when it got no answer. */
async function call(url: string, init: RequestInit): Promise<{ status: number; body: Record<string, unknown> }> {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(opts.capMs) });
    const text = await res.text();
    try {
      return { status: res.status, body: JSON.parse(text) as Record<string, unknown> };
    } catch {
      return { status: res.status, body: { error: text.slice(0, 300) } };
    }
  } catch (err) {
    return { status: 0, body: { error: String(err) } };
  }
}

/** The e-mail files in the outbox now. */
const outboxCount = (dataDir: string) => {
  const dir = path.join(dataDir, 'outbox');
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')).length : 0;
};

/** What the database holds after the run, of the file's people. */
async function afterwards(open: () => Promise<Database>) {
  const database = await open();
  try {
    const [row] = await queryRows<{
      created: number;
      profiles: number;
      links: number;
      queued: number;
      sent: number;
    }>(
      database.db,
      sql`with made as (select id from ${users} where email like ${`%@${EMAIL_DOMAIN}`})
          select (select count(*)::int from made) as created,
                 (select count(*)::int from ${repProfiles} p join made on made.id = p.user_id
                   where p.pesel is not null and p.tax_office_code is not null) as profiles,
                 (select count(*)::int from ${userWarehouses} uw join made on made.id = uw.user_id) as links,
                 (select count(*)::int from ${invitations} i join made on made.id = i.user_id where i.status = 'queued') as queued,
                 (select count(*)::int from ${invitations} i join made on made.id = i.user_id where i.status = 'sent') as sent`,
    );
    return row ?? { created: 0, profiles: 0, links: 0, queued: 0, sent: 0 };
  } finally {
    await database.close();
  }
}

async function runOne(kind: DbKind, rows: number): Promise<RunResult> {
  const cleanUps: (() => void | Promise<void>)[] = [];
  try {
    const dir = tempDir('bench-onboarding-', (undo) => cleanUps.push(undo));
    const database = await freshServerDatabase(kind, dir, opts.pgUrl, 'bench_onboarding');
    cleanUps.push(database.drop);
    const seeding = await database.open();
    await seeding.migrate();
    const world = await seedWorld(seeding.db);
    await seeding.close();
    const file = path.join(dir, 'osoby.csv');
    const made = writeCsv(file, rows, world.warehouseAssecoIds);
    const dataDir = database.env.DATA_DIR ?? '';

    const server = await startServer(database.env);
    const pid = server.child.pid ?? 0;
    const rss = rssSampler(pid);
    cleanUps.push(() => rss.stop());
    const { probe } = server;
    const warmUp = steadyLoad({
      base: server.base,
      paths: LOAD_PATHS,
      tokens: world.repTokens,
      perSecond: opts.rate,
      timeoutMs: LOAD_TIMEOUT_MS,
    });
    await sleep(WARM_UP_MS);
    await warmUp.stop();
    const idleRss = rss.now();
    const idleHeap = probe.now().heap;
    const idleExternal = probe.now().external;
    const loadBefore = loadAverage();

    /**
     * Runs `work` under the steady load: the server's RSS peak and CPU from its start to its answer,
     * its heap peak and longest stall until the probe's line after the load's last answer.
     */
    const phase = async (work: () => Promise<number>, counted = true): Promise<PhaseResult> => {
      rss.resetPeak();
      probe.reset();
      const cpuBefore = cpuSecondsOf(pid);
      const load = steadyLoad({
        base: server.base,
        paths: LOAD_PATHS,
        tokens: world.repTokens,
        perSecond: opts.rate,
        timeoutMs: LOAD_TIMEOUT_MS,
      });
      load.record();
      const started = performance.now();
      const status = await work();
      const seconds = (performance.now() - started) / 1000;
      const peakRss = rss.peak();
      const serverCpuSeconds = cpuSecondsOf(pid) - cpuBefore;
      const stats = await load.stop();
      // A stall is reported by the probe's first line after it: wait for that line.
      await sleep(PROBE_SETTLE_MS);
      return {
        status,
        seconds,
        rowsPerSecond: counted && status >= 200 && status < 300 ? Math.round(rows / seconds) : null,
        peakRssMb: mb(peakRss),
        peakHeapMb: mb(probe.peakHeap()),
        peakExternalMb: mb(probe.peakExternal()),
        stallMs: Math.round(probe.stallMs()),
        serverCpuSeconds: Math.round(serverCpuSeconds * 10) / 10,
        load: Object.fromEntries(stats),
      };
    };
    const auth = { authorization: `Bearer ${world.adminToken}`, 'accept-language': 'pl' };

    const idle = await phase(async () => {
      await sleep(IDLE_MS);
      return 200;
    }, false);

    let previewed: { status: number; body: Record<string, unknown> } = { status: 0, body: {} };
    const preview = await phase(async () => {
      const form = new FormData();
      form.set('kind', 'people');
      form.set('file', new Blob([readFileSync(file)], { type: 'text/csv' }), 'osoby.csv');
      previewed = await call(`${server.base}/api/onboarding/imports`, { method: 'POST', headers: auth, body: form });
      return previewed.status;
    });
    const imp = previewed.body as Partial<OnboardingImport>;
    if (previewed.status !== 201) console.log(`preview answered ${previewed.status}: ${JSON.stringify(imp)}`);
    else if ((imp.refused ?? 0) > 0) {
      const refused = await call(`${server.base}/api/onboarding/imports/${imp.id}/rows?action=refused&per_page=5`, {
        headers: auth,
      });
      console.log(`${imp.refused} rows refused, the first: ${JSON.stringify(refused.body.data)}`);
    }

    let applied: { status: number; body: Record<string, unknown> } = { status: 0, body: {} };
    let outboxAtAnswer = 0;
    const apply = await phase(async () => {
      if (previewed.status !== 201) return 0;
      applied = await call(`${server.base}/api/onboarding/imports/${imp.id}/apply`, { method: 'POST', headers: auth });
      outboxAtAnswer = outboxCount(dataDir);
      return applied.status;
    });
    const answer = applied.body as Partial<OnboardingImport>;
    if (applied.status !== 200 && previewed.status === 201) {
      console.log(`apply answered ${applied.status}: ${JSON.stringify(answer)}\nserver output:\n${server.output()}`);
    }
    await sleep(MAIL_WATCH_MS);
    const outboxLater = outboxCount(dataDir);
    const loadAfter = loadAverage();
    rss.stop();
    const stopped = await stopServer(server.child);
    const after = await afterwards(database.open);

    return {
      db: kind,
      rows,
      ...made,
      fileKb: Math.round(statSync(file).size / 1024),
      idleRssMb: mb(idleRss),
      idleHeapMb: mb(idleHeap),
      idleExternalMb: mb(idleExternal),
      idle,
      preview: { ...preview, toCreate: imp.to_create ?? 0, refused: imp.refused ?? 0 },
      apply: { ...apply, outcome: applied.status === 200 ? String(answer.status) : `answered ${applied.status}` },
      answerQueued: answer.invitations?.queued ?? null,
      answerSent: answer.invitations?.sent ?? null,
      outboxAtAnswer,
      outboxLater,
      mailsPerMinute: opts.mailsPerMinute ?? '120 (default)',
      created: after.created,
      profiles: after.profiles,
      links: after.links,
      invitationsQueued: after.queued,
      invitationsSent: after.sent,
      exitSeconds: stopped.exitSeconds,
      exitCode: stopped.exitCode,
      loadBefore,
      loadAfter,
    };
  } finally {
    for (const undo of cleanUps.reverse()) await undo();
  }
}

const ms = (v: number) => (v >= 1000 ? `${(v / 1000).toFixed(1)} s` : `${Math.round(v)} ms`);
const latency = (s: LatencyStats | undefined) =>
  s ? `${ms(s.p50)} / ${ms(s.p99)} / ${ms(s.max)} · ${s.errors}/${s.requests} (${s.timeouts} t/o)` : '-';

function tables(results: readonly RunResult[]): string {
  const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  const rule = (n: number) => row(Array.from({ length: n }, () => '---'));
  const phaseHead = [
    'database',
    'phase',
    'answer',
    'seconds',
    'rows/s',
    'RSS peak (MB)',
    'heap / external peak (MB)',
    'longest event-loop stall',
    'server CPU s',
    ...LOAD_PATHS.map((p) => `${p} p50 / p99 / max · errors/requests (timeouts)`),
  ];
  const phases = [
    row(phaseHead),
    rule(phaseHead.length),
    ...results.flatMap((r) =>
      (['idle', 'preview', 'apply'] as const).map((name) => {
        const p = r[name];
        return row([
          r.db,
          name,
          name === 'idle' ? '-' : p.status || 'none',
          p.seconds.toFixed(1),
          p.rowsPerSecond ?? '-',
          name === 'idle' ? `${r.idleRssMb} (idle) → ${p.peakRssMb}` : p.peakRssMb,
          name === 'idle'
            ? `${r.idleHeapMb} / ${r.idleExternalMb} (idle) → ${p.peakHeapMb} / ${p.peakExternalMb}`
            : `${p.peakHeapMb} / ${p.peakExternalMb}`,
          ms(p.stallMs),
          p.serverCpuSeconds,
          ...LOAD_PATHS.map((path) => latency(p.load[path])),
        ]);
      }),
    ),
  ];
  const outcomeHead = [
    'database',
    'rows (PH + RKS)',
    'file KB',
    'preview: to create / refused',
    'apply',
    'e-mails queued / sent (apply answer)',
    'outbox at the answer',
    `outbox ${MAIL_WATCH_MS / 1000} s later (INVITE_MAILS_PER_MINUTE)`,
    'queue at exit: queued / sent',
    'accounts / tax profiles / memberships',
    'SIGTERM → exit',
    'load avg before → after',
  ];
  const outcomes = [
    row(outcomeHead),
    rule(outcomeHead.length),
    ...results.map((r) =>
      row([
        r.db,
        `${r.rows.toLocaleString('en')} (${r.sellers.toLocaleString('en')} + ${r.managers})`,
        r.fileKb,
        `${r.preview.toCreate.toLocaleString('en')} / ${r.preview.refused}`,
        r.apply.outcome,
        `${r.answerQueued?.toLocaleString('en') ?? '-'} / ${r.answerSent ?? '-'}`,
        r.outboxAtAnswer,
        `${r.outboxLater} (${r.mailsPerMinute})`,
        `${r.invitationsQueued.toLocaleString('en')} / ${r.invitationsSent}`,
        `${r.created.toLocaleString('en')} / ${r.profiles.toLocaleString('en')} / ${r.links.toLocaleString('en')}`,
        `${r.exitSeconds.toFixed(1)} s (code ${r.exitCode})`,
        `${r.loadBefore} → ${r.loadAfter}`,
      ]),
    ),
  ];
  return `${phases.join('\n')}\n\n${outcomes.join('\n')}`;
}

/** Replaces this label's section of the baseline file (other labels' sections stay: before and after). */
function writeBaseline(results: readonly RunResult[], commit: string, label: string) {
  const intro = `# Bulk onboarding of people at full size

\`npm run bench:onboarding\` (bench/onboarding-import.ts): the real server in its own process, ${REPS.toLocaleString('en')} signed-in reps in
${WAREHOUSES} warehouses; a CSV of ${opts.rows.toLocaleString('en')} new people (PH with tax data, every ${RKS_EVERY}th an RKS of ${RKS_WAREHOUSES} warehouses)
previewed and then applied over HTTP by the admin, while ${LOAD_REPS} reps send ${opts.rate} requests/s in turn to
${LOAD_PATHS.join(' and ')} (open loop; a request unanswered after ${LOAD_TIMEOUT_MS / 1000} s is aborted and counted as an
error, "t/o"). RSS is the server's VmRSS sampled every 50 ms; heap (V8 heapUsed) and the longest event-loop
stall come from a probe preloaded into the server, every 50 ms. Idle is after ${WARM_UP_MS / 1000} s under the load, before the
upload. The e-mails: the apply's answer, and the outbox's .eml files the moment it answered. The machine is shared:
the load average is printed beside each run.
`;
  const heading = `## ${label}`;
  const section = `${heading}\n\n${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit ${commit}\n\n${tables(results)}\n`;
  const old = existsSync(BASELINE) ? readFileSync(BASELINE, 'utf8') : '';
  const sections = old.startsWith('# Bulk onboarding of people')
    ? old
        .split(/\n(?=## )/)
        .slice(1)
        .filter((s) => !s.startsWith(`${heading}\n`))
    : [];
  writeFileSync(BASELINE, `${[intro, ...sections, section].map((s) => s.trimEnd()).join('\n\n')}\n`);
}

const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
const results: RunResult[] = [];
let failed = false;
for (const kind of opts.dbs) {
  console.log(`\n${kind}, ${opts.rows.toLocaleString('en')} people (load average ${loadAverage()})`);
  const r = await runOne(kind, opts.rows).catch((err: unknown) => {
    console.error(err);
    return null;
  });
  if (!r) {
    failed = true;
    continue;
  }
  console.log(`RESULT ${JSON.stringify(r)}`);
  results.push(r);
  if (opts.label) writeBaseline(results, commit, opts.label);
  // Queued, not sent inline: at the answer the outbox holds at most the queue's first few.
  const inline = r.outboxAtAnswer > Math.max(10, r.rows / 100);
  if (r.apply.status !== 200 || r.created !== r.rows || r.answerQueued !== r.rows || inline) failed = true;
}
console.log(`\n${tables(results)}`);
if (failed) process.exitCode = 1;
