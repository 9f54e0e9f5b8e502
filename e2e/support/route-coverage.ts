import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API, type GuardedPage, mayOpen, PAGES, type PageName, type Role } from '@incentive/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousViolations } from './a11y.ts';
import { ACCOUNTS, type DemoAccount } from './accounts.ts';
import { api, apiLogin } from './api.ts';
import { signIn } from './auth.ts';
import { PHONE, useBrowser, WIDE } from './browser.ts';
import { followInApp, NOT_FOUND_PATH, openInApp } from './in-app.ts';
import { createQuiz } from './quizzes.ts';
import { saveScreen } from './screens.ts';
import { settled } from './settled.ts';

/*
 * The route coverage, shared by the four e2e/route-coverage*.test.ts files (a width and half of the
 * roles each, so that the suite's two workers share it; decision 055). Issue 16 points 1 and 2: every route of the web router, for each of the six roles, at a phone's
 * (390×844) and a wide desktop's (1440×900) width, in real Chromium against the real server and
 * its demo data. A route the role policy (packages/contracts/src/policy.ts) lets it enter must
 * render (the page's <h1> inside <main>, no toast, no console error), pass axe (no serious or
 * critical WCAG 2.1 A/AA violation) and leave a screenshot in test-results/screens/<role>/; a route
 * it may not enter must send it home with the unauthorised toast before the page calls anything.
 */

const UNAUTHORISED = 'Nie posiadasz uprawnień, akcja nieautoryzowana';
/** Every toast on screen, and those a refused visit made (not marked as seen before it). */
const TOASTS = '.mantine-Notification-root';
const NEW_TOASTS = `${TOASTS}:not([data-e2e-seen])`;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Real ids from the demo data, as the role's own lists return them (its scope). */
interface Ids {
  self: number;
  /** Another rep than oneself (a seller may not open it). */
  otherRep: number;
  warehouse: number;
  rep: number;
  /** A warehouse admin (wholesaler), for /admin/{id}. */
  admin: number;
  article: number;
  quiz: number;
  challenge: number;
}

type RouteName = PageName | 'notFound';

interface RouteSpec {
  /** The URL the journey opens. */
  url: (ids: Ids) => string;
  /** The page's <h1>, by role where it differs. */
  heading: RegExp | ((role: Role) => RegExp);
  /** Where it lands when that is not its own URL's path. */
  landsOn?: (ids: Ids) => string;
}

/**
 * Every route of apps/web/src/app/router.tsx (SPEC.md section 2 and the product's own): the test
 * below fails when the router names a route this table does not.
 */
