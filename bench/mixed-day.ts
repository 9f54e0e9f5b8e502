/**
 * `npm run bench:day` (issue 32 point 6, "Load on PostgreSQL"): a mixed day of a programme of 10,000
 * reps against two API processes on one PostgreSQL.
 * - A throw-away PostgreSQL 15, migrated and seeded (bench/day/world.ts): the demo, 10,000 reps in
 *   500 warehouses signed in with cards, money for the reps who withdraw today, quizzes, a running
 *   challenge, back-office sessions.
 * - Two real API processes behind the round-robin proxy (bench/multi-process.ts, as scale-out).
 * - An open-loop mix (bench/day/open-loop.ts, visits in bench/day/visits.ts): reps signing in, home
 *   loads, quiz submits, withdrawals, back-office list pages; DAY_WARMUP_SECONDS of it uncounted, then
 *   the DAY_SECONDS window, during which the admin uploads a 100,000-row sales file through the real
 *   endpoint and follows it to the end (the window runs on until it is applied).
 * - Per route: requests, req/s, p50/p95/p99, errors; the import's times; who used the CPU; then the
 *   books (bench/day/books.ts). Exits 1 on any error, a failed check or a double payment.
 * Everything it starts is stopped and removed at the end, on failure, on Ctrl-C and by a watchdog.
 *
 *   npm run bench:day
 *   DAY_SECONDS=15 DAY_REPS=1000 DAY_IMPORT_ROWS=10000 npm run bench:day     # a quick try
 * Settings: bench/day/settings.ts (DAY_SPEED, DAY_RATE_HOME, DAY_RATE_SIGN_IN, DAY_RATE_QUIZ,
 * DAY_RATE_WITHDRAWAL, DAY_RATE_ADMIN, DAY_IMPORT_AT, DAY_TIMEOUT_SECONDS, DAY_SCRYPT_LOG_N, …).
 */
import { statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { openPostgres } from '../apps/api/src/db/client.ts';
import { loadAverage, machineCpu, sleep } from './bench-host.ts';
import { checkBooks } from './day/books.ts';
import { Recorder } from './day/http.ts';
import { openLoop } from './day/open-loop.ts';
import { routeMarkdown, routeTable } from './day/report.ts';
import { writeSalesFile } from './day/sales-file.ts';
import { KINDS, readSettings } from './day/settings.ts';
import { dayState, everyList, type ImportRun, ROUTE_ORDER, runImport, VISITS } from './day/visits.ts';
import { seedWorld } from './day/world.ts';
import { benchRun, cpuLine, cpuSince, cpuSnapshot, startApi, startPostgres, startProxy } from './multi-process.ts';
import { quantile } from './steady-load.ts';

const settings = readSettings();
const run = benchRun(settings.watchdogMs);
const log = (line: string) => console.log(line);

async function main() {
  const failures: string[] = [];
  const loadAtStart = loadAverage();
  log(
    `Mixed day bench, ${new Date().toISOString()}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average at start ${loadAtStart}`,
  );
  const s = settings;
  log(
    `${s.reps.toLocaleString('en')} reps; day speed ${s.speed}x; visits a second: ${KINDS.map((k) => `${k} ${s.rates[k].toFixed(2)}`).join(', ')}; warm-up ${s.warmUpSeconds} s, window ${s.seconds} s, import of ${s.importRows.toLocaleString('en')} rows at +${s.importAt} s; timeout ${s.timeoutMs / 1000} s; scrypt logN ${s.scryptLogN}`,
  );

  const pg = await startPostgres(run, 'day-pg-', 100);
  log(pg.version);
  const database = openPostgres(pg.url, 10);
  run.onCleanUp(() => database.close());

  // Quiz submits enough for the window running on to the import's cap (and the check's few).
  const submits = s.rates.quiz * (s.warmUpSeconds + s.seconds + s.importCapSeconds) + 10;
  const seedStarted = Date.now();
  log('seeding:');
  const world = await seedWorld(database, { reps: s.reps, scryptLogN: s.scryptLogN, submits }, log);
  log(`seeded in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s`);
  const file = path.join(run.tempDir('day-sales-'), 'sales.csv');
  const worth = writeSalesFile(file, s.importRows, world.others, world.products);
  log(
    `sales file: ${s.importRows.toLocaleString('en')} rows, ${(statSync(file).size / 2 ** 20).toFixed(1)} MB, ${worth.reps} reps, worth ${(worth.amount / 100).toFixed(2)} PLN`,
  );

  // One after the other: two start-ups at once on a busy 2-core machine can stall past the pool's timeout.
  const apiEnv = { TRUST_PROXY: 'loopback', SCRYPT_LOG_N: String(s.scryptLogN) };
  const a = await startApi(run, 'a', pg.url, apiEnv);
  const b = await startApi(run, 'b', pg.url, apiEnv);
  const proxy = await startProxy(run, 'tcp');
  await proxy.use([a.url, b.url]);
  log(`API A ${a.url}, API B ${b.url}, round-robin proxy ${proxy.url}`);

  // Before the load: one visit of each kind and every list, straight to A and to B; each must answer 2xx.
  const state = dayState(world, a.url, s.timeoutMs);
  const check = new Recorder();
  for (const api of [a, b]) {
    state.base = api.url;
    for (const kind of KINDS) await VISITS[kind](state, check);
    await everyList(state, check);
  }
  if (check.errors() > 0) throw new Error(`the check before the load failed:\n${check.examples.join('\n')}`);
  log(`checked: ${check.requests()} requests straight to A and B, all 2xx`);

  // The day: warm-up, then the window with the import in it.
  state.base = proxy.url;
  const warmUp = new Recorder();
  const day = new Recorder();
  const warmUpMs = s.warmUpSeconds * 1000;
  let windowStart = 0;
  let cpuBefore = new Map<string, number>();
  let machineBefore = machineCpu();
  const loads: string[] = [];
  let imp: ImportRun | null = null;
  let importDone = false;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  // DAY_IMPORT_ROWS=0: the same day without the import, to see what the import costs the others.
  const importing = (async () => {
    if (s.importRows === 0) {
      importDone = true;
      return;
    }
    await sleep(warmUpMs + s.importAt * 1000);
    log(`+${s.importAt} s: uploading the sales file (load average ${loadAverage()})`);
    imp = await runImport(state, day, file, s.importRows, s.importCapSeconds * 1000);
    importDone = true;
    log(`import ${imp.status} (load average ${loadAverage()})`);
  })();
  const sampler = setInterval(() => {
    if (windowStart) loads.push(loadAverage().split(' ')[0] ?? '');
  }, 5_000);
  log(`warm-up ${s.warmUpSeconds} s, then the window (load average ${loadAverage()})`);
  const result = await openLoop({
    rates: s.rates,
    start: (kind) => VISITS[kind](state, windowStart ? day : warmUp),
    done: (elapsed) => {
      if (!windowStart && elapsed >= warmUpMs) {
        windowStart = performance.now();
        cpuBefore = cpuSnapshot(run);
        machineBefore = machineCpu();
        loop.enable();
      }
      return elapsed >= warmUpMs + s.seconds * 1000 && importDone;
    },
  });
  const windowSeconds = (performance.now() - windowStart) / 1000;
  loop.disable();
  clearInterval(sampler);
  const cpu = cpuSince(run, cpuBefore);
  const machineAfter = machineCpu();
  await importing;

  // ---- The figures ----
  const stats = day.stats(windowSeconds, ROUTE_ORDER);
  const total = stats.reduce((n, r) => n + r.requests, 0);
  const errors = day.errors() + warmUp.errors();
  log(
    `\nThe window: ${windowSeconds.toFixed(1)} s, ${total.toLocaleString('en')} requests, ${(total / windowSeconds).toFixed(0)} req/s through the proxy to A and B; errors ${day.errors()} (warm-up: ${warmUp.requests()} requests, ${warmUp.errors()} errors)`,
  );
  log(routeTable(stats));
  log(
    `visits started (warm-up and window): ${KINDS.map((k) => `${k} ${result.started[k]}`).join(', ')}; not sent for want of a rep: ${KINDS.map((k) => `${k} ${state.notSent[k]}`).join(', ')}`,
  );
  log(
    `load generator: visits started late p99 ${quantile(result.lateMs, 0.99).toFixed(0)} ms, max ${(result.lateMs.at(-1) ?? 0).toFixed(0)} ms; its event-loop delay p99 ${(loop.percentile(99) / 1e6).toFixed(0)} ms`,
  );
  log(cpuLine(cpu, windowSeconds));
  const busy = [...cpu].map(([name, v]) => `${name} ${(v / windowSeconds).toFixed(2)}`).join(', ');
  log(`cores busy on average: ${busy}; load average during the window (1 min, every 5 s): ${loads.join(' ')}`);
  // What the machine did besides: its busy CPU minus ours (another engineer's tests share the cores).
  const ours = [...cpu.values()].reduce((a, b) => a + b, 0);
  const machineBusy = machineAfter.busy - machineBefore.busy;
  log(
    `the machine: ${(machineBusy / windowSeconds).toFixed(2)} of ${os.cpus().length} cores busy (${((machineBusy / (machineAfter.total - machineBefore.total)) * 100).toFixed(0)}%), of which this bench's processes ${(ours / windowSeconds).toFixed(2)} and other work ${(Math.max(0, machineBusy - ours) / windowSeconds).toFixed(2)}`,
  );
  const ran = imp as ImportRun | null;
  if (ran) {
    log(
      `import: upload answered ${ran.uploadStatus} after ${((ran.answeredMs ?? 0) / 1000).toFixed(1)} s, seen ${ran.status} after ${((ran.seenDoneMs ?? 0) / 1000).toFixed(1)} s (polled); ${ran.phases.map((p) => `${p.status} at +${((p.at - windowStart) / 1000).toFixed(1)} s`).join(', ')}`,
    );
  }
  // Latency over the window in slices, beside what the import was doing at each slice's start.
  const importAt = (t: number) =>
    ran?.phases.filter((p) => p.at <= t).at(-1)?.status ?? (s.importRows === 0 ? 'no import' : 'not yet');
  log('\nthe window by 5 s (all routes): from s, requests, p50 ms, p99 ms, errors, the import then');
  for (const slice of day.timeline(windowStart, 5_000)) {
    log(
      `  +${String(slice.from).padStart(3)}  ${String(slice.requests).padStart(5)}  ${slice.p50.toFixed(0).padStart(5)}  ${slice.p99.toFixed(0).padStart(5)}  ${slice.errors}  ${importAt(windowStart + slice.from * 1000)}`,
    );
  }

  // ---- The books ----
  const books = await checkBooks(database.db, state, s.importRows === 0 ? null : ran, {
    rows: s.importRows,
    amount: worth.amount,
  });
  if (books.import) log(`import in the database: created → finished ${books.import.seconds?.toFixed(1)} s`);
  for (const line of books.lines) log(line);
  failures.push(...books.failures);

  if (errors > 0) {
    failures.push(`${errors} errors`);
    log(`\nfirst errors:\n${[...warmUp.examples, ...day.examples].slice(0, 20).join('\n')}`);
  }
  // What the API processes logged (LOG_LEVEL=warn): a warning is worth reading even when all answered.
  for (const [name, api] of [
    ['A', a],
    ['B', b],
  ] as const) {
    const said = api.stderr().trim();
    log(said ? `\nAPI ${name} logged (tail):\n${said.slice(-3000)}` : `API ${name} logged nothing`);
  }
  if (result.threw > 0) failures.push(`${result.threw} visits threw (a bench bug)`);
  log(`\nMarkdown:\n${routeMarkdown(stats)}`);
  log(`\nload average at start ${loadAtStart}, at the end ${loadAverage()}`);
  if (failures.length > 0) {
    console.error(`\nFAILED: ${failures.join('; ')}`);
    process.exitCode = 1;
  } else log('\nOK: 0 errors, the books hold');
}

await run.main(main);
