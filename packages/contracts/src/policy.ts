import { ROLES, type Role } from './role-list.ts';

/*
 * The role policy: who may see and do what (SPEC.md sections 2 and 6), written once. The server's
 * route guards (`config.access` of every API route), its record scope (users/scope.ts) and the web's
 * menus, route guards and buttons all read it. Decision 016 explains the shape; the table test in
 * policy.unit.test.ts holds it against the spec.
 */

/** Every screen of SPEC.md section 2 by name, with its route. Features that do not exist yet are listed too. */
export const PAGES = {
  login: '/',
  register: '/register',
  rules: '/rules',
  dashboard: '/dashboard',
  warehouseCreate: '/warehouse/create',
  warehouseDetails: '/warehouse/details/:id',
  warehouseEdit: '/warehouse/:id',
  salesRepCreate: '/sales-rep/create',
  salesRepCreateRks: '/sales-rep/create-rks',
  salesRepDetails: '/sales-rep/details/:id',
  salesRepEdit: '/sales-rep/:id',
  adminCreate: '/admin/create',
  adminEdit: '/admin/:id',
  challenges: '/challenges',
  challengeCreate: '/challenges/create',
  salesImports: '/challenges/imports',
  challengeEdit: '/challenges/:id',
  challengeRanking: '/challenges/:id/ranking',
  articles: '/articles',
  articleCreate: '/articles/create',
  articleEdit: '/articles/:id',
  articlePreview: '/articles/preview/:id',
  quiz: '/quiz',
  quizCreate: '/quiz/create',
  quizEdit: '/quiz/:id',
  quizSummary: '/quiz/:id/summary',
  quizResults: '/quiz/:id/results',
  articlesPh: '/articles-ph',
  articlePh: '/articles-ph/:id',
  quizPh: '/quiz-ph',
  quizPhTake: '/quiz-ph/:id',
  quizPhSummary: '/quiz-ph/summary',
  /** The rep's challenge list (SPEC.md section 2, Challenge list (rep)). */
  challengesPh: '/challenges-ph',
  withdraw: '/withdraw',
  /** The programme's organiser, contact and rules (issue 27 point 10, decision 047). */
  settings: '/settings',
  /** Bulk onboarding of warehouses and people from a file, and the activation e-mails (issue 30 point 1). */
  onboarding: '/import',
  /** The year-end tax report for the accountant (issue 30 point 4). */
  taxReport: '/tax-report',
  /** The audit trail: who changed what, and when (issue 31 point 1). */
  audit: '/audit',
  /** Which notices one receives by e-mail, and in which language (issue 31 point 2). */
  notifications: '/notifications',
  /** How the programme is doing: sign-ins, quizzes, money, challenges (issue 31 point 3). */
  programme: '/programme',
} as const;
export type PageName = keyof typeof PAGES;

/** Pages anyone may open, signed in or not. */
export const PUBLIC_PAGES = ['login', 'register', 'rules'] as const satisfies readonly PageName[];
export type GuardedPage = Exclude<PageName, (typeof PUBLIC_PAGES)[number]>;

/** The entries of the header menu, each leading to a page. */
export const MENU_ITEMS = {
  dashboard: 'dashboard',
  /** A wholesaler's first warehouse. */
  myWarehouse: 'warehouseDetails',
  quiz: 'quiz',
  articles: 'articles',
  challenges: 'challenges',
  withdraw: 'withdraw',
  /** The sales-rep home as a rep sees it (/dashboard?admin-preview=1). */
  adminPreview: 'dashboard',
  quizPh: 'quizPh',
  articlesPh: 'articlesPh',
  challengesPh: 'challengesPh',
} as const satisfies Record<string, GuardedPage>;
export type MenuItem = keyof typeof MENU_ITEMS;

/**
 * What a role may do. The API's routes each name one (the role guard refuses the rest with 403);
 * the web shows a button only to roles that have its action. Scope (which records) is separate.
 */
