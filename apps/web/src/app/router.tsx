import { type GuardedPage, mayOpen, PAGES, type User } from '@incentive/contracts';
import { isValidElement, type ReactNode, useEffect, useMemo } from 'react';
import { matchRoutes, type RouteObject, useLocation, useRoutes } from 'react-router';
import { lazyPage } from '../first-load/lazy-page.ts';
import { useTranslation } from '../lib/i18n.ts';
import { PAGE_ELEMENTS } from './page-elements.tsx';
import { RequirePage } from './require-page.tsx';
import { ScrollToTop } from './scroll-to-top.tsx';

// Pages as app/page-elements.tsx loads them (first-load/README.md); the app's own layers by their module.
const auth = () => import('../features/auth/load-pages.ts');
const LoginPage = lazyPage(() => auth().then((m) => m.loadLoginPage()));
const RegisterPage = lazyPage(() => auth().then((m) => m.loadRegisterPage()));
const RulesPage = lazyPage(() => import('../features/rules/load-pages.ts').then((m) => m.loadRulesPage()));
const QueryArea = lazyPage(() => import('./signed-in-area.tsx').then((m) => m.QueryArea));
const SessionGate = lazyPage(() => import('./session-gate.tsx').then((m) => m.SessionGate));
const AppLayout = lazyPage(() => import('./layout/app-layout.tsx').then((m) => m.AppLayout));
const NotFoundPage = lazyPage(() => import('../features/not-found/load-pages.ts').then((m) => m.loadNotFoundPage()));

/** Each existing page at its route, behind the guard of the role policy. */
const guardedRoutes = (Object.keys(PAGE_ELEMENTS) as GuardedPage[]).map((page) => ({
  path: PAGES[page],
  element: <RequirePage page={page}>{PAGE_ELEMENTS[page]}</RequirePage>,
}));

/**
 * The route table of SPEC.md section 2. Routes behind the session gate get the header, menu and
 * footer; who may enter each is the role policy's (packages/contracts/src/policy.ts). Every layer
 * is a lazy chunk: the login page never downloads the query library or the signed-in shell.
 */
const routes: RouteObject[] = [
  {
    element: <ScrollToTop />,
    children: [
      { path: PAGES.login, element: <LoginPage /> },
      { path: PAGES.rules, element: <RulesPage /> },
      {
        // The query library and its cache: for the set-password page's write and everything signed in.
        element: <QueryArea />,
        children: [
          { path: PAGES.register, element: <RegisterPage /> },
          {
            element: <SessionGate />,
            children: [
              {
                element: <AppLayout />,
                children: [...guardedRoutes, { path: '*', element: <NotFoundPage /> }],
              },
            ],
          },
        ],
      },
    ],
  },
];

/** Starts a lazy element's chunks; with its props, which name the page of a back-office element (page-elements.tsx). */
function preload(element: ReactNode) {
  const type: unknown = isValidElement(element) ? element.type : null;
  if (typeof type === 'object' && type !== null && 'preload' in type && typeof type.preload === 'function') {
    void type.preload((element as { props: unknown }).props);
  }
}

/**
 * The routes a path matches, the last path's kept: matchRoutes ranks the whole table on each call
 * (10–15 ms, 50 on a 4x slowed phone), and the entry, its early GET /api/me and AppRoutes' first
 * render all ask for the same first path.
 */
let lastMatch: { pathname: string; matches: NonNullable<ReturnType<typeof matchRoutes>> } | undefined;
function matchesOf(pathname: string) {
  if (lastMatch?.pathname !== pathname) lastMatch = { pathname, matches: matchRoutes(routes, pathname) ?? [] };
  return lastMatch.matches;
}

/**
 * Starts the chunks of every layer the path renders (query area, gate, shell) together. A guarded
 * page's own chunk starts too once the user is known and the role policy lets them open it (the
 * entry calls this again when its early GET /api/me answers): a role turned away never downloads it.
 */
export function preloadRoute(pathname: string, me?: User | null) {
  for (const { route, params } of matchesOf(pathname)) {
    preload(route.element);
    const guard = isValidElement<{ page: GuardedPage; children: ReactNode }>(route.element) ? route.element : null;
    if (me && guard?.type === RequirePage && mayOpen(me.role, guard.props.page, { id: params.id, selfId: me.id })) {
      preload(guard.props.children);
    }
  }
}

/**
 * The routes for the current URL (declarative react-router: the data router's APIs are not used,
 * and it would add 15 kB gzip to every page). Each layer is a lazy chunk; all of them start loading
 * at once instead of one after another as each layer renders.
 */
export function AppRoutes() {
  const { pathname } = useLocation();
  useMemo(() => preloadRoute(pathname), [pathname]);
  // The browser tab names the page, in the interface's language (WCAG 2.4.2; decision 046).
  // Its table is a chunk of its own, fetched after the first render (first-load/page-title.ts).
  const { i18n } = useTranslation();
  const lang = i18n.language;
  useEffect(() => {
    void import('../first-load/page-title.ts').then((m) => {
      document.title = m.titleOfPath(lang, pathname);
    });
  }, [pathname, lang]);
  return useRoutes(routes);
}
