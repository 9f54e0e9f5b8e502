import type { QuizSubmitBody, QuizSubmitResult, RepQuiz } from '@incentive/contracts';

/**
 * What the take page hands to /quiz-ph/summary (SPEC.md section 4: the answers and the result are
 * kept). It travels as the router's history state: it survives the navigation and a reload of the
 * summary, and a summary opened without one (typed URL, new tab) goes back to the list.
 */
export interface QuizOutcome {
  quiz: Pick<RepQuiz, 'id' | 'name' | 'value' | 'is_one_time' | 'is_questionnaire'>;
  answers: QuizSubmitBody['answers'];
  result: QuizSubmitResult;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** The outcome in a location's state, or null when there is none (or it is not one). */
export function readOutcome(state: unknown): QuizOutcome | null {
  if (!isObject(state) || !isObject(state.quizOutcome)) return null;
  const { quiz, answers, result } = state.quizOutcome;
  if (!isObject(quiz) || !isObject(result) || !Array.isArray(answers)) return null;
  if (typeof quiz.id !== 'number' || typeof quiz.name !== 'string' || typeof quiz.value !== 'string') return null;
  if (typeof result.correctAnswersCount !== 'number' || typeof result.passed !== 'boolean') return null;
  return state.quizOutcome as unknown as QuizOutcome;
}

export const outcomeState = (outcome: QuizOutcome) => ({ quizOutcome: outcome });
