import { QUIZ_DATE_FORMAT, type Quiz } from '@incentive/contracts';
import { dayjs } from '../../../lib/dayjs.ts';

/** The summary form's own fields (besides the general ones), as the inputs hold them. */
export interface SummaryValues {
  dateFrom: string | null;
  dateTo: string | null;
  isOneTime: boolean;
  isSurvey: boolean;
  price: number | string;
  correctAnswers: number | string;
}

/** From the loaded quiz; a quiz never summarised starts one-time, not a survey (SPEC.md section 4). */
export function summaryFromQuiz(quiz: Quiz): SummaryValues {
  const day = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD') : null);
  return {
    dateFrom: day(quiz.start_at),
    dateTo: day(quiz.end_at),
    isOneTime: quiz.is_active ? quiz.is_one_time : true,
    isSurvey: quiz.is_active ? quiz.is_questionnaire : false,
    // A draft has no reward yet: the field starts empty, so 'Uzupełnij pole nagroda' asks for one.
    price: quiz.is_active ? Number(quiz.value) : '',
    correctAnswers: quiz.correct_answers,
  };
}

/** 'YYYY.MM.DD HH:mm:ss' as the API reads it: a start from midnight, an end until 23:59:59 of its day. */
export function apiDate(day: string, edge: 'start' | 'end'): string {
  const d = dayjs(day);
  return (edge === 'start' ? d.startOf('day') : d.endOf('day')).format(QUIZ_DATE_FORMAT);
}
