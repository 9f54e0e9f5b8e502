import { API, apiPath, CAROUSEL_ARTICLES, DEFAULT_PAGE_SIZE } from '@incentive/contracts';
import { sleep } from '../bench-host.ts';
import { uploadSalesFile } from '../sales-upload.ts';
import { type Answer, call, type Recorder, type Who } from './http.ts';
import type { Kind } from './settings.ts';
import { CREDIT, type Rep, type World } from './world.ts';

/*
 * What each kind of visit sends, in the order the web app sends it (apps/web/src), and the state that
 * keeps every visit a new one (each withdrawer withdraws once, each (rep, quiz) pair is submitted
 * once): so a refusal the product is right to give (409 'amountStale', 'oneTimeTaken') cannot happen,
 * and any non-2xx is a fault.
 */

/** The routes in the order the report lists them (a label starts with one of these). */
export const ROUTE_ORDER = [
  'POST /api/login',
  'GET /api/me',
  'GET /api/challenges/active',
  'GET /api/articles',
  'GET /api/wallet (rep',
  'GET /api/quiz/:id',
  'POST /api/quiz/:id/submit',
  'POST /api/withdrawal',
  'GET /api/users',
  'GET /api/wallet (back office',
  'GET /api/warehouses',
  'GET /api/challenges/:id/ranking',
  'GET /api/audit',
  'GET /api/sales-imports',
  'POST /api/sales-imports',
] as const;

export interface DayState {
  base: string;
  timeoutMs: number;
  world: World;
  random: () => number;
  /** Next withdrawer, next quiz submit, next sign-in. */
  next: { withdrawal: number; submit: number; signIn: number };
  /** Withdrawals the API acknowledged: rep id → withdrawal id. */
  paidOut: Map<number, number>;
  /** Passed submits the API acknowledged, `${userId}:${quizId}`; and the failed ones (wrong answers). */
  passed: Set<string>;
  failedSubmits: number;
  /** Visits not sent because every rep of their kind had done it already. */
  notSent: Record<Kind, number>;
  /** The last page each back-office list had when last read. */
  lastPage: Map<string, number>;
}

export function dayState(world: World, base: string, timeoutMs: number): DayState {
  // A fixed seed: two runs send the same visits in the same order.
  let seed = 20261128;
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    base,
    timeoutMs,
    world,
    random,
    next: { withdrawal: 0, submit: 0, signIn: 0 },
    paidOut: new Map(),
    passed: new Set(),
    failedSubmits: 0,
    notSent: { home: 0, signIn: 0, quiz: 0, withdrawal: 0, admin: 0 },
    lastPage: new Map(),
  };
}

const pick = <T>(s: DayState, xs: readonly T[]): T => {
  const x = xs[Math.floor(s.random() * xs.length)];
  if (x === undefined) throw new Error('pick: empty list');
  return x;
};

type Me = { wallet?: { available?: string; in_withdrawal?: string } };

/**
 * GET /api/me, then what the home shows below it: while a withdrawal is open, its requested and
 * exported rows (features/wallet/components/pending-withdrawals.tsx). `full` adds the challenge box
 * and the article carousel (features/dashboard/components/rep-home.tsx), which a refresh after a
 * money action does not ask again.
 */
async function home(s: DayState, rec: Recorder, who: Who, full: boolean) {
  const me = await call(rec, s, 'GET /api/me', 'GET', API.me, who, undefined, (j) =>
    (j as Me).wallet ? null : 'bad answer: no wallet',
  );
  if (!me.ok) return;
  const open = Number((me.json as Me).wallet?.in_withdrawal ?? 0) > 0;
  const pending = (status: string) =>
    call(
      rec,
      s,
      'GET /api/wallet (rep, open withdrawals)',
      'GET',
      `${API.wallet}?page=1&per_page=10&sort=id&order=desc&status=${status}`,
      who,
    );
  await Promise.all([
    ...(full
      ? [
          call(rec, s, 'GET /api/challenges/active', 'GET', API.challengesActive, who),
          call(
            rec,
            s,
            'GET /api/articles (carousel)',
            'GET',
            `${API.articles}?page=1&per_page=${CAROUSEL_ARTICLES}&sort=published_at&order=desc`,
            who,
          ),
        ]
      : []),
    ...(open ? [pending('requested'), pending('exported')] : []),
  ]);
}

