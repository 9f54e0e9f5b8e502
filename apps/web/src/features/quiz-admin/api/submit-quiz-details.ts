import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import type { QuizSaved } from './create-quiz.ts';
import { QUIZ_ADMIN_API } from './endpoints.ts';

/** POST /api/quiz/{id}/submit-details: the summary form; saving it activates the quiz. */
export function submitQuizDetails({ id, body }: { id: number; body: FormData }) {
  return fetchOrThrow<QuizSaved>(QUIZ_ADMIN_API.submitDetails(id), { method: 'POST', body });
}

export const useSubmitQuizDetails = () => useApiMutation({ mutationFn: submitQuizDetails, invalidates: ['quizzes'] });
