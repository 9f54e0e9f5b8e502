import type { quizSavedSchema } from '@incentive/contracts';
import type { z } from 'zod';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { QUIZ_ADMIN_API } from './endpoints.ts';

export type QuizSaved = z.infer<typeof quizSavedSchema>;

/** POST /api/quiz (multipart: the content fields, the image file, questions as JSON). The quiz starts inactive. */
export function createQuiz(body: FormData) {
  return fetchOrThrow<QuizSaved>(QUIZ_ADMIN_API.quizzes, { method: 'POST', body });
}

export const useCreateQuiz = () => useApiMutation({ mutationFn: createQuiz, invalidates: ['quizzes'] });
