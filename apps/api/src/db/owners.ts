/*
 * Which module owns each table of schema.ts (docs/decisions/052-modules-own-their-tables.md).
 *
 * The owner is the only module whose SQL writes the table and the one that states its rules. Another
 * module names an owner's table in its SQL only through a read model the owner opens on purpose
 * (READ_MODELS below: a SELECT joined into the reader's own statement, so that a list stays one
 * statement and one round trip), or through the statement parts the owner exports from its
 * `<owner>.shared.repo.ts` (the wallet's locks and money columns, the challenge that pays for a sale,
 * a challenge's earnings, an image's URLs). apps/api/test/owners.unit.test.ts reads every module's
 * SQL and fails on anything else.
 */

/** The modules under apps/api/src/modules that own tables. */
export type OwnerModule =
  | 'access'
  | 'articles'
  | 'audit'
  | 'auth'
  | 'cards'
  | 'challenges'
  | 'jobs'
  | 'media'
  | 'notices'
  | 'onboarding'
  | 'privacy'
  | 'products'
  | 'reports'
  | 'quizzes'
  | 'sales'
  | 'settings'
  | 'users'
  | 'wallet'
  | 'warehouses';

/** Table name (as in SQL) → the module that owns it. Every table of schema.ts has exactly one. */
export const TABLE_OWNERS = {
  users: 'users',
  user_role_counts: 'users',
  me_version: 'users',
  login_window: 'users',
  rep_profiles: 'users',
  warehouses: 'warehouses',
  user_warehouses: 'warehouses',
  sessions: 'auth',
  logins: 'auth',
  password_tokens: 'auth',
  auth_throttle: 'auth',
  server_secrets: 'auth',
  cards: 'cards',
  wallets: 'wallet',
  ledger_entries: 'wallet',
  payout_batches: 'wallet',
  withdrawals: 'wallet',
  images: 'media',
  image_variants: 'media',
  quizzes: 'quizzes',
  quiz_versions: 'quizzes',
  quiz_questions: 'quizzes',
  quiz_answers: 'quizzes',
  quiz_attempts: 'quizzes',
  quiz_attempt_answers: 'quizzes',
  products: 'products',
  articles: 'articles',
  challenges: 'challenges',
  challenge_products: 'challenges',
  challenge_earnings: 'challenges',
  challenge_totals: 'challenges',
  sales_imports: 'sales',
  sales_import_rows: 'sales',
  sales_import_settings: 'sales',
  sales: 'sales',
  programme_settings: 'settings',
  programme_rules: 'settings',
  rules_acceptances: 'settings',
  jobs: 'jobs',
  invitations: 'auth',
  onboarding_imports: 'onboarding',
  onboarding_rows: 'onboarding',
  personal_data_log: 'privacy',
  audit_events: 'audit',
  audit_changes: 'audit',
  notices: 'notices',
  notice_settings: 'notices',
  notice_announcements: 'notices',
  programme_buckets: 'reports',
} as const satisfies Record<string, OwnerModule>;

export type TableName = keyof typeof TABLE_OWNERS;

/**
 * A table an owner opens to other modules for reading, joined into their own statements. Only
 * SELECTs: a write, or a lock, goes through the owner's service or its shared repo.
 */
export interface ReadModel {
  owner: OwnerModule;
  tables: readonly TableName[];
  /** The modules that may join these tables into their statements. */
  readers: readonly OwnerModule[];
  /** What the readers need, and why a call to the owner's service would not do. */
  why: string;
}

