import { and, asc, count, countDistinct, desc, eq, gt, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { quizAnswers, quizAttemptAnswers, quizAttempts, quizQuestions, quizzes, users } from '../../db/schema.ts';
import { containsPattern, direction } from '../../lib/paging.ts';

/** Attempts, reps, passes and rewards of one quiz (plan: quiz_attempts_quiz_idx; the test checks it). */
export function attemptTotalsQuery(db: DbOrTx, quizId: number) {
  return db
    .select({
      attempts: count(),
      reps: countDistinct(quizAttempts.userId),
      passed: sql<number>`count(*) filter (where ${quizAttempts.passed})`.mapWith(Number),
      rewardsCount: sql<number>`count(*) filter (where ${quizAttempts.reward} > 0)`.mapWith(Number),
      rewardsPaid: sql<number>`coalesce(sum(${quizAttempts.reward}), 0)`.mapWith(Number),
    })
    .from(quizAttempts)
    .where(eq(quizAttempts.quizId, quizId));
}

export async function attemptTotals(db: DbOrTx, quizId: number) {
  const [row] = await attemptTotalsQuery(db, quizId);
  return row ?? { attempts: 0, reps: 0, passed: 0, rewardsCount: 0, rewardsPaid: 0 };
}

/** How often each answer was chosen and each open question answered, over all attempts. */
export async function answerCounts(db: DbOrTx, quizId: number) {
  return db
    .select({ questionId: quizAttemptAnswers.questionId, answerId: quizAttemptAnswers.answerId, n: count() })
    .from(quizAttemptAnswers)
    .innerJoin(quizAttempts, eq(quizAttempts.id, quizAttemptAnswers.attemptId))
    .where(eq(quizAttempts.quizId, quizId))
    .groupBy(quizAttemptAnswers.questionId, quizAttemptAnswers.answerId);
}

/** Whether the question is (or was) one of the quiz's open questions. */
export async function openQuestionOf(db: DbOrTx, quizId: number, questionId: number) {
  const [row] = await db
    .select({ id: quizQuestions.id })
    .from(quizQuestions)
    .where(and(eq(quizQuestions.id, questionId), eq(quizQuestions.quizId, quizId), eq(quizQuestions.type, 'text')));
  return row;
}

/** One page of the typed answers to an open question, newest first. */
export async function openAnswersPage(
  db: DbOrTx,
  questionId: number,
  q: { search?: string; limit: number; offset: number },
) {
  const where = and(
    eq(quizAttemptAnswers.questionId, questionId),
    isNotNull(quizAttemptAnswers.answerText),
    q.search ? sql`lower(${quizAttemptAnswers.answerText}) like ${containsPattern(q.search)}` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        attemptId: quizAttempts.id,
        userId: quizAttempts.userId,
        email: users.email,
        answerText: quizAttemptAnswers.answerText,
        createdAt: quizAttempts.createdAt,
      })
      .from(quizAttemptAnswers)
      .innerJoin(quizAttempts, eq(quizAttempts.id, quizAttemptAnswers.attemptId))
      .innerJoin(users, eq(users.id, quizAttempts.userId))
      .where(where)
      .orderBy(desc(quizAttempts.createdAt), desc(quizAttempts.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(quizAttemptAnswers).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The quiz's questions for the CSV's columns: the live ones and removed ones that attempts answered. */
export async function exportQuestions(db: DbOrTx, quizId: number) {
  return db
    .select({ id: quizQuestions.id, questionText: quizQuestions.questionText })
    .from(quizQuestions)
    .where(
      and(
        eq(quizQuestions.quizId, quizId),
        or(
          isNull(quizQuestions.deletedAt),
          sql`exists (select 1 from ${quizAttemptAnswers} where ${quizAttemptAnswers.questionId} = ${quizQuestions.id})`,
        ),
      ),
    )
    .orderBy(
      asc(quizQuestions.deletedAt),
      asc(quizQuestions.version),
      asc(quizQuestions.position),
      asc(quizQuestions.id),
    );
}

export const EXPORT_CHUNK = 500;

/** Attempts after `afterId` (keyset), with the rep and what it answered per question id. */
export async function exportChunk(db: DbOrTx, quizId: number, afterId: number) {
  return db
    .select({
      id: quizAttempts.id,
      email: users.email,
      name: users.name,
      surname: users.surname,
      createdAt: quizAttempts.createdAt,
      correctCount: quizAttempts.correctCount,
      requiredCount: quizAttempts.requiredCount,
      passed: quizAttempts.passed,
      reward: quizAttempts.reward,
      answers: sql<Record<
        string,
        string
      > | null>`(select json_object_agg(${quizAttemptAnswers.questionId}, coalesce(${quizAttemptAnswers.answerText}, ${quizAnswers.answerText})) from ${quizAttemptAnswers} left join ${quizAnswers} on ${quizAnswers.id} = ${quizAttemptAnswers.answerId} where ${quizAttemptAnswers.attemptId} = ${quizAttempts.id})`,
    })
    .from(quizAttempts)
    .innerJoin(users, eq(users.id, quizAttempts.userId))
    .where(and(eq(quizAttempts.quizId, quizId), gt(quizAttempts.id, afterId)))
    .orderBy(asc(quizAttempts.id))
    .limit(EXPORT_CHUNK);
}

export type AttemptSort = 'id' | 'created_at' | 'quiz_name' | 'correct_answers_count' | 'reward';

type AttemptPageQuery = { sort: AttemptSort; order: 'asc' | 'desc'; search?: string; limit: number; offset: number };

const attemptsWhere = (userId: number, q: AttemptPageQuery) =>
  and(
    eq(quizAttempts.userId, userId),
    q.search ? sql`lower(${quizzes.name}) like ${containsPattern(q.search)}` : undefined,
  );

/** One page of a user's attempts with the quiz's name (deleted quizzes too: the money stays). Plan: quiz_attempts_user_idx (the test checks it). */
export function userAttemptsQuery(db: DbOrTx, userId: number, q: AttemptPageQuery) {
  const dir = direction(q.order);
  const column: SQL = {
    id: sql`${quizAttempts.id}`,
    created_at: sql`${quizAttempts.createdAt}`,
    quiz_name: sql`${quizzes.nameKey}`,
    correct_answers_count: sql`${quizAttempts.correctCount}`,
    reward: sql`${quizAttempts.reward}`,
  }[q.sort];
  return db
    .select({
      id: quizAttempts.id,
      quizId: quizAttempts.quizId,
      quizName: quizzes.name,
      isSurvey: quizAttempts.isSurvey,
      createdAt: quizAttempts.createdAt,
      correctCount: quizAttempts.correctCount,
      requiredCount: quizAttempts.requiredCount,
      questionsCount: quizAttempts.questionsCount,
      passed: quizAttempts.passed,
      reward: quizAttempts.reward,
    })
    .from(quizAttempts)
    .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
    .where(attemptsWhere(userId, q))
    .orderBy(sql`${column} ${dir}`, sql`${quizAttempts.id} ${dir}`)
    .limit(q.limit)
    .offset(q.offset);
}

export async function userAttemptsPage(db: DbOrTx, userId: number, q: AttemptPageQuery) {
  const [rows, [total]] = await Promise.all([
    userAttemptsQuery(db, userId, q),
    db
      .select({ n: count() })
      .from(quizAttempts)
      .innerJoin(quizzes, eq(quizzes.id, quizAttempts.quizId))
      .where(attemptsWhere(userId, q)),
  ]);
  return { rows, total: total?.n ?? 0 };
}
