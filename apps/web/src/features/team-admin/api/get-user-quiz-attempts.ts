import type { Paged, QuizAttemptRow } from '@incentive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { BACK_OFFICE_API } from './endpoints.ts';

export type QuizAttemptSort = 'created_at' | 'quiz_name' | 'correct_answers_count' | 'reward';

export interface QuizAttemptsParams {
  page: number;
  per_page: number;
  sort: QuizAttemptSort;
  order: 'asc' | 'desc';
  search: string | undefined;
}

/** GET /api/users/{id}/quiz: a rep's quiz attempts, newest first (the quiz tab of the rep details). */
export function useUserQuizAttempts(userId: number, params: QuizAttemptsParams) {
  return useQuery({
    queryKey: queryKey('quizzes.attempts', userId, params),
    queryFn: ({ signal }) =>
      fetchOrThrow<Paged<QuizAttemptRow>>(BACK_OFFICE_API.userQuizAttempts(userId), { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
  });
}
