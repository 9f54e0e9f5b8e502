import { describe, expect, it } from 'vitest';
import { firstPageCalls } from './first-page-data.ts';

const calls = (url: string) => {
  const { pathname, searchParams } = new URL(url, 'http://x');
  return firstPageCalls(pathname, searchParams);
};

describe('the first call of each rep page', () => {
  it("asks for the list's page from the address, the record by its id", () => {
    expect(calls('/quiz-ph')).toEqual([['/api/quiz', { page: 1, per_page: 4, sort: 'id', order: 'desc' }]]);
    expect(calls('/quiz-ph?page=3')).toEqual([['/api/quiz', { page: 3, per_page: 4, sort: 'id', order: 'desc' }]]);
    expect(calls('/articles-ph/?page=2')).toEqual([
      ['/api/articles', { page: 2, per_page: 4, sort: 'published_at', order: 'desc' }],
    ]);
    expect(calls('/articles-ph/12')).toEqual([['/api/articles/12']]);
    expect(calls('/quiz-ph/7')).toEqual([['/api/quiz/7']]);
    expect(calls('/challenges-ph?id=4')).toEqual([['/api/challenges/active']]);
    expect(calls('/withdraw').map(([path]) => path)).toEqual(['/api/wallet', '/api/wallet/history']);
  });

  it('asks nothing for other pages or for an address the page would refuse', () => {
    for (const url of [
      '/',
      '/dashboard',
      '/quiz-ph/summary',
      '/quiz-ph/0',
      '/quiz-ph/9999999999999',
      '/articles-ph/x',
      '/quiz',
    ]) {
      expect(calls(url), url).toEqual([]);
    }
    // A page number the page would not read starts at the first page, as the page does.
    expect(calls('/quiz-ph?page=-1')[0]?.[1]).toMatchObject({ page: 1 });
  });
});
