import { API, apiPath } from '@incentive/contracts';

/** The quiz back office's API paths (SPEC.md section 7 "Quizzes"), from the contracts the server registers. */
export const QUIZ_ADMIN_API = {
  quizzes: API.quizzes,
  quiz: (id: number) => apiPath(API.quiz, { id }),
  packedUpdate: (id: number) => apiPath(API.quizPackedUpdate, { id }),
  submitDetails: (id: number) => apiPath(API.quizSubmitDetails, { id }),
  results: (id: number) => apiPath(API.quizResults, { id }),
  resultsCsv: (id: number) => apiPath(API.quizResultsExport, { id }),
  openAnswers: (id: number) => apiPath(API.quizOpenAnswers, { id }),
} as const;