const ROUTES: Record<RouteName, RouteSpec> = {
  login: { url: () => PAGES.login, heading: /^Zaloguj się$/ },
  register: {
    url: () => `/register?token=abc&email=${encodeURIComponent(ACCOUNTS.seller.email)}`,
    heading: /^Ustaw hasło$/,
  },
  rules: { url: () => PAGES.rules, heading: /^Regulamin programu motywacyjnego$/ },
  settings: { url: () => PAGES.settings, heading: /^Ustawienia programu$/ },
  onboarding: { url: () => PAGES.onboarding, heading: /^Import osób i hurtowni$/ },
  taxReport: { url: () => PAGES.taxReport, heading: /^Zestawienie roczne \(PIT-11\)$/ },
  audit: { url: () => PAGES.audit, heading: /^Historia zmian$/ },
  notifications: { url: () => PAGES.notifications, heading: /^Powiadomienia$/ },
  programme: { url: () => PAGES.programme, heading: /^Wyniki programu$/ },
  dashboard: {
    url: () => PAGES.dashboard,
    heading: (role) =>
      ({
        root: /^Panel administratora$/,
        admin: /^Panel administratora$/,
        provider_admin: /^Panel dostawcy$/,
        seller_reg: /^Panel regionalny$/,
        // A wholesaler's panel is its first warehouse.
        wholesaler: /.+/,
        seller: /^Cześć, Szymon!$/,
      })[role],
  },
  warehouseCreate: { url: () => PAGES.warehouseCreate, heading: /^Nowa hurtownia$/ },
  warehouseDetails: { url: (i) => `/warehouse/details/${i.warehouse}`, heading: /.+/ },
  warehouseEdit: { url: (i) => `/warehouse/${i.warehouse}`, heading: /^Edycja hurtowni$/ },
  salesRepCreate: { url: () => PAGES.salesRepCreate, heading: /^Nowy przedstawiciel handlowy \(PH\)$/ },
  salesRepCreateRks: { url: () => PAGES.salesRepCreateRks, heading: /^Nowy kierownik regionalny \(RKS\)$/ },
  salesRepDetails: {
    url: (i) => `/sales-rep/details/${i.rep}`,
    heading: (role) => (role === 'seller' ? /^Mój profil$/ : /.+/),
  },
  salesRepEdit: { url: (i) => `/sales-rep/${i.rep}`, heading: /^Edycja przedstawiciela$/ },
  adminCreate: { url: () => PAGES.adminCreate, heading: /^Nowy administrator$/ },
  adminEdit: { url: (i) => `/admin/${i.admin}`, heading: /^Edycja administratora$/ },
  challenges: { url: () => PAGES.challenges, heading: /^Wyzwania$/ },
  challengeCreate: { url: () => PAGES.challengeCreate, heading: /^Nowe wyzwanie$/ },
  salesImports: { url: () => PAGES.salesImports, heading: /^Import sprzedaży$/ },
  challengeEdit: { url: (i) => `/challenges/${i.challenge}`, heading: /^Edycja wyzwania$/ },
  challengeRanking: { url: (i) => `/challenges/${i.challenge}/ranking`, heading: /^Ranking: .+/ },
  articles: { url: () => PAGES.articles, heading: /^Artykuły$/ },
  articleCreate: { url: () => PAGES.articleCreate, heading: /^Nowy artykuł$/ },
  articleEdit: { url: (i) => `/articles/${i.article}`, heading: /.+/ },
  articlePreview: { url: (i) => `/articles/preview/${i.article}`, heading: /.+/ },
  quiz: { url: () => PAGES.quiz, heading: /.+/ },
  quizCreate: { url: () => PAGES.quizCreate, heading: /.+/ },
  quizEdit: { url: (i) => `/quiz/${i.quiz}`, heading: /.+/ },
  quizSummary: { url: (i) => `/quiz/${i.quiz}/summary`, heading: /.+/ },
  quizResults: { url: (i) => `/quiz/${i.quiz}/results`, heading: /.+/ },
  articlesPh: { url: () => PAGES.articlesPh, heading: /^Artykuły$/ },
  articlePh: { url: (i) => `/articles-ph/${i.article}`, heading: /.+/ },
  quizPh: { url: () => PAGES.quizPh, heading: /^Quizy$/ },
  quizPhTake: { url: (i) => `/quiz-ph/${i.quiz}`, heading: /do wygrania$/ },
  // Opened directly (no result to show) it leads to the quiz list; the result itself follows a quiz taken.
  quizPhSummary: { url: () => PAGES.quizPhSummary, heading: /^Quizy$/, landsOn: () => PAGES.quizPh },
  challengesPh: { url: () => PAGES.challengesPh, heading: /^Wyzwania$/ },
  withdraw: {
    url: () => PAGES.withdraw,
    heading: (role) => (role === 'seller' ? /^Moje wypłaty$/ : /.+/),
  },
  notFound: { url: () => NOT_FOUND_PATH, heading: /^Nie znaleziono strony$/ },
};

const PUBLIC: readonly RouteName[] = ['login', 'register', 'rules'];

