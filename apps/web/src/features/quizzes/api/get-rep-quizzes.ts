import { API, type Paged, type RepQuizListItem, type RepQuizStatus } from '@incentive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { repQuizListQuery } from '../../../first-load/first-page-data.ts';
import { earlyAnswerOptions, fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';

/** A card of the list. An admin previewing the rep's pages gets the manager's rows, which have no status. */
export type QuizCardItem = Omit<RepQuizListItem, 'status'> & { status?: RepQuizStatus };

/**
 * GET /api/quiz as a rep: active quizzes within their dates, 4 a page (SPEC.md sections 7, 9), each
 * with the rep's status. Newest first, so a quiz that just started is on the first page.
 */
export function useRepQuizzes(page: number) {
  return useQuery({
    queryKey: queryKey('quizzes.rep-list', page),
    queryFn: ({ signal }) =>
      fetchOrThrow<Paged<QuizCardItem>>(API.quizzes, {
        query: repQuizListQuery(page),
        signal,
      }),
    // The first load's answer, when it has come before the page renders (decision 035).
    ...earlyAnswerOptions<Paged<QuizCardItem>>(API.quizzes, repQuizListQuery(page)),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