/** Any rep opens the app (already signed in: sessions last 14 days). */
async function homeVisit(s: DayState, rec: Recorder) {
  await home(s, rec, pick(s, s.world.reps), true);
}

/** A rep signs in (its own address, so the per-address throttle sees a phone each), then the home. */
async function signInVisit(s: DayState, rec: Recorder) {
  const reps = s.world.reps;
  // A stride through the reps: consecutive sign-ins come from different warehouses.
  const rep = reps[(s.next.signIn++ * 7919) % reps.length] as Rep;
  const answer: Answer = await call(
    rec,
    s,
    'POST /api/login',
    'POST',
    API.login,
    { token: '', ip: rep.ip },
    { email: rep.email, password: s.world.password },
    (j) => (typeof (j as { token?: unknown }).token === 'string' ? null : 'bad answer: no token'),
  );
  if (!answer.ok) return;
  await home(s, rec, { token: (answer.json as { token: string }).token, ip: rep.ip }, true);
}

/**
 * A rep who does not withdraw today opens a quiz, submits it (one in five answers wrongly: a
 * one-time quiz then counts it as failed) and sees its wallet again (the web refreshes `me`).
 */
async function quizVisit(s: DayState, rec: Recorder) {
  const { others, quizzes } = s.world;
  const k = s.next.submit;
  const quiz = quizzes[Math.floor(k / others.length)];
  if (!quiz) {
    s.notSent.quiz++;
    return;
  }
  s.next.submit++;
  const rep = others[k % others.length] as Rep;
  const right = k % 5 !== 4;
  const opened = await call(rec, s, 'GET /api/quiz/:id', 'GET', apiPath(API.quiz, { id: quiz.id }), rep);
  if (!opened.ok) return;
  const submitted = await call(
    rec,
    s,
    'POST /api/quiz/:id/submit',
    'POST',
    apiPath(API.quizSubmit, { id: quiz.id }),
    rep,
    JSON.parse(right ? quiz.right : quiz.wrong),
    (j) => ((j as { passed?: boolean }).passed === right ? null : `bad answer: passed is not ${right}`),
  );
  if (!submitted.ok) return;
  if (right) s.passed.add(`${rep.id}:${quiz.id}`);
  else s.failedSubmits++;
  await home(s, rec, rep, false);
}

/** A rep withdraws its whole wallet (the sum its home showed), then sees the withdrawal pending. */
async function withdrawalVisit(s: DayState, rec: Recorder) {
  const rep = s.world.withdrawers[s.next.withdrawal];
  if (!rep) {
    s.notSent.withdrawal++;
    return;
  }
  s.next.withdrawal++;
  const amount = (CREDIT / 100).toFixed(2);
  const answer = await call(
    rec,
    s,
    'POST /api/withdrawal',
    'POST',
    API.withdrawal,
    rep,
    { amount: CREDIT / 100 },
    (j) => {
      const w = j as { id?: unknown; amount?: unknown };
      return typeof w.id === 'number' && w.amount === amount ? null : 'bad answer: not the withdrawal asked for';
    },
  );
  if (!answer.ok) return;
  s.paidOut.set(rep.id, (answer.json as { id: number }).id);
  await home(s, rec, rep, false);
}

/**
 * The back-office lists as their pages ask for them (each table's default sort, 10 a page); the page
 * mostly one of the first few, sometimes deep (the cube of a uniform number over the list's pages).
 */
function backOfficeLists(s: DayState): { route: string; path: (page: number) => string }[] {
  const paged = (page: number) => `page=${page}&per_page=${DEFAULT_PAGE_SIZE}`;
  return [
    { route: 'GET /api/users (reps)', path: (p) => `${API.users}?${paged(p)}&sort=id&order=asc&role=seller` },
    {
      route: 'GET /api/wallet (back office, withdrawals)',
      path: (p) => `${API.wallet}?${paged(p)}&sort=id&order=desc`,
    },
    { route: 'GET /api/warehouses', path: (p) => `${API.warehouses}?${paged(p)}&sort=id&order=asc` },
    {
      route: 'GET /api/challenges/:id/ranking',
      path: (p) => `${apiPath(API.challengeRanking, { id: s.world.challengeId })}?${paged(p)}&sort=place&order=asc`,
    },
    { route: 'GET /api/audit', path: (p) => `${API.audit}?${paged(p)}` },
    { route: 'GET /api/sales-imports', path: (p) => `${API.salesImports}?${paged(p)}&sort=created_at&order=desc` },
  ];
}

