import { rolesWith } from '@incentive/contracts';
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { images, quizAnswers, quizAttempts, quizQuestions, quizzes } from '../../db/schema.ts';
import { containsPattern, direction } from '../../lib/paging.ts';
import { literalLimit, type Placeholders, preparedStatement } from '../../lib/prepared.ts';

/** A quiz a rep may see and take now: active, not deleted, within its dates. */
export const liveSql: SQL = sql`(${quizzes.isActive} and ${quizzes.deletedAt} is null and (${quizzes.startAt} is null or ${quizzes.startAt} <= now()) and (${quizzes.endAt} is null or ${quizzes.endAt} >= now()))`;

/**
 * The next moment the set of live quizzes changes by the clock alone (a quiz's start comes or its
 * end passes), or null: until then, with no write to quizzes, `liveSql` selects the same rows.
 */
export const liveQuizzesChangeAtSql: SQL = sql`(select min(t) from (select ${quizzes.startAt} as t from ${quizzes} where ${quizzes.isActive} and ${quizzes.deletedAt} is null and ${quizzes.startAt} > now() union all select ${quizzes.endAt} from ${quizzes} where ${quizzes.isActive} and ${quizzes.deletedAt} is null and ${quizzes.endAt} >= now()) as quiz_moments)`;

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
function repStatusColumns(userId: number | SQL) {
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
function orderOf(q: { sort: QuizSort; order: 'asc' | 'desc' }): SQL[] {
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

type PageShape = { sort: QuizSort; order: 'asc' | 'desc'; search: boolean; pageSize: number };
type PageValues = { pattern: string | undefined; offset: number; userId: number | undefined };

const searchSql = (search: boolean, p: Placeholders<PageValues>) =>
  search ? sql`lower(${quizzes.name}) like ${p.pattern}` : undefined;

/*
 * A page and its count in one prepared statement per shape (lib/prepared.ts): the count is an
 * uncorrelated subquery, run once. Drizzle writes the columns qualified (the query joins), so in
 * the subquery they name its own FROM. A page past the end has no row to carry the count.
 */
const totalOf = (where: SQL | undefined) =>
  sql<number>`(select count(*) from ${quizzes} where ${where ?? sql`true`})`.mapWith(Number);

const managerWhere = (s: { search: boolean }, p: Placeholders<PageValues>) =>
  and(isNull(quizzes.deletedAt), searchSql(s.search, p));
const repWhere = (s: { search: boolean }, p: Placeholders<PageValues>) => and(liveSql, searchSql(s.search, p));

const runManagerPage = preparedStatement(
  'quizzes.managerPage',
  (db: DbOrTx, s: PageShape, p: Placeholders<PageValues>) =>
    db
      .select({
        ...quizColumns,
        questionsCount: questionsCountSql,
        attemptsCount: attemptsCountSql,
        total: totalOf(managerWhere(s, p)),
      })
      .from(quizzes)
      .leftJoin(images, eq(images.hash, quizzes.imageHash))
      .where(managerWhere(s, p))
      .orderBy(...orderOf(s))
      .limit(literalLimit(s.pageSize))
      .offset(p.offset),
);

const runRepPage = preparedStatement('quizzes.repPage', (db: DbOrTx, s: PageShape, p: Placeholders<PageValues>) =>
  db
    .select({
      ...quizColumns,
      questionsCount: questionsCountSql,
      ...repStatusColumns(sql`${p.userId}::int`),
      total: totalOf(repWhere(s, p)),
    })
    .from(quizzes)
    .leftJoin(images, eq(images.hash, quizzes.imageHash))
    .where(repWhere(s, p))
    .orderBy(...orderOf(s))
    .limit(literalLimit(s.pageSize))
    .offset(p.offset),
);

const countPage = preparedStatement(
  'quizzes.count',
  (db: DbOrTx, s: { search: boolean; rep: boolean }, p: Placeholders<PageValues>) =>
    db
      .select({ n: count() })
      .from(quizzes)
      .where(s.rep ? repWhere(s, p) : managerWhere(s, p)),
);

function shapeOf(q: ListQuery): PageShape {
  return { sort: q.sort, order: q.order, search: Boolean(q.search), pageSize: q.limit };
}

async function split<R extends { total: number }>(rows: R[], offset: number, count: () => Promise<{ n: number }[]>) {
  const total = rows[0] ? rows[0].total : offset > 0 ? ((await count())[0]?.n ?? 0) : 0;
  return { rows: rows.map(({ total: _, ...r }) => r), total };
}

/** The back office's page: every quiz not deleted, inactive drafts too. */
export async function managerPage(db: DbOrTx, q: ListQuery) {
  const values = { pattern: q.search ? containsPattern(q.search) : undefined, offset: q.offset, userId: undefined };
  const rows = await runManagerPage(db, shapeOf(q), values);
  return split(rows, q.offset, () => countPage(db, { search: Boolean(q.search), rep: false }, values));
}

/** The rep's page: live quizzes only, each with the rep's standing. */
export async function repPage(db: DbOrTx, userId: number, q: ListQuery) {
  const values = { pattern: q.search ? containsPattern(q.search) : undefined, offset: q.offset, userId };
  const rows = await runRepPage(db, shapeOf(q), values);
  return split(rows, q.offset, () => countPage(db, { search: Boolean(q.search), rep: true }, values));
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
