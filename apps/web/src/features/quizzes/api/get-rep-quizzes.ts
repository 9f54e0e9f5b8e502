import { API, type Paged, REP_QUIZ_PAGE_SIZE, type RepQuizListItem, type RepQuizStatus } from '@incentive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** A card of the list. An admin previewing the rep's pages gets the manager's rows, which have no status. */
export type QuizCardItem = Omit<RepQuizListItem, 'status'> & { status?: RepQuizStatus };

/**
 * GET /api/quiz as a rep: active quizzes within their dates, 4 a page (SPEC.md sections 7, 9), each
 * with the rep's status. Newest first, so a quiz that just started is on the first page.
 */
export function useRepQuizzes(page: number) {
  return useQuery({
    queryKey: [...queryKeys.quizzes, 'rep-list', page],
    queryFn: ({ signal }) =>
      fetchOrThrow<Paged<QuizCardItem>>(API.quizzes, {
        query: { page, per_page: REP_QUIZ_PAGE_SIZE, sort: 'id', order: 'desc' },
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
