import type { QuizResults } from '@incentive/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { QUIZ_ADMIN_API } from './endpoints.ts';

/** GET /api/quiz/{id}/results: attempts, reps, pass rate, rewards and the answer counts per question. */
export function useQuizResults(id: number | null) {
  return useQuery({
    queryKey: queryKey('quizzes.results', id),
    queryFn: ({ signal }) => fetchOrThrow<QuizResults>(QUIZ_ADMIN_API.results(id as number), { signal }),
    enabled: id !== null,
    retry: false,
  });
}
