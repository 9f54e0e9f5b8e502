import { spawnSync } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  challengeProducts,
  challenges,
  products,
  users,
  userWarehouses,
  warehouses,
} from '../apps/api/src/db/schema.ts';
import { importSales } from '../apps/api/src/modules/sales/sales-imports.service.ts';
import { checkLedger } from '../apps/api/src/modules/wallet/ledger-check.ts';
import { insertChunked } from '../apps/api/src/seed/people.ts';
import { openBenchDb } from './bench-db.ts';

/*
 * Importing 100,000 valid sales rows (a 4 MB CSV) through the import service: streamed from disk,
 * staged, applied in one transaction with its ledger entries. Rows per second and the process's
 * peak RSS (sampled every 20 ms), on PGlite and, with BENCH_DATABASE_URL, on PostgreSQL; each in
 * its own process so one's memory does not count for the other. Writes bench/baselines/sales-import.md.
 */

/** BENCH_ROWS only for a quick check that the script runs; the baseline is 100,000. */
const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const REPS = 1_000;
const WAREHOUSES = 20;
const PRODUCTS = 20;

interface Result {
  label: string;
  seconds: number;
  rowsPerSecond: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  accepted: number;
  amount: string;
  ledgerOk: boolean;
  fileBytes: number;
}

async function runOne(): Promise<Result> {
  const { database, drop, label } = await openBenchDb();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-sales-'));
  try {
    await database.migrate();
    const db = database.db;
    const whs = await db
      .insert(warehouses)
      .values(
        Array.from({ length: WAREHOUSES }, (_, i) => ({
          assecoId: `BW-${i}`,
          name: `Hurtownia ${i}`,
          address: 'Bench 1',
        })),
      )
      .returning({ id: warehouses.id });
    const reps = await db
      .insert(users)
      .values(
        Array.from({ length: REPS }, (_, i) => ({
          email: `bench.sales.${i}@example.pl`,
          name: 'Bench',
          surname: `Rep ${i}`,
          role: 'seller',
          assecoId: `BPH-${i}`,
        })),
      )
      .returning({ id: users.id });
    await insertChunked(
      reps.map((r, i) => ({ userId: r.id, warehouseId: whs[i % WAREHOUSES]?.id ?? 0 })),
      500,
      (chunk) => db.insert(userWarehouses).values(chunk),
    );
    const [admin] = await db
      .insert(users)
      .values({ email: 'bench.admin@example.pl', name: 'Bench', surname: 'Admin', role: 'admin' })
      .returning({ id: users.id });
    const [challenge] = await db
      .insert(challenges)
      .values({ name: 'Bench', startOn: '2026-01-01', endOn: '2026-12-31' })
      .returning({ id: challenges.id });
    const prods = await db
      .insert(products)
      .values(Array.from({ length: PRODUCTS }, (_, i) => ({ name: `Produkt ${i}`, code: `BP-${i}` })))
      .returning({ id: products.id });
    await db
      .insert(challengeProducts)
      .values(prods.map((p, i) => ({ challengeId: challenge?.id ?? 0, productId: p.id, reward: 10 + i, position: i })));

    // The file: documents of five lines, each rep in its own warehouse.
    const lines = ['Dokument;Pozycja;Data sprzedaży;Hurtownia;Przedstawiciel;Produkt;Ilość'];
    for (let i = 0; i < ROWS; i++) {
      const rep = Math.floor(i / 5) % REPS;
      const day = String(1 + (i % 28)).padStart(2, '0');
      lines.push(
        `FV/B/${Math.floor(i / 5)};${(i % 5) + 1};2026-03-${day};BW-${rep % WAREHOUSES};BPH-${rep};BP-${i % PRODUCTS};${1 + (i % 7)}`,
      );
    }
    const file = path.join(dir, 'sales.csv');
    writeFileSync(file, `${lines.join('\r\n')}\r\n`);
    lines.length = 0;
    global.gc?.();

    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    const stream = createReadStream(file, { highWaterMark: 64 * 1024 });
    const result = await importSales(
      db,
      admin?.id ?? 0,
      {
        fileName: 'sales.csv',
        encoding: 'auto',
        chunks: stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>,
        truncated: () => false,
      },
      'pl',
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const check = await checkLedger(db);
    const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
    console.error(
      `${label}: ${statSync(file).size} bytes, ${result.rows_accepted} accepted in ${seconds.toFixed(1)} s`,
    );
    return {
      label,
      seconds,
      rowsPerSecond: Math.round(ROWS / seconds),
      rssBeforeMb: mb(rssBefore),
      rssPeakMb: mb(peak),
      accepted: result.rows_accepted,
      amount: result.amount,
      ledgerOk: check.ok,
      fileBytes: statSync(file).size,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await database.close();
    await drop();
  }
}

if (process.argv.includes('--one')) {
  const r = await runOne();
  console.log(JSON.stringify(r));
} else {
  const self = fileURLToPath(import.meta.url);
  const targets: { name: string; env: NodeJS.ProcessEnv }[] = [
    { name: 'PGlite', env: { ...process.env, BENCH_DATABASE_URL: '' } },
  ];
  if (process.env.BENCH_DATABASE_URL) targets.push({ name: 'PostgreSQL', env: process.env });
  const results: Result[] = [];
  for (const t of targets) {
    const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', self, '--one'], {
      env: t.env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (run.status !== 0) throw new Error(`${t.name} run failed`);
    results.push(JSON.parse(run.stdout.trim().split('\n').at(-1) ?? '{}') as Result);
  }
  const table = [
    '| database | rows | seconds | rows/s | RSS before (MB) | peak RSS (MB) | accepted | paid (PLN) | ledger |',
    '|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.label} | ${ROWS} | ${r.seconds.toFixed(1)} | ${r.rowsPerSecond} | ${r.rssBeforeMb} | ${r.rssPeakMb} | ${r.accepted} | ${r.amount} | ${r.ledgerOk ? 'OK' : 'MISMATCH'} |`,
    ),
  ].join('\n');
  console.log(`\nSales import benchmark (${ROWS} valid rows, ${REPS} reps, ${PRODUCTS} products)\n${table}`);
  const note = `# Sales import: ${ROWS.toLocaleString('en')} rows

\`npm run bench:sales-import\` (with \`BENCH_DATABASE_URL\` for PostgreSQL too) on ${new Date().toISOString().slice(0, 10)},
on the shared 2-core machine. A generated CSV of ${ROWS.toLocaleString('en')} valid rows (${((results[0]?.fileBytes ?? 0) / 1024 / 1024).toFixed(1)} MB: ${REPS} reps in
${WAREHOUSES} warehouses, ${PRODUCTS} products of one challenge) streamed from disk through \`importSales\`: read,
checked and staged in batches, then applied in one transaction (set-based checks, \`sales\`,
\`challenge_earnings\`, one ledger entry per rep). Each database runs in its own process; RSS is sampled
every 20 ms during the import.

${table}

On PostgreSQL the peak RSS over the RSS before the import is the import's own memory: the file is
read 64 KiB at a time and staged 2,000 rows per statement, the parser awaited between batches, so it
does not grow with the file. On PGlite the database lives inside the process (in memory here), so its
RSS also grows with the rows it stores: that part is the database, not the file.
`;
  writeFileSync(path.join(path.dirname(self), 'baselines', 'sales-import.md'), note);
  if (results.some((r) => !r.ledgerOk || r.accepted !== ROWS)) process.exitCode = 1;
}
