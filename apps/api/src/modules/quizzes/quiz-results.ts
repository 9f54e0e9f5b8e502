import type { openAnswerSchema, Paged, QuizAttemptRow, QuizResults, Role } from '@incentive/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { formatGrosze } from '../../lib/money.ts';
import { offsetOf, paged, searchTerm } from '../../lib/paging.ts';
import { canReadUser, findActiveUserById } from '../access/access.service.ts';
import { findQuiz, versionQuestions } from './quiz-read.repo.ts';
import * as repo from './results.repo.ts';

type Actor = { id: number; role: Role; warehouseIds?: number[] | null };

async function quizOrNotFound(db: Db, id: number) {
  const quiz = await findQuiz(db, id);
  if (!quiz) throw notFound('quiz.notFound');
  return quiz;
}

/** GET /api/quiz/{id}/results: attempts, pass rate, rewards and how often each answer was chosen. */
export async function quizResults(db: Db, id: number): Promise<QuizResults> {
  const quiz = await quizOrNotFound(db, id);
  const [totals, questions, counts] = await Promise.all([
    repo.attemptTotals(db, id),
    // The live version's questions (the one being edited before the first summary).
    versionQuestions(db, id, quiz.liveVersion ?? quiz.draftVersion),
    repo.answerCounts(db, id),
  ]);
  const countOf = (questionId: number, answerId: number | null) =>
    counts.filter((c) => c.questionId === questionId && c.answerId === answerId).reduce((s, c) => s + c.n, 0);
  return {
    id: quiz.id,
    name: quiz.name,
    is_questionnaire: quiz.isSurvey,
    value: formatGrosze(quiz.reward),
    attempts: totals.attempts,
    reps: totals.reps,
    passed_attempts: totals.passed,
    pass_rate: totals.attempts ? totals.passed / totals.attempts : 0,
    rewards_count: totals.rewardsCount,
    rewards_paid: formatGrosze(totals.rewardsPaid),
    questions: questions.map((q) => ({
      id: q.id,
      question_text: q.questionText,
      type: q.type,
      points: q.points,
      answers: q.answers.map((a) => ({
        id: a.id,
        answer_text: a.answerText,
        is_correct: a.isCorrect,
        count: countOf(q.id, a.id),
      })),
      open_answers_count: q.type === 'text' ? countOf(q.id, null) : 0,
    })),
  };
}

/** GET /api/quiz/{id}/open-answers: what reps typed to one open question, newest first. */
export async function openAnswers(
  db: Db,
  id: number,
  q: { question_id: number; page: number; per_page: number; search?: string },
): Promise<Paged<z.infer<typeof openAnswerSchema>>> {
  await quizOrNotFound(db, id);
  if (!(await repo.openQuestionOf(db, id, q.question_id))) throw new AppError(404, 'quiz.questionNotInQuiz');
  const { rows, total } = await repo.openAnswersPage(db, q.question_id, {
    search: searchTerm(q.search),
    limit: q.per_page,
    offset: offsetOf(q.page, q.per_page),
  });
  return paged(
    rows.map((r) => ({
      attempt_id: r.attemptId,
      user_id: r.userId,
      email: r.email,
      answer_text: r.answerText ?? '',
      created_at: r.createdAt.toISOString(),
    })),
    total,
    q.page,
    q.per_page,
  );
}

/** Strips a question's HTML to one line of text for a CSV header. */
export function plainText(html: string): string {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, e: string) => entities[e] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** GET /api/quiz/{id}/results.csv: the questions (columns) and the attempts in chunks (rows). */
export async function exportResults(db: Db, id: number) {
  await quizOrNotFound(db, id);
  const questions = await repo.exportQuestions(db, id);
  async function* chunks() {
    let after = 0;
    for (;;) {
      const rows = await repo.exportChunk(db, id, after);
      if (rows.length > 0) yield rows;
      if (rows.length < repo.EXPORT_CHUNK) return;
      after = rows[rows.length - 1]!.id;
    }
  }
  return { questions: questions.map((q) => ({ id: q.id, text: plainText(q.questionText) })), chunks: chunks() };
}

/**
 * GET /api/users/{id}/quiz: a rep's attempts for the rep details' quiz tab, for whoever may read
 * that user (a scoped manager only within its warehouses); anyone else gets a 404 as for users.
 */
export async function userAttempts(
  db: Db,
  actor: Actor,
  userId: number,
  q: {
    page: number;
    per_page: number;
    sort: repo.AttemptSort;
    order: 'asc' | 'desc';
    search?: string;
  },
): Promise<Paged<QuizAttemptRow>> {
  const target = await findActiveUserById(db, userId);
  if (!target || !(await canReadUser(db, actor, { id: userId, role: target.role as Role }))) {
    throw notFound('users.notFound');
  }
  const { rows, total } = await repo.userAttemptsPage(db, userId, {
    sort: q.sort,
    order: q.order,
    search: searchTerm(q.search),
    limit: q.per_page,
    offset: offsetOf(q.page, q.per_page),
  });
  return paged(
    rows.map((r) => ({
      id: r.id,
      quiz_id: r.quizId,
      quiz_name: r.quizName,
      is_questionnaire: r.isSurvey,
      created_at: r.createdAt.toISOString(),
      correct_answers_count: r.correctCount,
      required_correct_answers: r.requiredCount,
      questions_count: r.questionsCount,
      passed: r.passed,
      reward: formatGrosze(r.reward),
    })),
    total,
    q.page,
    q.per_page,
  );
}