export const ACTIONS = [
  // Signed in: /api/me, logout.
  'session.use',
  // Read one user (details, logins, cards): oneself always, others as the scope allows.
  'users.read',
  // User lists and their CSV export.
  'users.list',
  // Create, edit, delete users and send set-password links, for the roles `scope.manages` names.
  'users.manage',
  // A set-password link to an account that already set its password (its owner asks for one itself),
  // and an e-mail change of such an account that may receive one (decision 014).
  'users.relinkActive',
  'warehouses.read',
  'warehouses.create',
  'warehouses.edit',
  'warehouses.delete',
  'cards.add',
  'cards.seeFullNumbers',
  // The dashboard's withdraw button and POST /api/withdrawal.
  'wallet.withdraw',
  // One's own money history.
  'wallet.history',
  // The withdrawals table: every withdrawal for admins, one's own for a rep.
  'withdrawals.list',
  // Manual credits and debits.
  'wallet.adjust',
  // Any user's ledger, the ledger check and the money overview.
  'wallet.audit',
  // Batches for the card issuer, paid and failed withdrawals.
  'payouts.manage',
  // Screens of the back office.
  'dashboard.repTabs',
  'dashboard.registeredTab',
  'reps.create',
  'reps.edit',
  'reps.editFromTable',
  // Import people from a file (within `scope.manages` and the warehouse scope), follow their activation e-mails.
  'people.import',
  'reps.delete',
  'regionalManagers.create',
  'admins.create',
  'admins.createPlain',
  'admins.createProvider',
  'admins.edit',
  // A form's warehouse picker (a wholesaler's is disabled and preset, a rep has none).
  'forms.pickWarehouse',
  // The user menu's profile link, and the rep's own profile with its tax data (GET and PUT /api/profile).
  'profile.view',
  // A rep's tax data in full on its details (PESEL, street, postcode); other roles see it masked (issue 30).
  'taxData.read',
  // Export everything held about a person, and anonymise a deactivated one (issue 30 point 5).
  'privacy.manage',
  // The audit trail (GET /api/audit): every event for root and admin, a scoped role's warehouses' own.
  'audit.read',
  // One's own notice settings (GET and PUT /api/notices/settings; the roles that receive notices).
  'notices.settings',
  // The notices' queue and its failures (root and admin).
  'notices.manage',
  // The programme's figures (GET /api/stats/programme): everything, or a scoped role's warehouses' reps.
  'stats.read',
  // Features that come next: their routes and screens use these.
  // Write articles and read every one, drafts included (/api/admin/articles).
  'articles.manage',
  // The rep family of articles (/api/articles): published articles only.
  'articles.read',
  // The product catalogue (the article form's product picker, the challenge form).
  'products.read',
  // Add and edit catalogue products (name, code, image).
  'products.manage',
  'quizzes.manage',
  'quizzes.take',
  // GET /api/quiz and /api/quiz/{id}: a quiz manager reads every quiz, a rep the live ones (without correctness).
  'quizzes.read',
  // The read-only challenge table, its products and the ranking (figures within the caller's scope).
  'challenges.view',
  // Create, edit and delete challenges and their products.
  'challenges.manage',
  // Import sales results, read the import history and its reports, revert an import.
  'sales.import',
  // The rep's challenge page: what it earned and its place (GET /api/challenges/active…).
  'challenges.own',
  // The programme's organiser, contact details and rules (PUT /api/settings, the settings page; decision 047).
  'settings.manage',
] as const;
export type Action = (typeof ACTIONS)[number];

export interface RoleScope {
  /** Whose records: every one, those sharing one of its warehouses, or only its own. */
  records: 'all' | 'warehouses' | 'self';
  /** Roles of the users it may see (lists, details, logins, cards), within `records`. */
  sees: readonly Role[];
  /** Roles of the users it may create, edit, delete and send set-password links to, within `records`. */
  manages: readonly Role[];
}

