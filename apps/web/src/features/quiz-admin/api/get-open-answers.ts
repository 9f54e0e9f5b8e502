import type { openAnswerSchema, Paged } from '@incentive/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { QUIZ_ADMIN_API } from './endpoints.ts';

export type OpenAnswer = z.infer<typeof openAnswerSchema>;

export interface OpenAnswersParams {
  question_id: number;
  page: number;
  per_page: number;
  search: string | undefined;
}

/** GET /api/quiz/{id}/open-answers: what the reps typed for one open question, newest first. */
export function useOpenAnswers(quizId: number, params: OpenAnswersParams) {
  return useQuery({
    queryKey: queryKey('quizzes.open-answers', quizId, params),
    queryFn: async ({ signal }) => {
      const page = await fetchOrThrow<Paged<OpenAnswer>>(QUIZ_ADMIN_API.openAnswers(quizId), {
        query: { ...params },
        signal,
      });
      // One answer per attempt and question: the attempt names the row.
      return { ...page, data: page.data.map((a) => ({ ...a, id: a.attempt_id })) };
    },
    placeholderData: keepPreviousData,
  });
}
