import { and, count, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { quizAttemptAnswers, quizAttempts } from '../../db/schema.ts';
import type { GradedAnswer } from './grade.ts';

/** How many times the rep took the quiz and whether one attempt passed. */
export async function repStanding(db: DbOrTx, quizId: number, userId: number) {
  const [row] = await db
    .select({ attempts: count(), passed: sql<boolean>`coalesce(bool_or(${quizAttempts.passed}), false)` })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.quizId, quizId), eq(quizAttempts.userId, userId)));
  return { attempts: row?.attempts ?? 0, passed: row?.passed ?? false };
}

export interface AttemptInput {
  quizId: number;
  userId: number;
  correctCount: number;
  requiredCount: number;
  questionsCount: number;
  passed: boolean;
  isSurvey: boolean;
  /** Grosze credited by this attempt. */
  reward: number;
}

/** Stores an attempt and its answers; returns the attempt's id. */
export async function insertAttempt(tx: DbOrTx, a: AttemptInput, answers: GradedAnswer[]): Promise<number> {
  const [row] = await tx.insert(quizAttempts).values(a).returning({ id: quizAttempts.id });
  if (!row) throw new Error('attempt insert returned nothing');
  if (answers.length > 0) {
    await tx.insert(quizAttemptAnswers).values(answers.map((x) => ({ ...x, attemptId: row.id })));
  }
  return row.id;
}
