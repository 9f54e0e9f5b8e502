/**
 * What the bundle budget watches (scripts/bundle-budget.ts, run by `npm run test:e2e` after the build).
 *
 * A page is the entry (index.html and its static imports) plus the lazy chunks its route loads before
 * it renders: name each by its source file as Vite's manifest does (the file the route's `lazy` or a
 * React.lazy imports). To put a new page under the budget, add it here, e.g. for a quiz list:
 *   { name: 'quiz list', path: '/quiz', chunks: [...SIGNED_IN_SHELL, 'src/features/quizzes/load-pages.ts', 'src/features/quizzes/pages/quiz-list-page.tsx'], forbid: REP_FORBIDDEN }
 */

export interface BudgetPage {
  name: string;
  /** The URL, for the report. */
  path: string;
  /** Lazy chunks (manifest keys) the page loads before its first render, besides the entry. */
  chunks: string[];
  /** Packages or app folders (as in .vite/chunk-contents.json) that must not be among the page's code. */
  forbid: string[];
  /** A page's own limits where it cannot meet LIMITS yet; say why beside it. */
  limits?: { js?: number; css?: number; jsFiles?: number };
}

/**
 * gzip bytes a page may download before its first render (issue 10), and how many script files:
 * each is a preload link added on the phone's main thread, a request and a module record, which
 * Lighthouse counts as blocking time after the shell's paint (decision 058).
 */
export const LIMITS = { js: 150 * 1024, css: 20 * 1024, jsFiles: 30 } as const;

/**
 * Feature pages (lazy chunks under src/features/<feature>/pages/) the budget leaves alone: the back
 * office, and signed-out pages reached from a link rather than typed in. Any other feature page in
 * the build fails the check until it is added to BUDGET_PAGES or here, so every rep page is watched.
 */
export const NOT_WATCHED = [
  // The team's back office (warehouses, sales reps, admins).
  'src/features/team-admin/',
  // The quiz back office (root and admin only).
  'src/features/quiz-admin/',
  // The article back office (root, admin and provider admin).
  'src/features/article-admin/',
  // The challenge back office (admins; regional managers and wholesalers read its table and rankings).
  'src/features/challenge-admin/',
  // The programme settings (root and admin only; decision 047).
  'src/features/settings-admin/',
  // Bulk onboarding (root, admin, regional managers and warehouse admins; issue 30 point 1).
  'src/features/onboarding-admin/',
  // The year-end tax report (root and admin; issue 30 point 4).
  'src/features/tax-report-admin/',
  // The audit trail (root, admin, regional managers and warehouse admins; issue 31 point 1).
  'src/features/audit-admin/',
  // One's notice settings (issue 31 point 2): opened from the user menu, never first; the admins'
  // queue on it is a lazy chunk of its own, so a rep never loads the back office's table.
  'src/features/notices/',
  // How the programme is doing (the back office; issue 31 point 3): its charts live in its chunk.
  'src/features/programme-admin/',
  'src/features/auth/pages/register-page.tsx',
  'src/features/rules/pages/rules-page.tsx',
];

/** The session gate and the header/menu shell around every signed-in page. */
export const SIGNED_IN_SHELL = [
  'src/app/signed-in-area.tsx',
  'src/app/session-gate.tsx',
  'src/app/layout/app-layout.tsx',
];

/** Back-office code and the heavy libraries only the back office uses: never on the login page or a rep's page. */
export const REP_FORBIDDEN = [
  'src/features/team-admin',
  'src/features/quiz-admin',
  'src/features/article-admin',
  'src/features/challenge-admin',
  'src/features/settings-admin',
  'src/features/onboarding-admin',
  'src/features/tax-report-admin',
  'src/features/audit-admin',
  'src/features/programme-admin',
  '@mantine/charts',
  'recharts',
  // The back-office kit the *-admin features share (decision 053).
  'src/components/admin',
  'mantine-datatable',
  '@mantine/dates',
  '@mantine/dropzone',
  '@mantine/tiptap',
  '@tiptap/core',
];

export const BUDGET_PAGES: BudgetPage[] = [
  {
    name: 'login page',
    path: '/',
    chunks: ['src/features/auth/load-pages.ts', 'src/features/auth/pages/login-page.tsx'],
    forbid: REP_FORBIDDEN,
  },
  {
    name: 'rep home',
    path: '/dashboard',
    chunks: [
      ...SIGNED_IN_SHELL,
      'src/features/dashboard/load-pages.ts',
      'src/features/dashboard/pages/dashboard-page.tsx',
    ],
    // The article carousel (swiper) and the challenge box are lazy chunks of their own, loaded after the home renders (decision 024).
    forbid: [...REP_FORBIDDEN, 'swiper'],
  },
  {
    // Once per new version of the rules, before anything else (decision 060).
    name: 'rep rules consent',
    path: '/dashboard (new rules)',
    chunks: [...SIGNED_IN_SHELL, 'src/features/rules/load-pages.ts', 'src/features/rules/pages/rules-consent-page.tsx'],
    forbid: REP_FORBIDDEN,
  },
  {
    name: 'rep withdrawals',
    path: '/withdraw',
    chunks: [...SIGNED_IN_SHELL, 'src/features/wallet/load-pages.ts', 'src/features/wallet/pages/withdrawals-page.tsx'],
    forbid: REP_FORBIDDEN,
  },
  {
    name: 'rep quiz list',
    path: '/quiz-ph',
    chunks: [...SIGNED_IN_SHELL, 'src/features/quizzes/load-pages.ts', 'src/features/quizzes/pages/quiz-list-page.tsx'],
    forbid: REP_FORBIDDEN,
  },
  {
    name: 'rep quiz taking',
    path: '/quiz-ph/{id}',
    chunks: [...SIGNED_IN_SHELL, 'src/features/quizzes/load-pages.ts', 'src/features/quizzes/pages/quiz-take-page.tsx'],
    forbid: REP_FORBIDDEN,
  },
  {
    name: 'rep quiz result',
    path: '/quiz-ph/summary',
    chunks: [
      ...SIGNED_IN_SHELL,
      'src/features/quizzes/load-pages.ts',
      'src/features/quizzes/pages/quiz-summary-page.tsx',
    ],
    forbid: REP_FORBIDDEN,
  },
  {
    name: 'rep article list',
    path: '/articles-ph',
    chunks: [
      ...SIGNED_IN_SHELL,
      'src/features/articles/load-pages.ts',
      'src/features/articles/pages/article-list-page.tsx',
    ],
    forbid: [...REP_FORBIDDEN, 'swiper'],
  },
  {
    name: 'rep article',
    path: '/articles-ph/{id}',
    chunks: [...SIGNED_IN_SHELL, 'src/features/articles/load-pages.ts', 'src/features/articles/pages/article-page.tsx'],
    forbid: [...REP_FORBIDDEN, 'swiper'],
  },
  {
    name: 'rep challenges',
    path: '/challenges-ph',
    chunks: [
      ...SIGNED_IN_SHELL,
      'src/features/challenges/load-pages.ts',
      'src/features/challenges/pages/challenge-list-page.tsx',
    ],
    forbid: [...REP_FORBIDDEN, 'swiper'],
  },
];
