// No zod here: the rep's quiz pages read these, and zod stays out of a phone's first download.

export const QUIZ_LIMITS = {
  name: 200,
  lead: 1_000,
  /** Rich text (HTML) of the quiz and of a question, before sanitizing. */
  text: 200_000,
  questionText: 20_000,
  answerText: 1_000,
  videoUrl: 500,
  minQuestions: 1,
  maxQuestions: 100,
  maxAnswers: 20,
  /** Reward in PLN. */
  maxPrice: 100_000,
  /** An open answer a rep types. */
  openAnswer: 2_000,
} as const;

/** SPEC.md section 9: points per question, always 10. */
export const POINTS_PER_QUESTION = 10;
/** Rep lists show 4 quizzes per page (SPEC.md section 9). */
export const REP_QUIZ_PAGE_SIZE = 4;
