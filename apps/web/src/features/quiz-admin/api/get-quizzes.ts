import type { Paged, QuizListQuery, QuizListRow } from '@incentive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { QUIZ_ADMIN_API } from './endpoints.ts';

export type QuizListParams = Omit<QuizListQuery, 'search'> & { search: string | undefined };

/** GET /api/quiz: the back office's paged list, searched and sorted on the server. */
export function useQuizzes(params: QuizListParams) {
  return useQuery({
    queryKey: queryKey('quizzes.list', params),
    queryFn: ({ signal }) => fetchOrThrow<Paged<QuizListRow>>(QUIZ_ADMIN_API.quizzes, { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}