export interface RolePolicy {
  /** What the logo and /dashboard lead to: the sales-rep home, the back-office panel, or its first warehouse. */
  home: 'repHome' | 'backOffice' | 'firstWarehouse';
  /** Holds a wallet and cards: earns money and may be paid out. */
  wallet: boolean;
  /** The header menu, in order. */
  menu: readonly MenuItem[];
  pages: readonly GuardedPage[];
  /** Pages of `pages` it may open only for its own id (a rep's profile). */
  ownPagesOnly?: readonly GuardedPage[];
  actions: readonly Action[];
  scope: RoleScope;
}

/** Actions only the field rep has: its wallet, its profile link, taking quizzes. */
const REP_ONLY_ACTIONS: readonly Action[] = ['wallet.withdraw', 'wallet.history', 'profile.view', 'quizzes.take'];

const ADMIN: RolePolicy = {
  home: 'backOffice',
  wallet: false,
  menu: ['dashboard', 'quiz', 'articles', 'challenges', 'withdraw', 'adminPreview'],
  pages: [
    'dashboard',
    'warehouseCreate',
    'warehouseDetails',
    'warehouseEdit',
    'salesRepCreate',
    'salesRepCreateRks',
    'salesRepDetails',
    'salesRepEdit',
    'adminCreate',
    'adminEdit',
    'challenges',
    'challengeCreate',
    'challengeEdit',
    'challengeRanking',
    'salesImports',
    'articles',
    'articleCreate',
    'articleEdit',
    'articlePreview',
    'quiz',
    'quizCreate',
    'quizEdit',
    'quizSummary',
    'quizResults',
    'withdraw',
    'settings',
    'onboarding',
    'taxReport',
    'audit',
    'notifications',
    'programme',
    // The admin preview of the rep home links to the rep's lists.
    'articlesPh',
    'articlePh',
    'quizPh',
    'challengesPh',
  ],
  // Everything but what only a rep with a wallet does (policy.unit.test.ts holds the full table).
  actions: ACTIONS.filter((a) => !REP_ONLY_ACTIONS.includes(a)),
  scope: {
    records: 'all',
    sees: ['root', 'admin', 'provider_admin', 'wholesaler', 'seller_reg', 'seller'],
    manages: ['admin', 'provider_admin', 'wholesaler', 'seller_reg', 'seller'],
  },
};

