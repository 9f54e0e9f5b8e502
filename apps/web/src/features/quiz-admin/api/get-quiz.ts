import type { Quiz } from '@incentive/contracts';
import { useQuery } from '@tanstack/react-query';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { QUIZ_ADMIN_API } from './endpoints.ts';

/** GET /api/quiz/{id} as a quiz manager reads it (with the correct answers): the editor and the summary. */
export function useQuiz(id: number | null) {
  return useQuery({
    queryKey: queryKey('quizzes.one', id),
    queryFn: ({ signal }) => fetchOrThrow<Quiz>(QUIZ_ADMIN_API.quiz(id as number), { signal }),
    enabled: id !== null,
    retry: false,
    // The forms are filled once from the record; a background refetch must not overwrite what is typed.
    refetchOnWindowFocus: false,
    staleTime: 0,
  });
}
