import { describe, expect, it } from 'vitest';
import { firstPageCalls } from './first-page-data.ts';

describe('the first calls of each rep page', () => {
  it("asks for the list's page, the record by its id, the wallet's first pages", () => {
    expect(firstPageCalls('/quiz-ph', 1, null)).toEqual(['/api/quiz?page=1&per_page=4&sort=id&order=desc']);
    expect(firstPageCalls('/articles-ph', 3, null)).toEqual([
      '/api/articles?page=3&per_page=4&sort=published_at&order=desc',
    ]);
    expect(firstPageCalls('/quiz-ph/:id', 1, 7)).toEqual(['/api/quiz/7']);
    expect(firstPageCalls('/articles-ph/:id', 1, 12)).toEqual(['/api/articles/12']);
    expect(firstPageCalls('/challenges-ph', 1, null)).toEqual(['/api/challenges/active']);
    expect(firstPageCalls('/withdraw', 1, null)).toEqual([
      '/api/wallet?page=1&per_page=10&sort=id&order=desc',
      '/api/wallet/history?page=1&per_page=10',
    ]);
  });

  it('asks nothing for a record without an id, nor for other pages', () => {
    expect(firstPageCalls('/quiz-ph/:id', 1, null)).toEqual([]);
    expect(firstPageCalls('/articles-ph/:id', 1, null)).toEqual([]);
    for (const route of ['/', '/dashboard', '/quiz-ph/summary', '/quiz'])
      expect(firstPageCalls(route, 1, null)).toEqual([]);
  });
});