/** The route names apps/web/src/app/router.tsx declares: its literal routes and the keys of PAGE_ELEMENTS. */
function routerRouteNames(): string[] {
  const router = readFileSync(path.join(root, 'apps/web/src/app/router.tsx'), 'utf8');
  const elements = readFileSync(path.join(root, 'apps/web/src/app/page-elements.tsx'), 'utf8');
  const names = new Set<string>();
  for (const m of router.matchAll(/path:\s*([^,}\n]+)/g)) {
    const expr = (m[1] ?? '').trim();
    const page = /^PAGES\.(\w+)$/.exec(expr);
    if (page?.[1]) names.add(page[1]);
    else if (expr === "'*'") names.add('notFound');
    else if (expr === 'PAGES[page]') {
      // The guarded routes: one per key of PAGE_ELEMENTS.
      expect(router).toContain('Object.keys(PAGE_ELEMENTS)');
      const body = /PAGE_ELEMENTS[^=]*=\s*\{([\s\S]*?)\n\};/.exec(elements)?.[1] ?? '';
      for (const k of body.matchAll(/^\s{2}(\w+):/gm)) if (k[1]) names.add(k[1]);
    } else names.add(`unknown route ${expr}`);
  }
  return [...names].sort();
}

const WIDTHS = [
  { label: '390', viewport: PHONE, isMobile: true, hasTouch: true },
  { label: '1440', viewport: WIDE, isMobile: false, hasTouch: false },
] as const;

const ROLES: { key: string; account: DemoAccount }[] = [
  { key: 'root', account: ACCOUNTS.root },
  { key: 'admin', account: ACCOUNTS.admin },
  { key: 'provider_admin', account: ACCOUNTS.provider },
  { key: 'wholesaler', account: ACCOUNTS.wholesaler },
  { key: 'seller_reg', account: ACCOUNTS.rks },
  { key: 'seller', account: ACCOUNTS.seller },
];

interface Listed {
  id: number;
}
async function firstId(token: string, url: string): Promise<number | undefined> {
  const res = await api<{ data: Listed[] }>('GET', url, { token });
  return res.status === 200 ? res.body.data[0]?.id : undefined;
}

/** A quiz for the seller to take, one per width (a passed quiz is not taken again); price 0: no money moves. */
function quizForSeller(adminToken: string): Promise<number> {
  return createQuiz(adminToken, {
    name: `Quiz przeglądu tras ${Date.now().toString(36)}`,
    price: '0',
    correctAnswers: 1,
    isOneTime: false,
    withImage: true,
    questions: [
      {
        questionText: '<p>Czy przegląd tras działa?</p>',
        type: 'multiple_choice',
        answers: [
          { answerText: 'Tak', isCorrect: true },
          { answerText: 'Nie', isCorrect: false },
        ],
      },
    ],
  }).then((q) => q.id);
}

/** Ids for a role: its own lists where it has them, the admin's otherwise (refused routes need only a real id). */
async function idsFor(account: DemoAccount): Promise<Ids & { token: string; wholesalerIds: number[] }> {
  const admin = await apiLogin(ACCOUNTS.admin.email);
  const token = await apiLogin(account.email);
  const me = (await api<{ id: number; wholesaler_ids: number[] }>('GET', '/api/me', { token })).body;
  const pick = async (url: string, adminUrl = url) =>
    (await firstId(token, url)) ?? (await firstId(admin, adminUrl)) ?? 1;
  const reps = (
    await api<{ data: Listed[] }>('GET', '/api/users?role=seller&per_page=10&sort=id&order=asc', { token: admin })
  ).body.data;
  const otherRep = reps.find((r) => r.id !== me.id)?.id ?? 1;
  const isSeller = account.role === 'seller';
  return {
    token,
    wholesalerIds: me.wholesaler_ids,
    self: me.id,
    otherRep,
    warehouse: await pick('/api/warehouses?per_page=10'),
    rep: isSeller ? me.id : await pick('/api/users?role=seller&per_page=10'),
    admin: await pick('/api/users?role=wholesaler&per_page=10'),
    article: isSeller
      ? await pick('/api/articles?per_page=10')
      : await pick('/api/admin/articles?per_page=10&status=published'),
    quiz: isSeller ? await quizForSeller(admin) : await pick('/api/quiz?per_page=10'),
    challenge: await pick('/api/challenges?per_page=10'),
  };
}

