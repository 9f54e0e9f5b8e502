import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import {
  images,
  ledgerEntries,
  quizAnswers,
  quizAttemptAnswers,
  quizAttempts,
  quizQuestions,
  quizVersions,
  quizzes,
} from '../src/db/schema.ts';

const DAY = 86_400_000;

export interface QuizSpec {
  name?: string;
  /** Grosze. */
  reward?: number;
  correctAnswers?: number;
  isOneTime?: boolean;
  isSurvey?: boolean;
  isActive?: boolean;
  startAt?: Date;
  endAt?: Date;
  /** Closed questions list their answers (true = correct); an open question is 'text'. */
  questions?: ('text' | boolean[])[];
}

export interface QuizFixture {
  id: number;
  questions: { id: number; type: 'multiple_choice' | 'text'; answers: { id: number; correct: boolean }[] }[];
}

/**
 * A quiz written straight into the tables, for the tests of taking and grading (the authoring
 * routes have their own tests). Defaults: active since yesterday for a week, two closed questions
 * and one open, two correct answers required, 12.50 PLN, one-time.
 */
export async function insertQuiz(db: Db, spec: QuizSpec = {}): Promise<QuizFixture> {
  const now = Date.now();
  const [quiz] = await db
    .insert(quizzes)
    .values({
      name: spec.name ?? `Quiz testowy ${Math.random().toString(36).slice(2, 8)}`,
      lead: 'Wstęp',
      text: '<p>Treść</p>',
      reward: spec.reward ?? 1250,
      correctAnswers: spec.correctAnswers ?? 2,
      isOneTime: spec.isOneTime ?? true,
      isSurvey: spec.isSurvey ?? false,
      isActive: spec.isActive ?? true,
      // Version 1 is live (docs/decisions/043), as after a summary; a draft has none live.
      liveVersion: (spec.isActive ?? true) ? 1 : null,
      startAt: spec.startAt ?? new Date(now - DAY),
      endAt: spec.endAt ?? new Date(now + 7 * DAY),
    })
    .returning({ id: quizzes.id });
  if (!quiz) throw new Error('quiz insert failed');
  if (spec.isActive ?? true) {
    await db.insert(quizVersions).values({
      quizId: quiz.id,
      version: 1,
      correctAnswers: spec.correctAnswers ?? 2,
      isSurvey: spec.isSurvey ?? false,
      questionsCount: (spec.questions ?? [0, 0, 0]).length,
    });
  }
  const out: QuizFixture = { id: quiz.id, questions: [] };
  const questions = spec.questions ?? [[true, false, false], [false, true], 'text'];
  for (const [i, q] of questions.entries()) {
    const type = q === 'text' ? 'text' : 'multiple_choice';
    const [row] = await db
      .insert(quizQuestions)
      .values({ quizId: quiz.id, position: i, questionText: `<p>Pytanie ${i + 1}</p>`, type })
      .returning({ id: quizQuestions.id });
    if (!row) throw new Error('question insert failed');
    const answers: { id: number; correct: boolean }[] = [];
    if (q !== 'text') {
      for (const [j, correct] of q.entries()) {
        const [a] = await db
          .insert(quizAnswers)
          .values({ questionId: row.id, position: j, answerText: `Odpowiedź ${j + 1}`, isCorrect: correct })
          .returning({ id: quizAnswers.id });
        if (!a) throw new Error('answer insert failed');
        answers.push({ id: a.id, correct });
      }
    }
    out.questions.push({ id: row.id, type, answers });
  }
  return out;
}

/** A submission of the fixture: every closed question answered right (or wrong), open ones filled. */
export function answersOf(quiz: QuizFixture, opts: { wrong?: boolean } = {}) {
  return quiz.questions.map((q) => {
    if (q.type === 'text') return { questionId: q.id, answerText: 'Moja odpowiedź' };
    const pick = q.answers.find((a) => a.correct === !opts.wrong) ?? q.answers[0];
    return { questionId: q.id, answerId: pick?.id ?? null };
  });
}

/** Rows of every table a quiz request may write, to prove that a refused request wrote nothing. */
export async function quizWriteCounts(db: Db) {
  const n = async (
    table:
      | typeof quizzes
      | typeof quizQuestions
      | typeof quizAnswers
      | typeof quizAttempts
      | typeof quizAttemptAnswers
      | typeof ledgerEntries
      | typeof images,
  ) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  const [updated] = await db.select({ at: sql<string>`max(${quizzes.updatedAt})::text` }).from(quizzes);
  return {
    quizzes: await n(quizzes),
    questions: await n(quizQuestions),
    answers: await n(quizAnswers),
    attempts: await n(quizAttempts),
    attemptAnswers: await n(quizAttemptAnswers),
    ledger: await n(ledgerEntries),
    images: await n(images),
    lastQuizUpdate: updated?.at ?? null,
  };
}

/** The quiz rewards a user was credited for one quiz. */
export async function quizRewards(db: Db, userId: number, quizId: number) {
  return db
    .select()
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        eq(ledgerEntries.kind, 'quiz_reward'),
        eq(ledgerEntries.sourceType, 'quiz'),
        eq(ledgerEntries.sourceId, String(quizId)),
      ),
    );
}

/** Every key anywhere in a JSON value, to prove what a payload does not carry. */
export function allKeys(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) allKeys(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      allKeys(v, out);
    }
  }
  return out;
}
