/**
 * Where a rep page's main-thread time goes on a slowed phone: a Chromium performance trace of one
 * cold load with the CPU slowed 4x (as Lighthouse's mobile preset), each task of 50 ms or more
 * listed with what it ran (script evaluation per file, compile, style, layout, parse) and the
 * functions that took its time (the V8 sampling profile). Lighthouse reports these tasks only by
 * file; this says which part of a file.
 *
 *   flock /tmp/bench.lock node --import tsx bench/web-trace.ts               # rep quiz list and challenges
 *   TRACE_PATHS=/dashboard,/quiz-ph flock /tmp/bench.lock node --import tsx bench/web-trace.ts
 *   BENCH_WEB_URL=http://127.0.0.1:3100 …                                    # an already running server
 *
 * TRACE_DIR keeps each raw trace (open it in DevTools' Performance panel).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { login, serveHere } from './page-bytes.ts';

const PATHS = (process.env.TRACE_PATHS ?? '/quiz-ph,/challenges-ph').split(',').map((p) => p.trim());
const SLOWDOWN = Number(process.env.TRACE_CPU_SLOWDOWN ?? 4);
const LONG_MS = 50;
const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
  'loading',
].join(',');

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown>;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  parent?: number;
}

const served = process.env.BENCH_WEB_URL ? null : await serveHere('bench-trace-');
const base = (process.env.BENCH_WEB_URL ?? served?.url ?? '').replace(/\/$/, '');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  const token = await login(base, 'seller@example.com');
  const me = (await (await fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    name: string;
  };
  for (const pagePath of PATHS) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
    const page = await context.newPage();
    await page.goto(`${base}/api/health`);
    await page.evaluate(
      ([t, name]) => {
        localStorage.setItem('token', t as string);
        localStorage.setItem('token_type', 'Bearer');
        localStorage.setItem('greeting_name', name as string);
      },
      [token, me.name],
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
    await page.goto(`${base}${pagePath}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    await cdp.send('Tracing.end');
    await done;
    if (process.env.TRACE_DIR) {
      writeFileSync(
        path.join(process.env.TRACE_DIR, `${pagePath.replace(/\W/g, '_')}-${Date.now()}.json`),
        JSON.stringify({ traceEvents: events }),
      );
    }
    report(pagePath, events);
    await context.close();
  }
} finally {
  await browser.close();
  await served?.close();
}

function report(pagePath: string, events: TraceEvent[]): void {
  // The renderer main thread that did the most: the page's (an idle one may be in the trace too).
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const busy = (t: TraceEvent) => events.filter((e) => e.pid === t.pid && e.tid === t.tid).length;
  const main = mains.sort((a, b) => busy(b) - busy(a))[0];
  if (!main) throw new Error(`${pagePath}: no renderer main thread in the trace`);
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid);
  const nav = onMain.find((e) => e.name === 'navigationStart' || e.name === 'markAsMainFrame') ?? onMain[0];
  const t0 = nav?.ts ?? 0;
  const fcp = onMain.find((e) => e.name === 'firstContentfulPaint');
  const samples = profileSamples(events.filter((e) => e.pid === main.pid));
  const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= LONG_MS * 1000 && e.ts >= t0);
  console.log(`\n${pagePath}: FCP ${fcp ? ms(fcp.ts - t0) : '?'} ms, ${tasks.length} tasks ≥ ${LONG_MS} ms`);
  let blocking = 0;
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0);
    blocking += (task.dur ?? 0) / 1000 - LONG_MS;
    const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts < end && e.ph === 'X');
    const what = new Map<string, number>();
    for (const e of inside) {
      const label = labelOf(e);
      if (label) what.set(label, (what.get(label) ?? 0) + (e.dur ?? 0));
    }
    const top = [...what].sort((a, b) => b[1] - a[1]).slice(0, 6);
    console.log(
      `  task at ${ms(task.ts - t0)} ms, ${ms(task.dur ?? 0)} ms: ${top.map(([l, d]) => `${l} ${ms(d)}`).join('; ')}`,
    );
    const self = new Map<string, number>();
    for (const s of samples) if (s.ts >= task.ts && s.ts < end) self.set(s.frame, (self.get(s.frame) ?? 0) + s.delta);
    const fns = [...self].sort((a, b) => b[1] - a[1]).slice(0, 8);
    console.log(`    self time: ${fns.map(([f, d]) => `${f} ${ms(d)}`).join('; ')}`);
  }
  console.log(`  blocking (all long tasks, -${LONG_MS} ms each): ${Math.round(blocking)} ms`);
}

/** Script evaluation per file, compile, style, layout, parse: what a trace event inside a task stands for. */
function labelOf(e: TraceEvent): string | null {
  const data = (e.args?.data ?? {}) as { url?: string; functionName?: string };
  const file = data.url ? shortUrl(data.url) : '';
  switch (e.name) {
    case 'v8.evaluateModule':
    case 'EvaluateScript':
      return `evaluate ${file || 'inline'}`;
    case 'v8.compileModule':
    case 'v8.compile':
    case 'CompileScript':
      return `compile ${file}`;
    case 'FunctionCall':
      return `call ${file}${data.functionName ? `:${data.functionName}` : ''}`;
    case 'ParseHTML':
      return 'parse HTML';
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
      return 'style';
    case 'Layout':
      return 'layout';
    case 'ParseAuthorStyleSheet':
      return 'parse CSS';
    case 'MajorGC':
    case 'MinorGC':
      return 'GC';
    default:
      return null;
  }
}

/** The V8 sampling profile's samples as (time, self frame, weight). */
function profileSamples(events: TraceEvent[]): Array<{ ts: number; frame: string; delta: number }> {
  const nodes = new Map<number, ProfileNode>();
  const out: Array<{ ts: number; frame: string; delta: number }> = [];
  const chunks = events.filter((e) => e.name === 'ProfileChunk' || e.name === 'Profile');
  const start = chunks.find((e) => e.name === 'Profile')?.args?.data as { startTime?: number } | undefined;
  let ts = start?.startTime ?? 0;
  for (const chunk of chunks.filter((e) => e.name === 'ProfileChunk')) {
    const data = chunk.args?.data as {
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
    for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    const ids = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    ids.forEach((id, i) => {
      const delta = deltas[i] ?? 0;
      ts += delta;
      const node = nodes.get(id);
      if (!node) return;
      const f = node.callFrame;
      const name = f.functionName || '(anonymous)';
      out.push({ ts, frame: f.url ? `${name}@${shortUrl(f.url)}:${f.lineNumber + 1}` : name, delta });
    });
  }
  return out.map((s, i) => ({ ...s, delta: (out[i + 1]?.ts ?? s.ts) - s.ts }));
}

function shortUrl(url: string): string {
  return url.replace(/^https?:\/\/[^/]+/, '').replace(/^\/assets\//, '');
}

function ms(us: number): number {
  return Math.round(us / 1000);
}
