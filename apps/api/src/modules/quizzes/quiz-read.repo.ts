import { rolesWith } from '@incentive/contracts';
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { images, quizAnswers, quizAttempts, quizQuestions, quizVersions, quizzes } from '../../db/schema.ts';
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
  liveVersion: quizzes.liveVersion,
  draftVersion: quizzes.draftVersion,
  createdAt: quizzes.createdAt,
  imageHash: images.hash,
  imageWidth: images.width,
  imageHeight: images.height,
};

/** The number of questions of a version (reps: the live one; the back office: the one being edited) of the current quizzes row. */
const questionsCountOf = (version: AnyPgColumn) =>
  sql<number>`(select count(*) from ${quizQuestions} where ${quizQuestions.quizId} = ${quizzes.id} and ${quizQuestions.version} = ${version} and ${quizQuestions.deletedAt} is null)`.mapWith(
    Number,
  );
const questionsCountSql = questionsCountOf(quizzes.liveVersion);
const draftQuestionsCountSql = questionsCountOf(quizzes.draftVersion);

/** The image an edit waiting for its summary would show (draft_content.imageHash). */
const draftImages = alias(images, 'draft_images');
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

/**
 * A quiz that is not deleted, as its editor sees it: the version being edited (its question count;
 * an edit's content waiting for the summary in draftContent, with that content's image), its
 * attempts and whether it is live now.
 */
export async function findQuiz(db: DbOrTx, id: number) {
  const [row] = await db
    .select({
      ...quizColumns,
      questionsCount: draftQuestionsCountSql,
      attemptsCount: attemptsCountSql,
      isLive: isLiveSql,
      draftContent: quizzes.draftContent,
      draftImageWidth: draftImages.width,
      draftImageHeight: draftImages.height,
    })
    .from(quizzes)
    .leftJoin(images, eq(images.hash, quizzes.imageHash))
    .leftJoin(draftImages, sql`${draftImages.hash} = ${quizzes.draftContent}->>'imageHash'`)
    .where(and(eq(quizzes.id, id), isNull(quizzes.deletedAt)));
  return row;
}

/** The grading rules a version of the quiz went live with; undefined for a version that never did. */
export async function versionRules(db: DbOrTx, quizId: number, version: number) {
  const [row] = await db
    .select({ correctAnswers: quizVersions.correctAnswers, isSurvey: quizVersions.isSurvey })
    .from(quizVersions)
    .where(and(eq(quizVersions.quizId, quizId), eq(quizVersions.version, version)));
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
      liveVersion: quizzes.liveVersion,
      isLive: isLiveSql,
    })
    .from(quizzes)
    .where(and(eq(quizzes.id, id), isNull(quizzes.deletedAt)));
  return row;
}

/**
 * The questions of one version of a quiz in order, each with its answers in order: one round trip
 * on quiz_questions_version_idx. A version that has been live never changes; a draft's removed rows
 * are left out.
 */
export async function versionQuestions(db: DbOrTx, quizId: number, version: number) {
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
    .where(and(eq(quizQuestions.quizId, quizId), eq(quizQuestions.version, version), isNull(quizQuestions.deletedAt)))
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
        questionsCount: draftQuestionsCountSql,
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