/** Collects console errors and uncaught exceptions of a page. */
function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    // Chromium asks for /favicon.ico beside the icon file the sign-in writes storage on; the app has none.
    if (m.type() === 'error' && !m.location().url.endsWith('/favicon.ico')) errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  return errors;
}

/**
 * The API calls a page makes: method, path and page size (home's own list reads the same however
 * it was reached, preloaded or not, and a picker's per_page=100 still shows).
 */
function recordCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    // Only the page size tells a list apart from a picker's (per_page=100) on the same path.
    const perPage = url.searchParams.get('per_page');
    // Images are media a page shows, not its data calls: home's carousel asks for its next slide's
    // picture as it turns, by time (a seller refused /admin/create was seen asking for one).
    if (url.pathname.startsWith('/api/images/')) return;
    if (url.pathname.startsWith('/api/'))
      calls.push(`${r.method()} ${url.pathname}${perPage ? `?per_page=${perPage}` : ''}`);
  });
  return calls;
}

/** The page has rendered where it should: its <h1> in <main>, its calls done, no toast shown. */
async function rendered(page: Page, heading: RegExp, pathname: string): Promise<string> {
  const h1 = page.locator('main h1').first();
  await h1.waitFor();
  await loadersGone(page);
  await settled(page);
  await loadersGone(page);
  const text = (await h1.innerText()).trim();
  expect(new URL(page.url()).pathname, `${pathname}: ${text}`).toBe(pathname);
  expect(text, page.url()).toMatch(heading);
  if (!heading.source.includes('Nie znaleziono')) expect(text).not.toBe('Nie znaleziono strony');
  expect(await page.locator('.mantine-Notification-root').allInnerTexts(), page.url()).toEqual([]);
  return text;
}

/** Loaders of lazy parts (editors, tables) are gone. */
function loadersGone(page: Page) {
  return page.locator('main .mantine-Loader-root').first().waitFor({ state: 'detached' });
}

/**
 * Home has loaded, every call of it made: its <h1>, no loader, then as long without a request as
 * `networkidle` waits (done twice a role, to learn which calls are home's own).
 */
async function homeLoaded(page: Page) {
  await page.locator('main h1').first().waitFor();
  await loadersGone(page);
  await settled(page, { quietMs: 500 });
}

interface Visit {
  route: RouteName;
  url: string;
  /** The screenshot's name, the route's by default. */
  screen?: string;
}

const headingOf = (spec: RouteSpec, role: Role) =>
  typeof spec.heading === 'function' ? spec.heading(role) : spec.heading;

/** Checks that ROUTES names every route of the web router (the test that fails when one is added). */
export function testRouteTable() {
  test('the table names every route of the web router', () => {
    expect(Object.keys(ROUTES).sort()).toEqual(routerRouteNames());
  });

  test('the route-coverage files together cover every width and every role group once', () => {
    const dir = path.join(root, 'e2e');
    const found: string[] = [];
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.test.ts'))) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      for (const m of text.matchAll(/describeRouteCoverage\('(\w+)', '(\w+)'\)/g)) found.push(`${m[1]} ${m[2]}`);
    }
    const all = WIDTHS.flatMap((w) => Object.keys(ROLE_GROUPS).map((g) => `${w.label} ${g}`));
    expect(found.sort()).toEqual(all.sort());
    // Every role of the six (and the signed-out visitor) is in exactly one group.
    expect(Object.values(ROLE_GROUPS).flat().sort()).toEqual(['public', ...ROLES.map((r) => r.key)].sort());
  });
}

/** The roles of one route-coverage file: the office's (and the signed-out visitor) or the field's. */
export const ROLE_GROUPS = {
  office: ['public', 'root', 'admin', 'provider_admin'],
  field: ['wholesaler', 'seller_reg', 'seller'],
} as const;

/**
 * Every route at one width for a group of roles (`public` stands for the signed-out visitor): the
 * allowed routes render and pass axe, the refused ones (checked at 1440 px) send the role home.
 */
