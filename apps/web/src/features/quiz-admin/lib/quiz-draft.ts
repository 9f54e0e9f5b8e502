import { POINTS_PER_QUESTION, type QuestionInput, type QuestionType, type Quiz } from '@incentive/contracts';
import type { ImageChange } from '../../../lib/form-data.ts';

/*
 * The editor's working copy of a quiz (SPEC.md sections 2 and 4): the general fields, then the
 * questions with their answers. `uid` names a row in this page (tabs, keys); `id` is the server's,
 * null for a row not saved yet.
 */

export interface AnswerDraft {
  uid: number;
  id: number | null;
  answerText: string;
  isCorrect: boolean;
  /** Added in this session: its fields open in edit mode. */
  fresh: boolean;
}

export interface QuestionDraft {
  uid: number;
  id: number | null;
  questionText: string;
  type: QuestionType;
  /** Kept when a question is switched to open, so switching back restores them; an open question sends none. */
  answers: AnswerDraft[];
  fresh: boolean;
}

export interface GeneralDraft {
  name: string;
  lead: string;
  text: string;
  videoUrl: string;
  image: ImageChange;
}

export const EMPTY_GENERAL: GeneralDraft = { name: '', lead: '', text: '', videoUrl: '', image: { kind: 'keep' } };

let nextUid = 1;
export const newUid = () => nextUid++;

export function newAnswer(): AnswerDraft {
  // SPEC.md section 4: a new answer (and the first of a new question) starts as incorrect.
  return { uid: newUid(), id: null, answerText: '', isCorrect: false, fresh: true };
}

export function newQuestion(): QuestionDraft {
  return { uid: newUid(), id: null, questionText: '', type: 'multiple_choice', answers: [newAnswer()], fresh: true };
}

/** The loaded quiz as the editor's working copy (its fields start in read mode). */
export function draftFromQuiz(quiz: Quiz): { general: GeneralDraft; questions: QuestionDraft[] } {
  return {
    general: {
      name: quiz.name,
      lead: quiz.lead,
      text: quiz.text,
      videoUrl: quiz.video_url ?? '',
      image: { kind: 'keep' },
    },
    questions: quiz.questions.map((q) => ({
      uid: newUid(),
      id: q.id,
      questionText: q.question_text,
      type: q.type,
      fresh: false,
      answers:
        q.answers.length > 0
          ? q.answers.map((a) => ({
              uid: newUid(),
              id: a.id,
              answerText: a.answer_text,
              isCorrect: a.is_correct,
              fresh: false,
            }))
          : [newAnswer()],
    })),
  };
}

/** Text of a rich field without its tags: an editor left with `<p></p>` is empty. */
export const isBlankHtml = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() === '';

export const generalFilled = (g: GeneralDraft) => g.name.trim() !== '' && g.lead.trim() !== '' && !isBlankHtml(g.text);

/** The `questions` JSON field: points are always 10; an open question carries no answers. */
export function questionsPayload(questions: QuestionDraft[]): QuestionInput[] {
  return questions.map((q) => ({
    id: q.id,
    questionText: q.questionText,
    type: q.type,
    points: POINTS_PER_QUESTION,
    answers:
      q.type === 'text'
        ? []
        : q.answers.map((a) => ({ id: a.id, answerText: a.answerText.trim(), isCorrect: a.isCorrect })),
  }));
}

/** The first thing the save refuses (SPEC.md section 5), in tab order, so the page can select its tab. */
export type DraftProblem =
  | { kind: 'noQuestions' }
  | { kind: 'question'; questionUid: number }
  | { kind: 'answer'; questionUid: number; answerUid: number }
  | { kind: 'noCorrect'; questionUid: number; answerUid: number; number: number };

/**
 * `needsCorrect`: a quiz that is not a survey must mark a correct answer on every closed question,
 * or its summary is refused (issue 27 point 1); the editor says so first.
 */
export function firstProblem(questions: QuestionDraft[], opts: { needsCorrect?: boolean } = {}): DraftProblem | null {
  if (questions.length === 0) return { kind: 'noQuestions' };
  for (const [i, q] of questions.entries()) {
    if (isBlankHtml(q.questionText)) return { kind: 'question', questionUid: q.uid };
    if (q.type === 'text') continue;
    const blank = q.answers.find((a) => a.answerText.trim() === '');
    if (blank) return { kind: 'answer', questionUid: q.uid, answerUid: blank.uid };
    const first = q.answers[0];
    if (opts.needsCorrect && first && !q.answers.some((a) => a.isCorrect)) {
      return { kind: 'noCorrect', questionUid: q.uid, answerUid: first.uid, number: i + 1 };
    }
  }
  return null;
}

/** The closed questions (1-based numbers) without a correct answer: fine for a survey only. */
export const questionsWithoutCorrect = (questions: QuestionDraft[]) =>
  questions.flatMap((q, i) => (q.type === 'multiple_choice' && !q.answers.some((a) => a.isCorrect) ? [i + 1] : []));