async function adminVisit(s: DayState, rec: Recorder) {
  const list = pick(s, backOfficeLists(s));
  const last = s.lastPage.get(list.route) ?? 1;
  const page = Math.min(last, 1 + Math.floor(s.random() ** 3 * last));
  const answer = await call(rec, s, list.route, 'GET', list.path(page), { token: pick(s, s.world.backOffice) });
  const lastPage = (answer.json as { last_page?: unknown } | null)?.last_page;
  if (answer.ok && typeof lastPage === 'number') s.lastPage.set(list.route, Math.max(1, lastPage));
}

export const VISITS: Record<Kind, (s: DayState, rec: Recorder) => Promise<void>> = {
  home: homeVisit,
  signIn: signInVisit,
  quiz: quizVisit,
  withdrawal: withdrawalVisit,
  admin: adminVisit,
};

/** Every back-office list once (the check before the load: each must answer 2xx). */
export async function everyList(s: DayState, rec: Recorder) {
  for (const list of backOfficeLists(s)) {
    await call(rec, s, list.route, 'GET', list.path(1), { token: s.world.backOffice[0] ?? '' });
  }
}

export interface ImportRun {
  id: number | null;
  uploadStatus: number;
  /** ms from the upload's first byte until its 202, and until the import was seen applied (polled). */
  answeredMs: number | null;
  seenDoneMs: number | null;
  status: string;
  /** Each status as first seen, and when (performance.now()): staging, queued, checking, applying, applied. */
  phases: { status: string; at: number }[];
}

const RUNNING = new Set(['staging', 'queued', 'checking', 'applying']);

/**
 * The admin uploads the sales file and keeps the page open: the import polled as
 * features/challenge-admin/api/get-sales-import.ts polls it (every second, then slower up to 3 s),
 * and the history list every 3 s while an import on it runs (get-sales-imports.ts).
 */
export async function runImport(s: DayState, rec: Recorder, file: string, rows: number, capMs: number) {
  const token = s.world.backOffice[0] ?? '';
  const started = performance.now();
  const result: ImportRun = {
    id: null,
    uploadStatus: 0,
    answeredMs: null,
    seenDoneMs: null,
    status: 'not uploaded',
    phases: [{ status: 'uploading', at: started }],
  };
  const seen = (status: string) => {
    result.status = status;
    if (result.phases.at(-1)?.status !== status) result.phases.push({ status, at: performance.now() });
  };
  const route = `POST /api/sales-imports (${rows.toLocaleString('en')} rows)`;
  try {
    const answer = await uploadSalesFile(s.base, token, file, AbortSignal.timeout(capMs));
    result.uploadStatus = answer.status;
    result.answeredMs = performance.now() - started;
    const id = answer.body.id;
    const ok = answer.status === 202 && typeof id === 'number';
    rec.add(route, result.answeredMs, ok ? null : String(answer.status), JSON.stringify(answer.body));
    if (!ok) return result;
    result.id = id;
    seen(String(answer.body.status));
  } catch (err) {
    rec.add(route, performance.now() - started, 'network', (err as Error).message);
    return result;
  }
  const who = { token };
  let polls = 0;
  let lastHistory = performance.now();
  while (RUNNING.has(result.status) && performance.now() - started < capMs) {
    await sleep(Math.min(3_000, 1_000 + Math.max(0, polls - 5) * 500));
    polls++;
    const one = await call(
      rec,
      s,
      'GET /api/sales-imports/:id',
      'GET',
      apiPath(API.salesImport, { id: result.id }),
      who,
    );
    if (one.ok) seen(String((one.json as { status?: unknown }).status));
    if (performance.now() - lastHistory >= 3_000) {
      lastHistory = performance.now();
      await call(
        rec,
        s,
        'GET /api/sales-imports',
        'GET',
        `${API.salesImports}?page=1&per_page=${DEFAULT_PAGE_SIZE}&sort=created_at&order=desc`,
        who,
      );
    }
  }
  if (!RUNNING.has(result.status)) result.seenDoneMs = performance.now() - started;
  return result;
}