export function describeRouteCoverage(width: '390' | '1440', group: keyof typeof ROLE_GROUPS) {
  const w: Width = WIDTHS.find((x) => x.label === width) ?? WIDTHS[0];
  const keys: readonly string[] = ROLE_GROUPS[group];
  const roles = ROLES.filter((r) => keys.includes(r.key));
  describe(`every route at ${w.label} px, ${group} roles`, () => {
    const browser = useBrowser();
    if (keys.includes('public')) testPublicRoutes(browser, w);
    testRoles(browser, roles, w);
  });
}

type Width = (typeof WIDTHS)[number];

function testPublicRoutes(browser: ReturnType<typeof useBrowser>, { label, viewport, isMobile, hasTouch }: Width) {
  test('signed out: the public routes', async () => {
    const page = await browser.newPage({ viewport, isMobile, hasTouch });
    const errors = watchErrors(page);
    for (const route of PUBLIC) {
      const url = ROUTES[route].url({} as Ids);
      await page.goto(url);
      await rendered(page, ROUTES[route].heading as RegExp, new URL(url, 'http://x').pathname);
      await saveScreen(page, 'public', route);
      expect(await seriousViolations(page), `${route} at ${label}`).toEqual([]);
    }
    expect(errors).toEqual([]);
  });
}

