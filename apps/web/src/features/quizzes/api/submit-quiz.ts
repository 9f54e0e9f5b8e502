import { API, type QuizSubmitBody, type QuizSubmitResult } from '@incentive/contracts';
import { generatePath } from 'react-router';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';

export interface SubmitQuizVars {
  quizId: number;
  body: QuizSubmitBody;
}

/** POST /api/quiz/{id}/submit: the server grades and pays; the client only shows the result. */
export function submitQuiz({ quizId, body }: SubmitQuizVars) {
  return fetchOrThrow<QuizSubmitResult>(generatePath(API.quizSubmit, { id: String(quizId) }), {
    method: 'POST',
    body,
  });
}

/** The wallet and money_to_get (in /api/me) and the quiz statuses change (SPEC.md section 4: the profile is refreshed). */
export const useSubmitQuiz = () =>
  useApiMutation({
    mutationFn: submitQuiz,
    invalidates: ['me', 'quizzes'],
  });
