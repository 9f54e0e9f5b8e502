import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import type { QuizSaved } from './create-quiz.ts';
import { QUIZ_ADMIN_API } from './endpoints.ts';

/** POST /api/quiz/{id}/packed-update: the editor's save, the same multipart payload as create. */
export function updateQuiz({ id, body }: { id: number; body: FormData }) {
  return fetchOrThrow<QuizSaved>(QUIZ_ADMIN_API.packedUpdate(id), { method: 'POST', body });
}

export const useUpdateQuiz = () => useApiMutation({ mutationFn: updateQuiz, invalidates: ['quizzes'] });
