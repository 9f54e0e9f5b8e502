import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { QUIZ_ADMIN_API } from './endpoints.ts';

/** DELETE /api/quiz/{id}. */
export function deleteQuiz(id: number) {
  return fetchOrThrow<{ message?: string }>(QUIZ_ADMIN_API.quiz(id), { method: 'DELETE' });
}

/** The quiz lists; the reps' attempts stay (their history and money do not change). */
export const useDeleteQuiz = () => useApiMutation({ mutationFn: deleteQuiz, invalidates: ['quizzes'] });
