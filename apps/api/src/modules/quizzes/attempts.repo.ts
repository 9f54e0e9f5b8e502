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
  /** The quiz version answered. */
  version: number;
}

/** Stores an attempt and its answers in one statement (one round trip inside the submit's transaction). */
export async function insertAttempt(tx: DbOrTx, a: AttemptInput, answers: GradedAnswer[]): Promise<void> {
  const rows = JSON.stringify(
    answers.map((x) => ({
      question_id: x.questionId,
      answer_id: x.answerId,
      answer_text: x.answerText,
      is_correct: x.isCorrect,
    })),
  );
  await tx.execute(sql`with attempt as (
      insert into ${quizAttempts} (quiz_id, user_id, correct_count, required_count, questions_count, passed, is_survey, reward, version)
      values (${a.quizId}, ${a.userId}, ${a.correctCount}, ${a.requiredCount}, ${a.questionsCount}, ${a.passed}, ${a.isSurvey}, ${a.reward}, ${a.version})
      returning id
    )
    insert into ${quizAttemptAnswers} (attempt_id, question_id, answer_id, answer_text, is_correct)
    select attempt.id, x.question_id, x.answer_id, x.answer_text, x.is_correct
    from attempt, json_to_recordset(${rows}::json) as x(question_id int, answer_id int, answer_text text, is_correct boolean)`);
}
