import { API, type RepQuiz } from '@incentive/contracts';
import { useQuery } from '@tanstack/react-query';
import { generatePath } from 'react-router';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';

/** GET /api/quiz/{id} as a rep: the questions without correctness, and where the rep stands. */
export function useRepQuiz(id: number | null) {
  return useQuery({
    queryKey: queryKey('quizzes.rep-quiz', id),
    queryFn: ({ signal }) => fetchOrThrow<RepQuiz>(generatePath(API.quiz, { id: String(id) }), { signal }),
    enabled: id !== null,
    retry: false,
    // Always the current status: a quiz just passed on another tab must not be offered again.
    staleTime: 0,
  });
}
