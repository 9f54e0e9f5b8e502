import { type QuizSubmitResult, type Role, rolesWith } from '@incentive/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { formatGrosze } from '../../lib/money.ts';
import { lockWallet, post } from '../wallet/wallet.service.ts';
import { insertAttempt, repStanding } from './attempts.repo.ts';
import { grade, isPassed, type SubmittedAnswer } from './grade.ts';
import { liveQuestions, quizForSubmit } from './quiz-read.repo.ts';

const TAKERS: readonly Role[] = rolesWith('quizzes.take');

/**
 * POST /api/quiz/{id}/submit: grades on the server, stores the attempt with its answers and, when
 * it passes for the first time, pays the reward through the ledger, all in one transaction.
 *
 * The rep's wallet row is locked first, so a rep's parallel submits (double clicks, retries) run
 * one after another: the second sees the first's attempt and is refused. The ledger's unique key
 * (quiz_reward, quiz, quiz id, user) and the one-passed-attempt index back this up: a reward is
 * paid once per rep and quiz whatever happens.
 */
export async function submitQuiz(
  db: Db,
  actor: { id: number; role: Role },
  quizId: number,
  submitted: SubmittedAnswer[],
): Promise<QuizSubmitResult> {
  if (!TAKERS.includes(actor.role)) throw new AppError(403, 'errors.forbidden');
  return db.transaction(async (tx) => {
    const wallet = await lockWallet(tx, actor.id);
    const quiz = await quizForSubmit(tx, quizId);
    if (!quiz?.isActive) throw notFound('quiz.notFound');
    if (!quiz.isLive) throw new AppError(409, 'quiz.notActive');
    const questions = await liveQuestions(tx, quizId);
    const graded = grade(questions, submitted);
    if (!graded.ok) throw new AppError(422, graded.key);

    const standing = await repStanding(tx, quizId, actor.id);
    if (standing.passed) throw new AppError(409, 'quiz.alreadyPassed');
    if (quiz.isOneTime && standing.attempts > 0) throw new AppError(409, 'quiz.oneTimeTaken');

    const passed = isPassed(graded.correct, quiz.correctAnswers, quiz.isSurvey);
    let paid = 0;
    if (passed && quiz.reward > 0) {
      const { posted } = await post(
        tx,
        {
          userId: actor.id,
          kind: 'quiz_reward',
          amount: quiz.reward,
          sourceType: 'quiz',
          sourceId: String(quizId),
          reason: quiz.name,
        },
        wallet,
      );
      paid = posted ? quiz.reward : 0;
    }
    await insertAttempt(
      tx,
      {
        quizId,
        userId: actor.id,
        correctCount: graded.correct,
        requiredCount: quiz.correctAnswers,
        questionsCount: questions.length,
        passed,
        isSurvey: quiz.isSurvey,
        reward: paid,
      },
      graded.answers,
    );
    return {
      correctAnswersCount: graded.correct,
      requiredCorrectAnswers: quiz.correctAnswers,
      questionsCount: questions.length,
      passed,
      reward: formatGrosze(paid),
      can_repeat: !passed && !quiz.isOneTime,
    };
  });
}
