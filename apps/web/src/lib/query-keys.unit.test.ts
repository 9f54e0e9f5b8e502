import { describe, expect, it } from 'vitest';
import { type QueryKeyArgs, type QueryName, type QueryRoot, queryKey, rootKey } from './query-keys.ts';

/*
 * Query keys are written once (lib/query-keys.ts, decision 056): two endpoints, or one endpoint with
 * two different arguments, never share a key, so two different payloads never share a cache entry;
 * and no file outside the factory writes a key of its own.
 */

/**
 * Two different argument lists per endpoint. The mapped type makes this list complete: an endpoint
 * added to QueryKeyArgs without its samples here is a type error in `npm run typecheck`.
 */
const SAMPLES: { [N in QueryName]: [QueryKeyArgs[N], QueryKeyArgs[N]] } = {
  me: [[], []],
  'users.list': [[{ page: 1 }], [{ page: 2 }]],
  'users.one': [[1], [2]],
  'users.profile': [[], []],
  'programme-settings.rules-versions': [[1], [2]],
  'programme-settings.rules-acceptances': [[{ version: 1 }], [{ version: 2 }]],
  'onboarding.list': [[{ page: 1 }], [{ page: 2 }]],
  'onboarding.one': [[1], [2]],
  'onboarding.rows': [
    [1, { action: 'create' }],
    [1, { action: 'refused' }],
  ],
  'onboarding.invitations': [[{ page: 1 }], [{ page: 2 }]],
  'onboarding.invitation-counts': [[], []],
  'wallet.tax-report': [[2025], [2026]],
  'wallet.tax-report-missing': [[{ year: 2025 }], [{ year: 2026 }]],
  'users.statement-years': [[], []],
  'users.privacy-people': [['anna'], ['jan']],
  'audit.list': [[{ page: 1 }], [{ kind: 'user.update' }]],
  'audit.one': [[1], [2]],
  'notices.settings': [[], []],
  'notices.queue': [[{ status: 'failed' }], [{ status: 'sent' }]],
  'notices.counts': [[], []],
  'stats.programme': [[{ from: '2026-01-01' }], [{ from: '2026-02-01' }]],
  'users.warehouse': [
    [1, { page: 1 }],
    [2, { page: 1 }],
  ],
  'users.logins': [
    [1, { page: 1 }],
    [1, { page: 2 }],
  ],
  'warehouses.list': [[{ search: 'a' }], [{ search: 'b' }]],
  'warehouses.one': [[1], [2]],
  'cards.user': [
    [1, { page: 1 }],
    [2, { page: 1 }],
  ],
  'wallet.history': [
    ['me', 1],
    [1, 1],
  ],
  'wallet.overview': [[], []],
  'wallet.withdrawals': [[{ status: 'pending' }], [{ status: 'paid' }]],
  'quizzes.list': [[{ page: 1 }], [{ page: 2 }]],
  'quizzes.one': [[1], [2]],
  'quizzes.results': [[1], [2]],
  'quizzes.open-answers': [
    [1, { page: 1 }],
    [1, { page: 2 }],
  ],
  'quizzes.attempts': [
    [1, { page: 1 }],
    [2, { page: 1 }],
  ],
  'quizzes.rep-list': [[1], [2]],
  'quizzes.rep-quiz': [[1], [2]],
  'articles.admin-list': [[{ status: 'draft' }], [{ status: 'deleted' }]],
  'articles.admin-one': [[1], [null]],
  'articles.challenge-picker': [[''], ['a']],
  'articles.rep-list': [[1], [2]],
  'articles.carousel': [[], []],
  'articles.rep-article': [[1], [2]],
  'products.picker': [[''], ['a']],
  'challenges.list': [[{ page: 1 }], [{ page: 2 }]],
  'challenges.options': [[], []],
  'challenges.one': [[1], [2]],
  'challenges.ranking': [
    [1, { page: 1 }],
    [1, { page: 2 }],
  ],
  'challenges.active': [[], []],
  'challenges.active-one': [[1], [null]],
  'sales-imports.list': [[{ page: 1 }], [{ page: 2 }]],
  'sales-imports.one': [[1], [2]],
  'sales-imports.held': [
    [1, { page: 1 }],
    [2, { page: 1 }],
  ],
  'sales-imports.settings': [[], []],
  'sales-imports.manager-reclaims': [[], []],
  'programme-settings': [[], []],
};

const names = Object.keys(SAMPLES) as QueryName[];
const keyOf = <N extends QueryName>(name: N, args: QueryKeyArgs[N]) =>
  (queryKey as (n: N, ...a: QueryKeyArgs[N]) => readonly unknown[])(name, ...args);
/** Every root (the type makes the list complete). */
const ROOTS: Record<QueryRoot, true> = {
  me: true,
  users: true,
  warehouses: true,
  cards: true,
  wallet: true,
  quizzes: true,
  articles: true,
  products: true,
  challenges: true,
  'sales-imports': true,
  'programme-settings': true,
  onboarding: true,
  audit: true,
  notices: true,
  stats: true,
};
const roots = new Set<string>(Object.keys(ROOTS));
const withArgs = names.filter((n) => SAMPLES[n][0].length > 0);

describe('query keys', () => {
  it("starts every endpoint's key with one of the roots, so a write that names the root refreshes it", () => {
    for (const name of names) {
      const key = keyOf(name, SAMPLES[name][0]);
      expect(roots.has(key[0] as string), name).toBe(true);
    }
  });

  it('never gives two endpoints the same key, whatever their arguments', () => {
    const owner = new Map<string, QueryName>();
    for (const name of names) {
      for (const args of SAMPLES[name]) {
        const key = JSON.stringify(keyOf(name, args));
        const other = owner.get(key);
        expect(other === undefined || other === name, `${name} and ${other} share ${key}`).toBe(true);
        owner.set(key, name);
      }
    }
    // The endpoint's own segments (root and name) differ between any two endpoints.
    const heads = names.map((n) => JSON.stringify(n.split('.')));
    expect(new Set(heads).size).toBe(names.length);
  });

  it('gives one endpoint with two different arguments two keys', () => {
    expect(withArgs.length).toBeGreaterThan(20);
    for (const name of withArgs) {
      const [a, b] = SAMPLES[name];
      expect(keyOf(name, a), name).not.toEqual(keyOf(name, b));
    }
  });

  it('keeps the keys that callers and tests know', () => {
    expect(queryKey('me')).toEqual(rootKey('me'));
    expect(rootKey('sales-imports')).toEqual(['sales-imports']);
    expect(queryKey('users.list', { page: 1 })).toEqual(['users', 'list', { page: 1 }]);
    expect(queryKey('articles.admin-one', 7)).toEqual(['articles', 'admin-one', 7]);
    expect(queryKey('programme-settings')).toEqual(['programme-settings']);
  });
});
