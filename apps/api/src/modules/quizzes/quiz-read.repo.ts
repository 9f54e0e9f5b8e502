import { rolesWith } from '@incentive/contracts';
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { images, quizAnswers, quizAttempts, quizQuestions, quizzes } from '../../db/schema.ts';
import { containsPattern, direction } from '../../lib/paging.ts';

/** A quiz a rep may see and take now: active, not deleted, within its dates. */
export const liveSql: SQL = sql`(${quizzes.isActive} and ${quizzes.deletedAt} is null and (${quizzes.startAt} is null or ${quizzes.startAt} <= now()) and (${quizzes.endAt} is null or ${quizzes.endAt} >= now()))`;

/**
 * The rewards (grosze) of the live quizzes a user may still take: not passed, and for a one-time
 * quiz not attempted. 0 for roles that do not take quizzes. `userId` and `role` are the outer
 * query's users columns.
 */
export function moneyToGetSql(userId: SQL | AnyPgColumn, role: SQL | AnyPgColumn): SQL<number> {
  const takers = sql.join(
    rolesWith('quizzes.take').map((r) => sql`${r}`),
    sql`, `,
  );
  return sql<number>`case when ${role} in (${takers}) then coalesce((select sum(${quizzes.reward}) from ${quizzes} where ${liveSql} and not exists (select 1 from ${quizAttempts} where ${quizAttempts.quizId} = ${quizzes.id} and ${quizAttempts.userId} = ${userId} and (${quizAttempts.passed} or ${quizzes.isOneTime}))), 0) else 0 end`;
}

export const isLiveSql = sql<boolean>`${liveSql}`.mapWith(Boolean);

const quizColumns = {
  id: quizzes.id,
  name: quizzes.name,
  lead: quizzes.lead,
  text: quizzes.text,
  videoUrl: quizzes.videoUrl,
  reward: quizzes.reward,
  correctAnswers: quizzes.correctAnswers,
  startAt: quizzes.startAt,
  endAt: quizzes.endAt,
  isOneTime: quizzes.isOneTime,
  isSurvey: quizzes.isSurvey,
  isActive: quizzes.isActive,
  createdAt: quizzes.createdAt,
  imageHash: images.hash,
  imageWidth: images.width,
  imageHeight: images.height,
};

/** The number of live questions of the current quizzes row. */
const questionsCountSql =
  sql<number>`(select count(*) from ${quizQuestions} where ${quizQuestions.quizId} = ${quizzes.id} and ${quizQuestions.deletedAt} is null)`.mapWith(
    Number,
  );
const attemptsCountSql =
  sql<number>`(select count(*) from ${quizAttempts} where ${quizAttempts.quizId} = ${quizzes.id})`.mapWith(Number);

/** A rep's attempts at the current quizzes row and whether one passed. */
function repStatusColumns(userId: number) {
  return {
    repAttempts:
      sql<number>`(select count(*) from ${quizAttempts} where ${quizAttempts.quizId} = ${quizzes.id} and ${quizAttempts.userId} = ${userId})`.mapWith(
        Number,
      ),
    repPassed:
      sql<boolean>`exists (select 1 from ${quizAttempts} where ${quizAttempts.quizId} = ${quizzes.id} and ${quizAttempts.userId} = ${userId} and ${quizAttempts.passed})`.mapWith(
        Boolean,
      ),
  };
}

export type QuizRow = Awaited<ReturnType<typeof findQuiz>>;

/** A quiz that is not deleted, with its image, question count, attempts and whether it is live now. */
export async function findQuiz(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      ...quizColumns,
      questionsCount: questionsCountSql,
      attemptsCount: attemptsCountSql,
      isLive: isLiveSql,
    })
    .from(quizzes)
    .leftJoin(images, eq(images.hash, quizzes.imageHash))
    .where(and(eq(quizzes.id, id), isNull(quizzes.deletedAt)));
  return row;
}

/** The same quiz with the rep's standing, for the rep's view. */
export async function findQuizForRep(db: DbOrTx, id: number, userId: number) {
  const [row] = await db
    .select({ ...quizColumns, questionsCount: questionsCountSql, isLive: isLiveSql, ...repStatusColumns(userId) })
    .from(quizzes)
    .leftJoin(images, eq(images.hash, quizzes.imageHash))
    .where(and(eq(quizzes.id, id), isNull(quizzes.deletedAt)));
  return row;
}

/** What a submit needs of a quiz that is not deleted: its rules and whether it is live now (no counts, no image). */
export async function quizForSubmit(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      name: quizzes.name,
      reward: quizzes.reward,
      correctAnswers: quizzes.correctAnswers,
      isOneTime: quizzes.isOneTime,
      isSurvey: quizzes.isSurvey,
      isActive: quizzes.isActive,
      isLive: isLiveSql,
    })
    .from(quizzes)
    .where(and(eq(quizzes.id, id), isNull(quizzes.deletedAt)));
  return row;
}

