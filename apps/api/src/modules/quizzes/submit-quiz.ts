import { type QuizSubmitResult, type Role, rolesWith } from '@incentive/contracts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { formatGrosze } from '../../lib/money.ts';
import { lockWallet, post } from '../wallet/wallet.service.ts';
import { insertAttempt, repStanding } from './attempts.repo.ts';
import { grade, isPassed, type SubmittedAnswer } from './grade.ts';
import { quizForSubmit, versionQuestions, versionRules } from './quiz-read.repo.ts';

const TAKERS: readonly Role[] = rolesWith('quizzes.take');

/**
 * POST /api/quiz/{id}/submit: grades on the server, stores the attempt with its answers and, when
 * it passes for the first time, pays the reward through the ledger, all in one transaction.
 *
 * The rep's wallet row is locked first, so a rep's parallel submits (double clicks, retries) run
 * one after another: the second sees the first's attempt and is refused. The ledger's unique key
 * (quiz_reward, quiz, quiz id, user) and the one-passed-attempt index back this up: a reward is
 * paid once per rep and quiz whatever happens.
 *
 * `answeredVersion` is the version the rep's GET showed (docs/decisions/043): an older version that
 * was live is graded on its own questions and rules (they never change once live); a version that
 * never went live is refused with a 409 telling the rep the quiz changed (the page then shows the
 * live one). Without it, the live version is meant. The reward and one-time rule are the quiz's,
 * whatever the version: paid once per rep and quiz.
 */
export async function submitQuiz(
  db: Db,
  actor: { id: number; role: Role },
  quizId: number,
  submitted: SubmittedAnswer[],
  answeredVersion?: number,
): Promise<QuizSubmitResult> {
  if (!TAKERS.includes(actor.role)) throw new AppError(403, 'errors.forbidden');
  return db.transaction(async (tx) => {
    const wallet = await lockWallet(tx, actor.id);
    const quiz = await quizForSubmit(tx, quizId);
    if (!quiz?.isActive || quiz.liveVersion === null) throw notFound('quiz.notFound');
    if (!quiz.isLive) throw new AppError(409, 'quiz.notActive');
    const version = answeredVersion ?? quiz.liveVersion;
    let rules = { correctAnswers: quiz.correctAnswers, isSurvey: quiz.isSurvey };
    if (version !== quiz.liveVersion) {
      const old = version < quiz.liveVersion ? await versionRules(tx, quizId, version) : undefined;
      if (!old) throw new AppError(409, 'quiz.changed');
      rules = old;
    }
    const questions = await versionQuestions(tx, quizId, version);
    const graded = grade(questions, submitted);
    if (!graded.ok) throw new AppError(422, graded.key);

    const standing = await repStanding(tx, quizId, actor.id);
    if (standing.passed) throw new AppError(409, 'quiz.alreadyPassed');
    if (quiz.isOneTime && standing.attempts > 0) throw new AppError(409, 'quiz.oneTimeTaken');

    const passed = isPassed(graded.correct, rules.correctAnswers, rules.isSurvey);
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
        requiredCount: rules.correctAnswers,
        questionsCount: questions.length,
        passed,
        isSurvey: rules.isSurvey,
        reward: paid,
        version,
      },
      graded.answers,
    );
    const canRepeat = !passed && !quiz.isOneTime;
    // Which questions were wrong, only for a quiz the rep may take again; never the right answers.
    const wrong = canRepeat
      ? questions.flatMap((q, i) =>
          graded.answers[i]?.isCorrect === false ? [{ number: i + 1, question_text: q.questionText }] : [],
        )
      : [];
    return {
      correctAnswersCount: graded.correct,
      requiredCorrectAnswers: rules.correctAnswers,
      questionsCount: questions.length,
      passed,
      reward: formatGrosze(paid),
      can_repeat: canRepeat,
      wrong_questions: wrong,
    };
  });
}