/** The policy of each role. */
export const POLICY: Record<Role, RolePolicy> = {
  // Treated as admin; only root manages root.
  root: { ...ADMIN, scope: { ...ADMIN.scope, manages: ['root', ...ADMIN.scope.manages] } },
  admin: ADMIN,
  provider_admin: {
    home: 'backOffice',
    wallet: false,
    // SPEC.md lists no menu for a provider admin: its panel, and the articles it manages.
    menu: ['dashboard', 'articles'],
    // SPEC.md section 6 gives it articles, card adding and provider and warehouse admins; reps are
    // created, edited and deleted by root and admin (the edit icon, section 2) and by their own
    // warehouse's admin and regional manager. It sees reps (details, cards), but edits none.
    pages: [
      'dashboard',
      'warehouseDetails',
      'salesRepDetails',
      'adminCreate',
      'adminEdit',
      'articles',
      'articleCreate',
      'articleEdit',
      'articlePreview',
      'programme',
    ],
    actions: [
      'session.use',
      'users.read',
      'users.list',
      'users.manage',
      'warehouses.read',
      'cards.add',
      'stats.read',
      'dashboard.repTabs',
      'dashboard.registeredTab',
      'admins.create',
      'admins.createProvider',
      'admins.edit',
      'forms.pickWarehouse',
      'articles.manage',
      'articles.read',
      'products.read',
    ],
    scope: {
      records: 'all',
      sees: ['provider_admin', 'wholesaler', 'seller_reg', 'seller'],
      manages: ['provider_admin', 'wholesaler'],
    },
  },
  seller_reg: {
    home: 'backOffice',
    // A regional manager is a registered sales rep: it holds a wallet and cards.
    wallet: true,
    menu: ['dashboard', 'challenges'],
    pages: [
      'dashboard',
      'warehouseDetails',
      'warehouseEdit',
      'salesRepCreate',
      'salesRepDetails',
      'salesRepEdit',
      'adminCreate',
      'adminEdit',
      'challenges',
      'challengeRanking',
      'onboarding',
      'audit',
      'programme',
    ],
    actions: [
      'session.use',
      'users.read',
      'users.list',
      'users.manage',
      'warehouses.read',
      'warehouses.edit',
      'wallet.history',
      'dashboard.repTabs',
      'reps.create',
      'reps.edit',
      'people.import',
      'admins.create',
      'admins.edit',
      'forms.pickWarehouse',
      'challenges.view',
      'audit.read',
      'stats.read',
    ],
    scope: { records: 'warehouses', sees: ['wholesaler', 'seller'], manages: ['wholesaler', 'seller'] },
  },
  wholesaler: {
    home: 'firstWarehouse',
    wallet: false,
    menu: ['myWarehouse', 'challenges'],
    pages: [
      'dashboard',
      'warehouseDetails',
      'salesRepCreate',
      'salesRepDetails',
      'salesRepEdit',
      'challenges',
      'challengeRanking',
      'onboarding',
      'audit',
      'programme',
    ],
    actions: [
      'session.use',
      'users.read',
      'users.list',
      'users.manage',
      'warehouses.read',
      'reps.create',
      'reps.edit',
      'people.import',
      'challenges.view',
      'audit.read',
      'stats.read',
    ],
    scope: { records: 'warehouses', sees: ['wholesaler', 'seller'], manages: ['seller'] },
  },
  seller: {
    home: 'repHome',
    wallet: true,
    // SPEC.md's menu plus the challenge page, which reps could not reach otherwise (decision 026).
    menu: ['dashboard', 'quizPh', 'articlesPh', 'challengesPh', 'withdraw'],
    pages: [
      'dashboard',
      'salesRepDetails',
      'withdraw',
      'quizPh',
      'quizPhTake',
      'quizPhSummary',
      'articlesPh',
      'articlePh',
      'challengesPh',
      'notifications',
    ],
    // Its profile is its own details page; it edits nothing in the back office.
    ownPagesOnly: ['salesRepDetails'],
    actions: [
      'session.use',
      'users.read',
      'wallet.withdraw',
      'wallet.history',
      'withdrawals.list',
      'profile.view',
      'articles.read',
      'quizzes.take',
      'quizzes.read',
      'challenges.own',
      'notices.settings',
    ],
    scope: { records: 'self', sees: [], manages: [] },
  },
};

/** May this role do this? */
export const can = (role: Role, action: Action): boolean => POLICY[role].actions.includes(action);

/** The roles that may do this, for a route's declaration. */
export const rolesWith = (action: Action): Role[] => ROLES.filter((r) => can(r, action));

/** Roles limited to the users and warehouses of their own warehouses. */
export const SCOPED_ROLES: readonly Role[] = ROLES.filter((r) => POLICY[r].scope.records === 'warehouses');

/** Roles that hold a wallet and cards. */
export const WALLET_ROLES: readonly Role[] = ROLES.filter((r) => POLICY[r].wallet);

/**
 * May this user open this page? `id` is the page's :id (when it has one): pages a role may open only
 * for its own id compare it with `selfId`.
 */
export function mayOpen(role: Role, page: GuardedPage, ids: { id?: string | number; selfId: number }): boolean {
  const p = POLICY[role];
  if (!p.pages.includes(page)) return false;
  if (p.ownPagesOnly?.includes(page)) return String(ids.id) === String(ids.selfId);
  return true;
}

/** May this role create, edit, delete and send set-password links to users of that role (within its records)? */
export const mayManage = (role: Role, target: Role): boolean => POLICY[role].scope.manages.includes(target);

/** The header menu of a role. */
export const menuOf = (role: Role): readonly MenuItem[] => POLICY[role].menu;