/** The live questions of a quiz in order, each with its live answers in order: one round trip. */
export async function liveQuestions(db: DbOrTx, quizId: number) {
  const rows = await db
    .select({
      id: quizQuestions.id,
      questionText: quizQuestions.questionText,
      type: quizQuestions.type,
      points: quizQuestions.points,
      answerId: quizAnswers.id,
      answerText: quizAnswers.answerText,
      isCorrect: quizAnswers.isCorrect,
    })
    .from(quizQuestions)
    .leftJoin(quizAnswers, and(eq(quizAnswers.questionId, quizQuestions.id), isNull(quizAnswers.deletedAt)))
    .where(and(eq(quizQuestions.quizId, quizId), isNull(quizQuestions.deletedAt)))
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.id), asc(quizAnswers.position), asc(quizAnswers.id));
  const questions: {
    id: number;
    questionText: string;
    type: 'multiple_choice' | 'text';
    points: number;
    answers: { id: number; answerText: string; isCorrect: boolean }[];
  }[] = [];
  for (const r of rows) {
    let q = questions[questions.length - 1];
    if (q?.id !== r.id) {
      q = {
        id: r.id,
        questionText: r.questionText,
        type: r.type as 'multiple_choice' | 'text',
        points: r.points,
        answers: [],
      };
      questions.push(q);
    }
    if (r.answerId !== null && r.answerText !== null && r.isCorrect !== null) {
      q.answers.push({ id: r.answerId, answerText: r.answerText, isCorrect: r.isCorrect });
    }
  }
  return questions;
}

export type QuizSort = 'id' | 'name' | 'start_at' | 'end_at' | 'value' | 'created_at';
export interface ListQuery {
  sort: QuizSort;
  order: 'asc' | 'desc';
  search?: string;
  limit: number;
  offset: number;
}

/** Allow-listed sort columns; name sorts by its Polish key; ties by id. */
function orderOf(q: ListQuery): SQL[] {
  const dir = direction(q.order);
  const column = {
    id: sql`${quizzes.id}`,
    name: sql`${quizzes.nameKey}`,
    start_at: sql`${quizzes.startAt}`,
    end_at: sql`${quizzes.endAt}`,
    value: sql`${quizzes.reward}`,
    created_at: sql`${quizzes.createdAt}`,
  }[q.sort];
  const nulls = sql.raw(q.order === 'desc' ? 'nulls last' : 'nulls first');
  return q.sort === 'id' ? [sql`${quizzes.id} ${dir}`] : [sql`${column} ${dir} ${nulls}`, sql`${quizzes.id} ${dir}`];
}

const searchSql = (search: string | undefined) =>
  search ? sql`lower(${quizzes.name}) like ${containsPattern(search)}` : undefined;

/** The back office's page: every quiz not deleted, inactive drafts too. */
export async function managerPage(db: DbOrTx, q: ListQuery) {
  const where = and(isNull(quizzes.deletedAt), searchSql(q.search));
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...quizColumns, questionsCount: questionsCountSql, attemptsCount: attemptsCountSql })
      .from(quizzes)
      .leftJoin(images, eq(images.hash, quizzes.imageHash))
      .where(where)
      .orderBy(...orderOf(q))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(quizzes).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The rep's page: live quizzes only, each with the rep's standing. */
export async function repPage(db: DbOrTx, userId: number, q: ListQuery) {
  const where = and(liveSql, searchSql(q.search));
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...quizColumns, questionsCount: questionsCountSql, ...repStatusColumns(userId) })
      .from(quizzes)
      .leftJoin(images, eq(images.hash, quizzes.imageHash))
      .where(where)
      .orderBy(...orderOf(q))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(quizzes).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Which of these question ids belong to the quiz (deleted ones included: ids stay the quiz's). */
export async function questionIdsOf(db: DbOrTx, quizId: number, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: quizQuestions.id })
    .from(quizQuestions)
    .where(and(eq(quizQuestions.quizId, quizId), inArray(quizQuestions.id, ids)));
  return new Set(rows.map((r) => r.id));
}

/** Which answer ids belong to the question. */
export async function answerIdsOf(db: DbOrTx, quizId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ id: quizAnswers.id, questionId: quizAnswers.questionId })
    .from(quizAnswers)
    .innerJoin(quizQuestions, eq(quizQuestions.id, quizAnswers.questionId))
    .where(and(eq(quizQuestions.quizId, quizId), inArray(quizAnswers.id, ids)));
  return new Map(rows.map((r) => [r.id, r.questionId]));
}
