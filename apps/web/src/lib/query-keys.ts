/**
 * The roots of every query key. A query's key starts with one of them; a write names the roots it
 * changes (see mutation.ts), and every query under them is fetched again.
 */
export const queryKeys = {
  /** The signed-in user (GET /api/me), with its wallet. */
  me: ['me'],
  users: ['users'],
  warehouses: ['warehouses'],
  cards: ['cards'],
  /** Withdrawals, money histories and the money overview. */
  wallet: ['wallet'],
  /** Quizzes: the lists (back office and rep), a quiz, its results, a rep's attempts (a submit changes a rep's statuses). */
  quizzes: ['quizzes'],
  /** Articles: the back office's list and records, the rep's list, carousel and article page. */
  articles: ['articles'],
} as const;

/**
 * Roots that lazy back-office features declare in their own chunk (a key here would ship in every
 * rep's first load): named here by type only, so writes can still list them.
 */
export type LazyQueryRoot = readonly ['products'] | readonly ['challenges'] | readonly ['sales-imports'];

export type QueryRoot = (typeof queryKeys)[keyof typeof queryKeys] | LazyQueryRoot;