export const READ_MODELS: readonly ReadModel[] = [
  {
    owner: 'auth',
    tables: ['logins'],
    readers: ['reports'],
    why: 'Sign-ins and the reps who signed in, per month, week or day of a period (the programme’s figures, decision 066).',
  },
  {
    owner: 'quizzes',
    tables: ['quiz_attempts'],
    readers: ['reports'],
    why: 'Quiz attempts, the reps who took them and those passed, per bucket of a period (decision 066).',
  },
  {
    owner: 'wallet',
    tables: ['wallets'],
    readers: ['reports'],
    why: 'What the reps in scope hold now, to withdraw and on its way: the programme’s liability (decision 066).',
  },
  {
    owner: 'sales',
    tables: ['sales'],
    readers: ['reports'],
    why: 'Challenge units and rewards of a period by warehouse and by regional manager (decision 066).',
  },
  {
    owner: 'warehouses',
    tables: ['warehouses', 'user_warehouses'],
    readers: ['reports'],
    why:
      'A scoped role’s reps (the members of its warehouses), a warehouse’s name, and the regional managers of ' +
      'a warehouse, joined into the figures’ statements (decision 066).',
  },
  {
    owner: 'users',
    tables: ['users'],
    readers: ['notices'],
    why:
      'Who a notice goes to: the reps and admins who want it, queued in one INSERT … SELECT (10,000 reps for a ' +
      'new quiz), and the name and address of each mail as it is sent (decision 065).',
  },
  {
    owner: 'quizzes',
    tables: ['quizzes'],
    readers: ['notices'],
    why: 'The live quizzes whose start has come and that were never announced (the notices’ scan, decision 065).',
  },
  {
    owner: 'challenges',
    tables: ['challenges'],
    readers: ['notices'],
    why: 'The challenges running today that were never announced (the notices’ scan, decision 065).',
  },
  {
    owner: 'wallet',
    tables: ['ledger_entries'],
    readers: ['notices'],
    why:
      'A day’s credits per rep for its digest, summed with the money rules’ signs (earnedDeltaSql of ' +
      'wallet.shared.repo.ts) in one statement over the day’s entries (decision 065).',
  },
  {
    owner: 'users',
    tables: ['users'],
    readers: ['audit'],
    why:
      'Who acted and whom an event is about, by their name as it is now (an anonymised person shows anonymised), ' +
      'beside each event of the audit trail\u2019s page (decision 064): one statement a page.',
  },
  {
    owner: 'warehouses',
    tables: ['warehouses', 'user_warehouses'],
    readers: ['audit'],
    why:
      'An event about a person is seen by the wholesalers and regional managers of that person\u2019s warehouses: ' +
      'recordChange reads the memberships in its own insert (decision 064); a warehouse\u2019s name beside its events.',
  },
  {
    owner: 'quizzes',
    tables: ['quizzes'],
    readers: ['audit'],
    why: 'The name of the quiz an audit event is about, beside the event (decision 064).',
  },
  {
    owner: 'articles',
    tables: ['articles'],
    readers: ['audit'],
    why: 'The title of the article an audit event is about, beside the event (decision 064).',
  },
  {
    owner: 'challenges',
    tables: ['challenges'],
    readers: ['audit'],
    why: 'The name of the challenge an audit event is about, beside the event (decision 064).',
  },
  {
    owner: 'products',
    tables: ['products'],
    readers: ['audit'],
    why: 'The name of the product an audit event is about, beside the event (decision 064).',
  },
  {
    owner: 'users',
    tables: ['users'],
    readers: [
      'access',
      'auth',
      'challenges',
      'onboarding',
      'privacy',
      'quizzes',
      'reports',
      'sales',
      'settings',
      'wallet',
      'warehouses',
    ],
    why:
      'The account row: a name, e-mail, role and asseco id beside each row of a list (rankings, quiz results, ' +
      'withdrawals, imports and their authors, warehouse members, who accepted the rules) and the sign-in ' +
      'lookups of access and auth. ' +
      'Lists page and sort by these columns in SQL, so they are joined, not fetched per row.',
  },
  {
    owner: 'warehouses',
    tables: ['warehouses', 'user_warehouses'],
    readers: ['access', 'challenges', 'sales', 'users'],
    why:
      'Who is a member of which warehouse: the warehouse scope of every back-office list (access), the ' +
      'warehouse of a sale (sales check) and of a ranking row (challenges), the user lists and details. ' +
      'A scope is a join condition of the reader\u2019s own statement.',
  },
  {
    owner: 'warehouses',
    tables: ['user_warehouses'],
    readers: ['wallet'],
    why:
      'The books check (ledger:check, decision 042) compares each membership\u2019s copy of its member\u2019s ' +
      'earnings with the wallet in one statement over all wallets.',
  },
  {
    owner: 'warehouses',
    tables: ['user_warehouses'],
    readers: ['auth'],
    why:
      'The warehouse scope of the activation e-mails\u2019 lists and counts (decision 061): a regional manager ' +
      'sees the e-mails of the people of its warehouses, a condition of auth\u2019s own statement.',
  },
  {
    owner: 'wallet',
    tables: ['wallets'],
    readers: ['users', 'warehouses'],
    why:
      'The balances the user lists and the warehouse figures sort and sum by (through the columns of ' +
      'moneySql in wallet.shared.repo.ts): sorting a page by an amount needs the join in one statement.',
  },
  {
    owner: 'wallet',
    tables: ['ledger_entries'],
    readers: ['sales'],
    why: 'The managers\u2019 reclaim entries (decision 045) listed with the sales import history, one statement.',
  },
  {
    owner: 'products',
    tables: ['products'],
    readers: ['articles', 'challenges', 'sales'],
    why:
      'A product\u2019s name and code beside an article, a challenge line and a sales row (the sales check resolves ' +
      'a row\u2019s product code by the products\u2019 unique key, set-based, a chunk at a time).',
  },
  {
    owner: 'articles',
    tables: ['articles'],
    readers: ['challenges', 'products'],
    why: 'The article linked to a product or a challenge line, shown with it (title, id) in the same answer.',
  },
  {
    owner: 'media',
    tables: ['images'],
    readers: ['articles', 'challenges', 'products', 'quizzes'],
    why: 'The size of a stored image beside the row that shows it; its URLs come from imageSql (media.shared.repo.ts).',
  },
  {
    owner: 'challenges',
    tables: ['challenges'],
    readers: ['sales'],
    why: 'The name of a challenge beside what an import paid in it (the apply report, the revert summary).',
  },
  {
    owner: 'sales',
    tables: ['sales', 'sales_imports'],
    readers: ['challenges'],
    why:
      'A rep\u2019s units and last import date in a challenge (the rep\u2019s challenge page and the editor\u2019s ' +
      'check that a challenge with sales keeps its products): read in the challenge\u2019s own statement.',
  },
  {
    owner: 'auth',
    tables: ['logins'],
    readers: ['users'],
    why:
      'The sign-ins of a user (GET /api/users/{id}/logins) and the ageing of the 14-day sign-in count kept on ' +
      'the users row (login_window): the users module answers both over auth\u2019s record of sign-ins.',
  },
  {
    owner: 'users',
    tables: ['rep_profiles'],
    readers: ['reports'],
    why:
      'A rep\u2019s PESEL, tax office and address beside its year\u2019s rewards in the year-end tax report ' +
      '(decision 062): one statement over thousands of reps.',
  },
  {
    owner: 'wallet',
    tables: ['ledger_entries'],
    readers: ['reports'],
    why:
      'The year-end tax report sums one calendar year\u2019s earning entries per rep and kind, and checks the ' +
      'sum against the ledger (decision 062): set-based, in one statement.',
  },
  {
    owner: 'quizzes',
    tables: ['quizzes'],
    readers: ['reports'],
    why: 'A quiz\u2019s reward is a survey\u2019s in the tax report when its quiz is a survey (is_survey), joined per entry.',
  },
  {
    owner: 'users',
    tables: ['rep_profiles'],
    readers: ['privacy'],
    why: 'Everything held about one person for their access request (decision 063): the export reads each owner\u2019s rows of that person, never writes them.',
  },
  {
    owner: 'warehouses',
    tables: ['warehouses', 'user_warehouses'],
    readers: ['privacy'],
    why: 'Everything held about one person for their access request (decision 063): the export reads each owner\u2019s rows of that person, never writes them.',
  },
  {
    owner: 'cards',
    tables: ['cards'],
    readers: ['privacy'],
    why: 'Everything held about one person for their access request (decision 063): the export reads each owner\u2019s rows of that person, never writes them.',
  },
  {
    owner: 'wallet',
    tables: ['wallets', 'ledger_entries', 'withdrawals'],
    readers: ['privacy'],
    why: 'Everything held about one person for their access request (decision 063): the export reads each owner\u2019s rows of that person, never writes them.',
  },
  {
    owner: 'quizzes',
    tables: ['quiz_attempts', 'quizzes'],
    readers: ['privacy'],
    why: 'Everything held about one person for their access request (decision 063): the export reads each owner\u2019s rows of that person, never writes them.',
  },
  {
    owner: 'auth',
    tables: ['logins', 'invitations'],
    readers: ['privacy'],
    why: 'Everything held about one person for their access request (decision 063): the export reads each owner\u2019s rows of that person, never writes them.',
  },
  {
    owner: 'settings',
    tables: ['rules_acceptances', 'programme_rules'],
    readers: ['privacy'],
    why: 'Everything held about one person for their access request (decision 063): the export reads each owner\u2019s rows of that person, never writes them.',
  },
  {
    owner: 'auth',
    tables: ['invitations'],
    readers: ['onboarding'],
    why:
      'The activation e-mails of the accounts one import created, counted by status beside each import of the ' +
      'history: one statement over the import\u2019s rows, however many people it created (decision 061).',
  },
  {
    owner: 'cards',
    tables: ['cards'],
    readers: ['users'],
    why: 'A rep\u2019s cards inside the one JSON row of a user\u2019s details.',
  },
];

/**
 * Columns of an owner's table that one other module writes, because they are that module's facts
 * kept on the owner's row and the module sits below the owner (it cannot call the owner's service).
 */
export interface ColumnWrite {
  owner: OwnerModule;
  table: TableName;
  writer: OwnerModule;
  /** The columns, as drizzle names them (the keys of `.set({...})`). */
  columns: readonly string[];
  why: string;
}

export const COLUMN_WRITES: readonly ColumnWrite[] = [
  {
    owner: 'users',
    table: 'users',
    writer: 'auth',
    columns: ['lastLoginAt', 'passwordHash', 'activatedAt', 'emailConfirmed', 'updatedAt'],
    why:
      'A sign-in stamps the last login, and a password set through an e-mailed link activates the account and ' +
      'confirms its address: the credentials are auth\u2019s, kept on the account row, and auth sits below users ' +
      '(users \u2192 auth, decision 015), so users cannot be called from there.',
  },
];
