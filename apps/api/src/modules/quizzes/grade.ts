import type { MessageKey, QuestionType } from '@incentive/contracts';

/*
 * Grading, on the server only (the rep's quiz never says which answers are correct). A pure
 * function of the quiz's live questions and what the rep sent, so every rule has a unit test.
 */

export interface GradedQuestion {
  id: number;
  type: QuestionType;
  /** The question's live answers; empty for an open question. */
  answers: { id: number; isCorrect: boolean }[];
}

export interface SubmittedAnswer {
  questionId: number;
  answerId?: number | null;
  answerText?: string | null;
}

/** One row of quiz_attempt_answers. */
export interface GradedAnswer {
  questionId: number;
  answerId: number | null;
  answerText: string | null;
  isCorrect: boolean;
}

export type Grade =
  | { ok: true; correct: number; answers: GradedAnswer[] }
  | { ok: false; key: MessageKey; questionId?: number };

/**
 * Exactly one answer per live question, each belonging to its question: a closed question names
 * one of its own answers (correct when that answer is), an open one carries non-empty text (always
 * correct). Anything else is refused whole, so nothing of a bad submission is stored.
 */
export function grade(questions: readonly GradedQuestion[], submitted: readonly SubmittedAnswer[]): Grade {
  const byQuestion = new Map<number, SubmittedAnswer>();
  for (const a of submitted) {
    if (byQuestion.has(a.questionId)) return { ok: false, key: 'quiz.answerInvalid', questionId: a.questionId };
    byQuestion.set(a.questionId, a);
  }
  const live = new Set(questions.map((q) => q.id));
  for (const id of byQuestion.keys()) {
    if (!live.has(id)) return { ok: false, key: 'quiz.questionNotInQuiz', questionId: id };
  }
  const answers: GradedAnswer[] = [];
  for (const q of questions) {
    const a = byQuestion.get(q.id);
    if (!a) return { ok: false, key: 'quiz.answersMissing', questionId: q.id };
    if (q.type === 'text') {
      const text = a.answerText?.trim();
      if (!text) return { ok: false, key: 'quiz.openAnswerRequired', questionId: q.id };
      answers.push({ questionId: q.id, answerId: null, answerText: text, isCorrect: true });
      continue;
    }
    if (a.answerId == null) return { ok: false, key: 'quiz.answerRequired', questionId: q.id };
    const chosen = q.answers.find((x) => x.id === a.answerId);
    if (!chosen) return { ok: false, key: 'quiz.answerNotInQuiz', questionId: q.id };
    answers.push({ questionId: q.id, answerId: chosen.id, answerText: null, isCorrect: chosen.isCorrect });
  }
  return { ok: true, correct: answers.filter((a) => a.isCorrect).length, answers };
}

/** Passed when the correct answers reach the required count; a survey is always passed. */
export const isPassed = (correct: number, required: number, isSurvey: boolean): boolean =>
  isSurvey || correct >= required;

/** Where a rep stands: a passed quiz is done, and so is a one-time quiz already attempted. */
export function repStatus(attempts: number, passed: boolean, isOneTime: boolean) {
  const canTake = !passed && !(isOneTime && attempts > 0);
  return { attempts, passed, done: !canTake, can_take: canTake };
}
