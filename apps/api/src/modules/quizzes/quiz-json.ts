import type { Image, Quiz, QuizListRow, RepQuiz, RepQuizListItem } from '@incentive/contracts';
import { formatGrosze } from '../../lib/money.ts';
import { imageOf } from '../media/media.service.ts';
import { repStatus } from './grade.ts';
import type { liveQuestions, QuizRow } from './quiz-read.repo.ts';

/*
 * Rows as the contracts' shapes. The rep's shapes are built field by field from an allow-list:
 * nothing says which answer is correct, at any depth.
 */

type Row = NonNullable<QuizRow>;
type Questions = Awaited<ReturnType<typeof liveQuestions>>;
type ImageRow = { imageHash: string | null; imageWidth: number | null; imageHeight: number | null };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The quiz's image as the API serves it; null without one. */
export function imageJson(r: ImageRow): Image | null {
  return r.imageHash && r.imageWidth !== null && r.imageHeight !== null
    ? imageOf({ hash: r.imageHash, width: r.imageWidth, height: r.imageHeight })
    : null;
}

function base(r: Omit<Row, 'attemptsCount' | 'isLive'>) {
  return {
    id: r.id,
    name: r.name,
    lead: r.lead,
    text: r.text,
    video_url: r.videoUrl,
    image: imageJson(r),
    value: formatGrosze(r.reward),
    correct_answers: r.correctAnswers,
    answers_count: r.questionsCount,
    start_at: iso(r.startAt),
    end_at: iso(r.endAt),
    is_one_time: r.isOneTime,
    is_questionnaire: r.isSurvey,
    created_at: r.createdAt.toISOString(),
  };
}

/** GET /api/quiz/{id} for a quiz manager: everything, the correct answers too. */
export function managerQuizJson(r: Row, questions: Questions): Quiz {
  return {
    ...base(r),
    is_active: r.isActive,
    attempts_count: r.attemptsCount,
    questions: questions.map((q) => ({
      id: q.id,
      question_text: q.questionText,
      type: q.type,
      points: q.points,
      answers: q.answers.map((a) => ({ id: a.id, answer_text: a.answerText, is_correct: a.isCorrect })),
    })),
  };
}

type RepRow = Omit<Row, 'attemptsCount'> & { repAttempts: number; repPassed: boolean };

/** GET /api/quiz/{id} for a rep: the questions and answers without correctness. */
export function repQuizJson(r: RepRow, questions: Questions): RepQuiz {
  return {
    ...base(r),
    status: repStatus(r.repAttempts, r.repPassed, r.isOneTime),
    questions: questions.map((q) => ({
      id: q.id,
      question_text: q.questionText,
      type: q.type,
      points: q.points,
      answers: q.answers.map((a) => ({ id: a.id, answer_text: a.answerText })),
    })),
  };
}

type ListRow = Omit<Row, 'isLive' | 'attemptsCount' | 'text'> & { text?: string };

export function managerRowJson(r: ListRow & { attemptsCount: number }): QuizListRow {
  return {
    id: r.id,
    name: r.name,
    lead: r.lead,
    image: imageJson(r),
    video_url: r.videoUrl,
    value: formatGrosze(r.reward),
    start_at: iso(r.startAt),
    end_at: iso(r.endAt),
    is_one_time: r.isOneTime,
    is_questionnaire: r.isSurvey,
    is_active: r.isActive,
    answers_count: r.questionsCount,
    attempts_count: r.attemptsCount,
    created_at: r.createdAt.toISOString(),
  };
}

export function repRowJson(r: ListRow & { repAttempts: number; repPassed: boolean }): RepQuizListItem {
  return {
    id: r.id,
    name: r.name,
    lead: r.lead,
    image: imageJson(r),
    video_url: r.videoUrl,
    value: formatGrosze(r.reward),
    end_at: iso(r.endAt),
    is_one_time: r.isOneTime,
    is_questionnaire: r.isSurvey,
    answers_count: r.questionsCount,
    status: repStatus(r.repAttempts, r.repPassed, r.isOneTime),
  };
}
