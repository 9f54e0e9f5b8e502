import { QUIZ_DATE_FORMAT, type Quiz, warsawDay } from '@incentive/contracts';
import { dayjs } from '../../../lib/dayjs.ts';

/** The Warsaw calendar day of an instant, 'YYYY-MM-DD', whatever the browser's time zone (the programme runs on Warsaw days). */
export const programmeDay = (iso: string) => warsawDay(iso);

/** DD-MM-YYYY of a Warsaw day (the one date display, decision 046). */
export const displayDay = (iso: string) => programmeDay(iso).split('-').reverse().join('-');

/** The summary form's own fields (besides the general ones), as the inputs hold them. */
export interface SummaryValues {
  dateFrom: string | null;
  dateTo: string | null;
  isOneTime: boolean;
  isSurvey: boolean;
  price: number | string;
  correctAnswers: number | string;
}

/**
 * From the loaded quiz. A quiz never summarised (no dates yet) starts one-time, not a survey
 * (SPEC.md section 4), with an empty reward so 'Uzupełnij pole nagroda' asks for one; an edited quiz
 * (inactive again until this form is saved) keeps what its last summary set.
 */
export function summaryFromQuiz(quiz: Quiz): SummaryValues {
  const day = (iso: string | null) => (iso ? programmeDay(iso) : null);
  const summarised = quiz.start_at !== null;
  return {
    dateFrom: day(quiz.start_at),
    dateTo: day(quiz.end_at),
    isOneTime: summarised ? quiz.is_one_time : true,
    isSurvey: summarised ? quiz.is_questionnaire : false,
    price: summarised ? Number(quiz.value) : '',
    correctAnswers: proposedCorrectAnswers(quiz),
  };
}

/**
 * The required correct answers the form proposes (issue 27 point 1): the number of questions for a
 * quiz never summarised, or when the saved count no longer fits (0 on a quiz, or more than the
 * questions an edit left); else what the last summary set.
 */
export function proposedCorrectAnswers(quiz: Quiz): number {
  const count = quiz.answers_count;
  if (quiz.start_at === null) return count;
  if (quiz.correct_answers > count) return count;
  if (!quiz.is_questionnaire && quiz.correct_answers < 1) return count;
  return quiz.correct_answers;
}

/** 'YYYY.MM.DD HH:mm:ss' as the API reads it: a start from midnight, an end until 23:59:59 of its day. */
export function apiDate(day: string, edge: 'start' | 'end'): string {
  const d = dayjs(day);
  return (edge === 'start' ? d.startOf('day') : d.endOf('day')).format(QUIZ_DATE_FORMAT);
}