function testRoles(
  browser: ReturnType<typeof useBrowser>,
  roles: typeof ROLES,
  { label, viewport, isMobile, hasTouch }: Width,
) {
  /*
   * The visits this file has made by address ("allowed dashboard", "refused articles"): at 1440 px
   * the first role of the file to meet a route, allowed or refused, enters it by its address (a new
   * document: the first-load HTML, the guard on entry); the file's other roles reach it from inside
   * the running app, as at 390 px, and every check is the same (decision 055, point 16).
   */
  const byAddress = new Set<string>();
  /** Whether this visit is the file's first of its kind at 1440 px (then it is made by address). */
  const firstByAddress = (kind: 'allowed' | 'refused', name: string) => {
    if (label !== '1440' || byAddress.has(`${kind} ${name}`)) return false;
    byAddress.add(`${kind} ${name}`);
    return true;
  };

  test.each(roles)('$key', { timeout: 600_000 }, async ({ key, account }) => {
    const role = account.role;
    const ids = await idsFor(account);
    const page = await browser.newPage({ viewport, isMobile, hasTouch });
    const errors = watchErrors(page);
    await signIn(page, account);
    const calls = recordCalls(page);

    const allowed: Visit[] = [];
    const refused: Visit[] = [];
    for (const [name, spec] of Object.entries(ROUTES) as [RouteName, RouteSpec][]) {
      if (PUBLIC.includes(name)) continue;
      const visit = { route: name, url: spec.url(ids) };
      if (name === 'notFound' || mayOpen(role, name as GuardedPage, { id: ids.rep, selfId: ids.self }))
        allowed.push(visit);
      else refused.push(visit);
    }
    // The sales-rep home as a rep sees it, for an admin (SPEC.md section 2).
    if (mayOpen(role, 'articlesPh', { selfId: ids.self }))
      allowed.push({ route: 'dashboard', url: '/dashboard?admin-preview=1', screen: 'dashboard-admin-preview' });
    // A seller may open its own profile only.
    if (role === 'seller') refused.push({ route: 'salesRepDetails', url: `/sales-rep/details/${ids.otherRep}` });

    for (const v of allowed) {
      const spec = ROUTES[v.route];
      const preview = v.url.includes('admin-preview');
      // Entered by its address by the file's first role at 1440 px (a new document: the first-load
      // HTML, the guard on entry), from inside the running app otherwise, as its menus and links do.
      if (firstByAddress('allowed', v.screen ?? v.route)) await page.goto(v.url);
      else await openInApp(page, v.url);
      const pathname =
        spec.landsOn?.(ids) ??
        (role === 'wholesaler' && v.route === 'dashboard'
          ? `/warehouse/details/${ids.wholesalerIds[0]}`
          : new URL(v.url, 'http://x').pathname);
      await rendered(page, preview ? /^Cześć, .+!$/ : headingOf(spec, role), pathname);
      await saveScreen(page, key, v.screen ?? v.route);
      // Root's policy and screens are admin's, which are checked at both widths.
      if (role !== 'root') expect(await seriousViolations(page), `${key} ${v.url} at ${label}`).toEqual([]);

      if (v.route === 'quizPhTake') {
        // The quiz's intro first (issue 27 point 3), then the one question, then the result page.
        await page.getByRole('button', { name: 'Rozpocznij quiz' }).click();
        await saveScreen(page, key, 'quizPhTake-question');
        expect(await seriousViolations(page), `${key} quiz question at ${label}`).toEqual([]);
        await page.getByRole('radio', { name: 'A. Tak', exact: true }).check();
        await page.getByRole('button', { name: 'Zakończ' }).click();
        await page.waitForURL((u) => u.pathname === PAGES.quizPhSummary);
        await rendered(page, /^Gratulacje ukończyłeś quiz$/, PAGES.quizPhSummary);
        expect(await page.getByTestId('quiz-score').innerText()).toBe('1 / 1');
        await saveScreen(page, key, 'quizPhSummary-result');
        expect(await seriousViolations(page), `${key} quiz result at ${label}`).toEqual([]);
        // Leave by a link: the result lives in this history entry's state, which a reload would keep.
        await page.getByRole('link', { name: 'Wszystkie quizy' }).click();
        await page.waitForURL((u) => u.pathname === PAGES.quizPh);
      }
    }

    // The guard does not depend on the width: refused routes are checked once, at the desktop's.
    if (label === '1440') {
      // Home, where the guard sends a refused role: the calls it makes by itself.
      const home = role === 'wholesaler' ? `/warehouse/details/${ids.wholesalerIds[0]}` : '/dashboard';
      calls.length = 0;
      await page.goto(home);
      await homeLoaded(page);
      const homeCalls = new Set(calls);
      // Opened directly, home's first list may come preloaded by its first-load page; reached inside
      // the app (as after the guard's redirect) the app asks for it: those calls are home's too.
      await page.goto(ROUTES.notFound.url(ids));
      await page.locator('main h1').waitFor();
      calls.length = 0;
      await page.getByRole('link', { name: 'Wróć na stronę główną' }).click();
      await page.waitForURL((u) => u.pathname === home);
      await homeLoaded(page);
      for (const c of calls) homeCalls.add(c);
      // The layout's footer asks for the programme's public settings whenever it comes near the
      // screen, which a page between a redirect and its content may let it do: a call of every page.
      homeCalls.add(`GET ${API.settings}`);
      for (const v of refused) {
        if (firstByAddress('refused', v.route)) {
          calls.length = 0;
          await page.goto(v.url);
        } else {
          // From inside the app, through the not-found page. The earlier refusals' toasts may still
          // be leaving: they are marked as seen, and this visit's messages are the unmarked ones.
          await openInApp(page, ROUTES.notFound.url(ids));
          await page.locator(TOASTS).evaluateAll((all) => {
            for (const t of all) t.setAttribute('data-e2e-seen', '');
          });
          calls.length = 0;
          await followInApp(page, v.url);
        }
        await page.waitForURL((u) => u.pathname === home);
        await page.locator(NEW_TOASTS).filter({ hasText: UNAUTHORISED }).first().waitFor();
        await page.locator('main h1').first().waitFor();
        await loadersGone(page);
        await settled(page);
        // None of the refused page's calls: only what home asks for itself (GET /api/me, its lists).
        expect(
          calls.filter((c) => !homeCalls.has(c)),
          `${key} ${v.url}`,
        ).toEqual([]);
        // One message: the refusal, not a failed call's error (and the earlier ones were refusals too).
        expect(await page.locator(NEW_TOASTS).allInnerTexts(), `${key} ${v.url}`).toEqual([
          expect.stringContaining(UNAUTHORISED),
        ]);
        for (const text of await page.locator(TOASTS).allInnerTexts()) expect(text).toContain(UNAUTHORISED);
      }
    }
    console.log(`[routes] ${key} at ${label}: ${allowed.length} visited, ${refused.length} refused`);
    expect(errors).toEqual([]);
  });
}
