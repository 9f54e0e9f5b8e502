/*
 * Every query key of the web app, written here and nowhere else (issue 29 point 4, decision 056).
 *
 * A key is `[root, endpoint, ...arguments]`: the root names the data a write changes (mutation.ts
 * fetches again every query under the roots it lists), the endpoint names what was asked and the
 * arguments are everything the request depends on (id, page, the list's parameters). `QueryKeyArgs`
 * below is the factory: one entry per endpoint, with the arguments it takes, and `queryKey(name,
 * ...args)` builds the key from it. Because the endpoint's name is in the key and every argument
 * of the call follows it, two endpoints, or one endpoint with two different arguments, can never
 * share a key (query-keys.unit.test.ts), and no file writes a literal key (the same test refuses
 * one outside this file).
 *
 * One small function, not one function per endpoint: this file is in every rep's first load (GET
 * /api/me), and a module lands whole in one chunk, so per-endpoint functions of the back office
 * would all ship to a rep's phone. The entries are types; they cost nothing at run time.
 */

/**
 * The roots: what a write names to have every query under it fetched again (mutation.ts). Names,
 * not arrays, so they cost the entry nothing (this file is in every rep's first load).
 */
export type QueryRoot =
  /** The signed-in user (GET /api/me), with its wallet. */
  | 'me'
  | 'users'
  | 'warehouses'
  | 'cards'
  /** Withdrawals, money histories and the money overview. */
  | 'wallet'
  /** Quizzes: the lists (back office and rep), a quiz, its results, a rep's attempts (a submit changes a rep's statuses). */
  | 'quizzes'
  /** Articles: the back office's list and records, the rep's list, carousel and article page, the challenge editor's picker. */
  | 'articles'
  /** The product catalogue (the article and challenge editors' pickers). */
  | 'products'
  /** Challenges: the back office's list, records and rankings, the rep's running challenges. */
  | 'challenges'
  /** Sales imports: the history, one import, its held rows, the settings, the managers' reclaims. */
  | 'sales-imports'
  /** The programme's settings (footer, rules) as the settings page edits them. */
  | 'programme-settings'
  /** Bulk onboarding: the imports, their preview rows, and the activation e-mails' queue. */
  | 'onboarding'
  /** The audit trail: its pages and events (never cached long: every write adds to it). */
  | 'audit'
  /** Notices: one's own settings, the queue and its counts (root and admin). */
  | 'notices'
  /** The programme's figures of a period. */
  | 'stats';

/** The key every query under `root` starts with: what invalidateQueries takes. */
export const rootKey = (root: QueryRoot): readonly [QueryRoot] => [root];

/** An id; null while a page does not know it yet (the query is disabled until it does). */
type Id = number | null;
/** A list's parameters (page, sort, filters) exactly as they go into the request's query. */
type ListParams = object;

