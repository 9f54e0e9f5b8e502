import type { Image, Quiz, QuizListRow, RepQuiz, RepQuizListItem } from '@incentive/contracts';
import { formatGrosze } from '../../lib/money.ts';
import { imageOf } from '../media/media.service.ts';
import { repStatus } from './grade.ts';
import type { QuizRow, versionQuestions } from './quiz-read.repo.ts';

/*
 * Rows as the contracts' shapes. The rep's shapes are built field by field from an allow-list:
 * nothing says which answer is correct, at any depth.
 */

type Row = NonNullable<QuizRow>;
type Questions = Awaited<ReturnType<typeof versionQuestions>>;
type ImageRow = { imageHash: string | null; imageWidth: number | null; imageHeight: number | null };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The quiz's image as the API serves it; null without one. */
export function imageJson(r: ImageRow): Image | null {
  return r.imageHash && r.imageWidth !== null && r.imageHeight !== null
    ? imageOf({ hash: r.imageHash, width: r.imageWidth, height: r.imageHeight })
    : null;
}

type BaseRow = Omit<Row, 'attemptsCount' | 'isLive' | 'draftContent' | 'draftImageWidth' | 'draftImageHeight'>;

function base(r: BaseRow) {
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

/**
 * GET /api/quiz/{id} for a quiz manager: everything, the correct answers too, as the editor edits
 * it: an edit of a live quiz waiting for its summary shows its own content and questions.
 */
export function managerQuizJson(r: Row, questions: Questions): Quiz {
  const d = r.draftContent;
  const shown = d
    ? {
        ...r,
        name: d.name,
        lead: d.lead,
        text: d.text,
        videoUrl: d.videoUrl,
        imageHash: d.imageHash,
        imageWidth: r.draftImageWidth,
        imageHeight: r.draftImageHeight,
      }
    : r;
  return {
    ...base(shown),
    is_active: r.isActive,
    version: r.draftVersion,
    live_version: r.liveVersion,
    has_pending_edit: r.liveVersion !== null && r.draftVersion !== r.liveVersion,
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

type RepRow = BaseRow & { liveVersion: number; repAttempts: number; repPassed: boolean };

/** GET /api/quiz/{id} for a rep: the live version's questions and answers without correctness. */
export function repQuizJson(r: RepRow, questions: Questions): RepQuiz {
  return {
    ...base(r),
    version: r.liveVersion,
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

type ListRow = Omit<BaseRow, 'text'> & { text?: string };

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
