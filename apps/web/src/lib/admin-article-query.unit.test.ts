import type { AdminArticle } from '@incentive/contracts';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { articleQueryOptions } from '../features/article-admin/api/get-article.ts';
import { articleNameQueryOptions } from '../features/challenge-admin/api/get-articles.ts';

/*
 * Issue 27 point 8: the article editor and the challenge editor's article picker once kept different
 * data (a whole article, a name) under one key, ['articles', 'admin-one', id], so whichever page
 * filled the cache first broke the other. Now both share one query: the key holds a whole article.
 */

const ARTICLE = {
  id: 7,
  name: 'Nowa kawa w ofercie',
  lead: 'Wstęp',
  content: '<p>Treść</p>',
} as unknown as AdminArticle;

const calls: string[] = [];
beforeEach(() => {
  calls.length = 0;
  // The api client reads the token from localStorage; fetch answers with the article.
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => {}, removeItem: () => {} });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string | URL) => {
      calls.push(String(url));
      return new Response(JSON.stringify(ARTICLE), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the admin article query key', () => {
  it('is one key for both pages, read from the same endpoint', () => {
    expect(articleNameQueryOptions(7).queryKey).toEqual(articleQueryOptions(7).queryKey);
    expect(articleQueryOptions(7).queryKey).toEqual(['articles', 'admin-one', 7]);
  });

  it('holds the whole article when the challenge picker filled it, and the editor reads it whole', async () => {
    const qc = new QueryClient();
    const name = new QueryObserver(qc, articleNameQueryOptions(7));
    expect((await name.refetch()).data).toBe('Nowa kawa w ofercie');
    const cached = qc.getQueryData(articleQueryOptions(7).queryKey);
    expect(cached).toEqual(ARTICLE);
    // The editor, opened next, finds a whole article (not a string) under the key.
    const editor = new QueryObserver(qc, { ...articleQueryOptions(7), staleTime: Number.POSITIVE_INFINITY });
    expect(editor.getCurrentResult().data).toEqual(ARTICLE);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toContain('/api/admin/articles/7');
  });

  it('gives the picker the name when the editor filled the key first', async () => {
    const qc = new QueryClient();
    await qc.fetchQuery(articleQueryOptions(7));
    const picker = new QueryObserver(qc, { ...articleNameQueryOptions(7), staleTime: Number.POSITIVE_INFINITY });
    expect(picker.getCurrentResult().data).toBe('Nowa kawa w ofercie');
    expect(calls).toHaveLength(1);
  });
});