/** The factory: every endpoint's name (`root.endpoint`, or the root alone) and the arguments of its key. */
export interface QueryKeyArgs {
  /** The signed-in user with its wallet. */
  me: [];
  /** The back office's user lists. */
  'users.list': [params: ListParams];
  /** One user. */
  'users.one': [id: Id];
  /** The signed-in rep's own profile with its tax data (GET /api/profile). */
  'users.profile': [];
  /** A warehouse's people. */
  'users.warehouse': [warehouseId: Id, params: ListParams];
  /** A user's sign-ins. */
  'users.logins': [userId: Id, params: ListParams];
  /** The warehouse list. */
  'warehouses.list': [params: ListParams];
  /** One warehouse. */
  'warehouses.one': [id: Id];
  /** A rep's cards. */
  'cards.user': [userId: Id, params: ListParams];
  /** A money history: a user's, or the signed-in rep's ('me'). */
  'wallet.history': [userId: Id | 'me', page: number];
  /** The money overview. */
  'wallet.overview': [];
  /** The withdrawal list. */
  'wallet.withdrawals': [params: ListParams];
  /** The back office's quiz list. */
  'quizzes.list': [params: ListParams];
  /** One quiz, as the back office edits it. */
  'quizzes.one': [id: Id];
  /** A quiz's results. */
  'quizzes.results': [id: Id];
  /** A quiz's open answers. */
  'quizzes.open-answers': [quizId: Id, params: ListParams];
  /** A rep's quiz attempts. */
  'quizzes.attempts': [userId: Id, params: ListParams];
  /** The rep's quiz list. */
  'quizzes.rep-list': [page: number];
  /** The quiz a rep takes. */
  'quizzes.rep-quiz': [id: Id];
  /** The back office's article list. */
  'articles.admin-list': [params: ListParams];
  /** One article's whole record (the article editor; the challenge editor selects its name). */
  'articles.admin-one': [id: Id];
  /** The challenge editor's article picker: the first page of a search. */
  'articles.challenge-picker': [search: string];
  /** The rep's article list. */
  'articles.rep-list': [page: number];
  /** The rep home's article carousel. */
  'articles.carousel': [];
  /** The article a rep reads. */
  'articles.rep-article': [id: Id];
  /** A product picker: the first page of a search. */
  'products.picker': [search: string];
  /** The back office's challenge list. */
  'challenges.list': [params: ListParams];
  /** Every challenge's name, for a choice. */
  'challenges.options': [];
  /** One challenge, as the back office edits it. */
  'challenges.one': [id: Id];
  /** A challenge's ranking. */
  'challenges.ranking': [id: Id, params: ListParams];
  /** The rep's running challenges (the home's box and the page). */
  'challenges.active': [];
  /** One challenge the rep's list does not hold. */
  'challenges.active-one': [id: Id];
  /** The sales import history. */
  'sales-imports.list': [params: ListParams];
  /** One sales import. */
  'sales-imports.one': [id: Id];
  /** An import's held rows. */
  'sales-imports.held': [importId: Id, params: ListParams];
  /** The plausibility settings of sales imports. */
  'sales-imports.settings': [];
  /** The regional managers' reclaims. */
  'sales-imports.manager-reclaims': [];
  /** The programme's settings, read fresh by the settings page. */
  'programme-settings': [];
  /** Every version of the rules with its acceptance counts (read afresh when the version in force changes). */
  'programme-settings.rules-versions': [current: number | null];
  /** Who accepted one version of the rules. */
  'programme-settings.rules-acceptances': [params: ListParams];
  /** The onboarding imports' history. */
  'onboarding.list': [params: ListParams];
  /** One onboarding import. */
  'onboarding.one': [id: Id];
  /** An onboarding import's preview rows (one action's). */
  'onboarding.rows': [importId: Id, params: ListParams];
  /** The activation e-mails of one status. */
  'onboarding.invitations': [params: ListParams];
  /** The activation e-mails counted by status. */
  'onboarding.invitation-counts': [];
  /** The year-end tax report's figures of one year. */
  'wallet.tax-report': [year: number | null];
  /** The people of one year's report without tax data. */
  'wallet.tax-report-missing': [params: ListParams];
  /** The years the signed-in rep has a yearly statement for. */
  'users.statement-years': [];
  /** People found for a personal-data request. */
  'users.privacy-people': [search: string];
  /** A page of the audit trail (its filters in the params). */
  'audit.list': [params: ListParams];
  /** One audit event with its changed rows. */
  'audit.one': [id: Id];
  /** The caller's notice settings. */
  'notices.settings': [];
  /** The notices of one status, paged. */
  'notices.queue': [params: ListParams];
  /** The notices counted by status. */
  'notices.counts': [];
  /** The programme's figures of one period and split. */
  'stats.programme': [params: ListParams];
}

export type QueryName = keyof QueryKeyArgs;

/** An endpoint's name split into its key's first segments ('users.list' → ['users', 'list']); the first is its root. */
type Segments<N extends string> = N extends `${infer R extends QueryRoot}.${infer E}` ? [R, E] : [N & QueryRoot];

/** The key of one endpoint's query: `queryKey('users.list', params)` → ['users', 'list', params]. */
export function queryKey<N extends QueryName>(
  name: N,
  ...args: QueryKeyArgs[N]
): readonly [...Segments<N>, ...QueryKeyArgs[N]] {
  return [...name.split('.'), ...args] as unknown as readonly [...Segments<N>, ...QueryKeyArgs[N]];
}
