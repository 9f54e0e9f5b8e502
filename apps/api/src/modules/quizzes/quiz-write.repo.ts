import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type QuizDraftContent, quizAnswers, quizQuestions, quizVersions, quizzes } from '../../db/schema.ts';

/** Marks a quiz deleted; false when there was none to delete. */
export async function softDeleteQuiz(db: DbOrTx, id: number): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(quizzes)
    .set({ deletedAt: now, updatedAt: now })
    .where(and(eq(quizzes.id, id), isNull(quizzes.deletedAt)))
    .returning({ id: quizzes.id });
  return rows.length > 0;
}

export interface QuizContent {
  name: string;
  lead: string;
  text: string;
  videoUrl: string | null;
}

/** A new quiz: inactive until its summary is saved. */
export async function insertQuiz(
  tx: DbOrTx,
  c: QuizContent & { imageHash: string | null; createdBy: number },
): Promise<number> {
  const [row] = await tx
    .insert(quizzes)
    .values({ ...c, isActive: false })
    .returning({ id: quizzes.id });
  if (!row) throw new Error('quiz insert returned nothing');
  return row.id;
}

/** Locks a quiz that is not deleted against a parallel edit; undefined when there is none. */
export async function lockQuiz(tx: DbOrTx, id: number) {
  const [row] = await tx
    .select({
      id: quizzes.id,
      imageHash: quizzes.imageHash,
      liveVersion: quizzes.liveVersion,
      draftVersion: quizzes.draftVersion,
      draftContent: quizzes.draftContent,
    })
    .from(quizzes)
    .where(and(eq(quizzes.id, id), isNull(quizzes.deletedAt)))
    .for('update');
  return row;
}

/** Sets the quiz's columns; `imageHash` undefined keeps the image. */
export async function updateQuiz(
  tx: DbOrTx,
  id: number,
  set: Partial<QuizContent> & {
    imageHash?: string | null;
    reward?: number;
    correctAnswers?: number;
    startAt?: Date;
    endAt?: Date;
    isOneTime?: boolean;
    isSurvey?: boolean;
    isActive?: boolean;
    liveVersion?: number;
    draftVersion?: number;
    draftContent?: QuizDraftContent | null;
  },
) {
  await tx
    .update(quizzes)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(quizzes.id, id));
}

/** The questions of one version of the quiz and their answers' ids, to match an edit against. */
export async function versionStructure(tx: DbOrTx, quizId: number, version: number) {
  const ofVersion = and(
    eq(quizQuestions.quizId, quizId),
    eq(quizQuestions.version, version),
    isNull(quizQuestions.deletedAt),
  );
  const [questions, answers] = await Promise.all([
    tx.select({ id: quizQuestions.id }).from(quizQuestions).where(ofVersion),
    tx
      .select({ id: quizAnswers.id, questionId: quizAnswers.questionId })
      .from(quizAnswers)
      .innerJoin(quizQuestions, eq(quizQuestions.id, quizAnswers.questionId))
      .where(and(ofVersion, isNull(quizAnswers.deletedAt))),
  ]);
  return {
    questionIds: new Set(questions.map((q) => q.id)),
    answerQuestion: new Map(answers.map((a) => [a.id, a.questionId])),
  };
}

export interface QuestionValues {
  position: number;
  questionText: string;
  type: 'multiple_choice' | 'text';
  points: number;
}
export interface AnswerValues {
  position: number;
  answerText: string;
  isCorrect: boolean;
}

export async function insertQuestion(tx: DbOrTx, quizId: number, version: number, q: QuestionValues): Promise<number> {
  const [row] = await tx
    .insert(quizQuestions)
    .values({ ...q, quizId, version })
    .returning({ id: quizQuestions.id });
  if (!row) throw new Error('question insert returned nothing');
  return row.id;
}

export async function updateQuestion(tx: DbOrTx, id: number, q: QuestionValues) {
  await tx.update(quizQuestions).set(q).where(eq(quizQuestions.id, id));
}

export async function insertAnswers(tx: DbOrTx, questionId: number, answers: AnswerValues[]) {
  if (answers.length === 0) return;
  await tx.insert(quizAnswers).values(answers.map((a) => ({ ...a, questionId })));
}

export async function updateAnswer(tx: DbOrTx, id: number, a: AnswerValues) {
  await tx.update(quizAnswers).set(a).where(eq(quizAnswers.id, id));
}

/** Soft-deletes questions (and their answers): past attempts keep pointing at them. */
export async function softDeleteQuestions(tx: DbOrTx, ids: number[]) {
  if (ids.length === 0) return;
  const now = new Date();
  await tx.update(quizQuestions).set({ deletedAt: now }).where(inArray(quizQuestions.id, ids));
  await tx
    .update(quizAnswers)
    .set({ deletedAt: now })
    .where(and(inArray(quizAnswers.questionId, ids), isNull(quizAnswers.deletedAt)));
}

export async function softDeleteAnswers(tx: DbOrTx, ids: number[]) {
  if (ids.length === 0) return;
  await tx.update(quizAnswers).set({ deletedAt: new Date() }).where(inArray(quizAnswers.id, ids));
}

/** Records the grading rules a version goes live with (saved again when only the summary changes). */
export async function saveVersionRules(
  tx: DbOrTx,
  v: { quizId: number; version: number; correctAnswers: number; isSurvey: boolean; questionsCount: number },
) {
  await tx
    .insert(quizVersions)
    .values(v)
    .onConflictDoUpdate({
      target: [quizVersions.quizId, quizVersions.version],
      set: { correctAnswers: v.correctAnswers, isSurvey: v.isSurvey, questionsCount: v.questionsCount },
    });
}
