import type { MessageKey, QuestionInputParsed, QuizContentFields, QuizDetailsFields } from '@incentive/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isBlankRichText, sanitizeRichText } from '../../lib/rich-text.ts';
import { recordChange } from '../audit/audit.service.ts';
import { storeImage } from '../media/media.service.ts';
import type { ImageChange } from './form-fields.ts';
import { parseQuizDate, priceToGrosze } from './quiz-fields.ts';
import { versionQuestions } from './quiz-read.repo.ts';
import * as write from './quiz-write.repo.ts';

/*
 * Authoring (quizzes.manage): create, edit and the summary that activates. Rich text is sanitized
 * here, whatever the editor sent; the image is decoded and re-encoded before the transaction, so
 * a bad file is refused before anything is written.
 */

/** A 422 about one field of the form. */
const refuse = (key: MessageKey, field: string) => new AppError(422, key, {}, { [field]: [key] });

/** Sanitized rich text, refused when nothing visible is left. */
function richText(html: string, key: MessageKey, field: string): string {
  const clean = sanitizeRichText(html);
  if (isBlankRichText(clean)) throw refuse(key, field);
  return clean;
}

function cleanContent(f: { name: string; lead: string; text: string; video_url: string | null }) {
  return { name: f.name, lead: f.lead, text: richText(f.text, 'quiz.textRequired', 'text'), videoUrl: f.video_url };
}

function cleanQuestions(questions: QuestionInputParsed[]) {
  return questions.map((q, i) => ({
    ...q,
    questionText: richText(q.questionText, 'quiz.questionTextRequired', `questions.${i}.questionText`),
  }));
}

/** The image hash to store: a new image is encoded and stored first; undefined keeps the current one. */
async function imageHashOf(db: Db, change: ImageChange, actorId: number): Promise<string | null | undefined> {
  if (change.kind === 'keep') return undefined;
  if (change.kind === 'remove') return null;
  return (await storeImage(db, change.bytes, actorId)).hash;
}

type CleanQuestions = ReturnType<typeof cleanQuestions>;

/**
 * Checks the ids a form names against one version's rows: a question id of that version once each,
 * an answer id of the same question once each; anything else is refused before anything is written.
 */
function matchIds(live: Awaited<ReturnType<typeof write.versionStructure>>, questions: CleanQuestions) {
  const seenQ = new Set<number>();
  const seenA = new Set<number>();
  for (const [i, q] of questions.entries()) {
    if (q.id !== null) {
      if (!live.questionIds.has(q.id) || seenQ.has(q.id)) throw refuse('quiz.questionNotInQuiz', `questions.${i}.id`);
      seenQ.add(q.id);
    }
    for (const [j, a] of q.answers.entries()) {
      if (a.id === null) continue;
      if (q.id === null || live.answerQuestion.get(a.id) !== q.id || seenA.has(a.id)) {
        throw refuse('quiz.answerNotInQuiz', `questions.${i}.answers.${j}.id`);
      }
      seenA.add(a.id);
    }
  }
  return { seenQ, seenA };
}

/**
 * Makes one version's questions and answers (a version that was never live) what the form lists:
 * rows named by id are updated in place, rows the form leaves out are soft-deleted, rows without an
 * id are added. An id of another quiz or version, or an answer moved to another question, is refused.
 */
async function syncQuestions(tx: DbOrTx, quizId: number, version: number, questions: CleanQuestions) {
  const live = await write.versionStructure(tx, quizId, version);
  const { seenQ, seenA } = matchIds(live, questions);
  await write.softDeleteQuestions(
    tx,
    [...live.questionIds].filter((id) => !seenQ.has(id)),
  );
  await write.softDeleteAnswers(
    tx,
    [...live.answerQuestion].filter(([id, qid]) => seenQ.has(qid) && !seenA.has(id)).map(([id]) => id),
  );
  for (const [i, q] of questions.entries()) {
    const values = { position: i, questionText: q.questionText, type: q.type, points: q.points };
    let questionId = q.id;
    if (questionId === null) questionId = await write.insertQuestion(tx, quizId, version, values);
    else await write.updateQuestion(tx, questionId, values);
    const added: write.AnswerValues[] = [];
    for (const [j, a] of q.answers.entries()) {
      const answer = { position: j, answerText: a.answerText, isCorrect: a.isCorrect };
      if (a.id === null) added.push(answer);
      else await write.updateAnswer(tx, a.id, answer);
    }
    await write.insertAnswers(tx, questionId, added);
  }
}

/**
 * The first edit of a live version: the form (whose ids are the live version's, checked as for an
 * edit) is written as new rows of the next version; the live rows are not touched.
 */
async function writeNextVersion(tx: DbOrTx, quizId: number, from: number, to: number, questions: CleanQuestions) {
  matchIds(await write.versionStructure(tx, quizId, from), questions);
  for (const [i, q] of questions.entries()) {
    const values = { position: i, questionText: q.questionText, type: q.type, points: q.points };
    const questionId = await write.insertQuestion(tx, quizId, to, values);
    await write.insertAnswers(
      tx,
      questionId,
      q.answers.map((a, j) => ({ position: j, answerText: a.answerText, isCorrect: a.isCorrect })),
    );
  }
}

/** POST /api/quiz: a new, inactive quiz with its questions. */
export async function createQuiz(db: Db, actor: { id: number }, f: QuizContentFields, image: ImageChange) {
  const content = cleanContent(f);
  const questions = cleanQuestions(f.questions);
  const imageHash = await imageHashOf(db, image, actor.id);
  return db.transaction(async (tx) => {
    const id = await write.insertQuiz(tx, { ...content, imageHash: imageHash ?? null, createdBy: actor.id });
    await syncQuestions(tx, id, 1, questions);
    await recordChange(tx, { kind: 'quiz.create', object: 'quiz', id });
    return id;
  });
}

/**
 * POST /api/quiz/{id}/packed-update: the content and questions of an existing quiz. A quiz that was
 * never live is edited in place. A live quiz stays live and unchanged for reps (docs/decisions/043):
 * the edit goes to the next version (its questions as new rows, its content in draft_content), which
 * the summary makes live in one step. Returns the message key to answer with.
 */
export async function updateQuizContent(
  db: Db,
  actor: { id: number },
  id: number,
  f: QuizContentFields,
  image: ImageChange,
) {
  const content = cleanContent(f);
  const questions = cleanQuestions(f.questions);
  const imageHash = await imageHashOf(db, image, actor.id);
  return db.transaction(async (tx): Promise<MessageKey> => {
    const quiz = await write.lockQuiz(tx, id);
    if (!quiz) throw notFound('quiz.notFound');
    if (quiz.liveVersion === null) {
      await write.updateQuiz(tx, id, { ...content, imageHash });
      await syncQuestions(tx, id, quiz.draftVersion, questions);
      await recordChange(tx, { kind: 'quiz.update', object: 'quiz', id });
      return 'quiz.updated';
    }
    let version = quiz.draftVersion;
    if (version === quiz.liveVersion) {
      version = quiz.liveVersion + 1;
      await writeNextVersion(tx, id, quiz.liveVersion, version, questions);
    } else {
      await syncQuestions(tx, id, version, questions);
    }
    const shownImage = quiz.draftContent ? quiz.draftContent.imageHash : quiz.imageHash;
    await write.updateQuiz(tx, id, {
      draftVersion: version,
      draftContent: { ...content, imageHash: imageHash === undefined ? shownImage : imageHash },
    });
    await recordChange(tx, { kind: 'quiz.update', object: 'quiz', id, details: { version } });
    return 'quiz.updatedLive';
  });
}

/**
 * What makes a version unfit to go live, as a 422 naming the question (1-based) or the field:
 * a question without text; for a quiz that is not a survey, a closed question without a correct
 * answer and a required count below 1; a required count above the number of questions.
 */
function checkActivation(questions: Awaited<ReturnType<typeof versionQuestions>>, f: QuizDetailsFields) {
  if (questions.length === 0) throw refuse('quiz.questionsRequired', 'questions');
  for (const [i, q] of questions.entries()) {
    const number = i + 1;
    if (isBlankRichText(q.questionText)) {
      throw new AppError(
        422,
        'quiz.questionTextMissing',
        { number },
        {
          [`questions.${i}.questionText`]: ['quiz.questionTextMissing'],
        },
      );
    }
    if (!f.is_survey && q.type === 'multiple_choice' && !q.answers.some((a) => a.isCorrect)) {
      throw new AppError(
        422,
        'quiz.questionNoCorrectAnswer',
        { number },
        {
          [`questions.${i}.answers`]: ['quiz.questionNoCorrectAnswer'],
        },
      );
    }
  }
  if (!f.is_survey && f.correct_answers < 1) throw refuse('quiz.correctAnswersTooFew', 'correct_answers');
  if (f.correct_answers > questions.length) {
    throw new AppError(
      422,
      'quiz.correctAnswersAboveCount',
      { count: questions.length },
      {
        correct_answers: ['quiz.correctAnswersAboveCount'],
      },
    );
  }
}

/**
 * POST /api/quiz/{id}/submit-details: dates (Warsaw time; a date_to without a time is the end of
 * that day), reward, required answers, one-time and survey; saving activates the quiz. The version
 * being edited becomes the live one in this transaction, after checkActivation; a summary of a quiz
 * without a pending edit changes only its rules (dates, reward…), its questions stay.
 */
export async function saveQuizDetails(
  db: Db,
  actor: { id: number },
  id: number,
  f: QuizDetailsFields,
  image: ImageChange,
) {
  const content = cleanContent(f);
  const startAt = parseQuizDate(f.date_from);
  const endAt = parseQuizDate(f.date_to, { endOfDay: true });
  if (!startAt) throw refuse('quiz.dateInvalid', 'date_from');
  if (!endAt) throw refuse('quiz.dateInvalid', 'date_to');
  if (endAt < startAt) throw refuse('quiz.datesOrder', 'date_to');
  const imageHash = await imageHashOf(db, image, actor.id);
  await db.transaction(async (tx) => {
    const quiz = await write.lockQuiz(tx, id);
    if (!quiz) throw notFound('quiz.notFound');
    const version = quiz.draftVersion;
    const questions = await versionQuestions(tx, id, version);
    checkActivation(questions, f);
    // The form keeps the image it showed: an edit's image when one waits, else the live one.
    const image = imageHash === undefined && quiz.draftContent ? quiz.draftContent.imageHash : imageHash;
    await write.updateQuiz(tx, id, {
      ...content,
      imageHash: image,
      startAt,
      endAt,
      reward: priceToGrosze(f.price),
      correctAnswers: f.correct_answers,
      isOneTime: f.is_one_time,
      isSurvey: f.is_survey,
      isActive: true,
      liveVersion: version,
      draftContent: null,
    });
    await write.saveVersionRules(tx, {
      quizId: id,
      version,
      correctAnswers: f.correct_answers,
      isSurvey: f.is_survey,
      questionsCount: questions.length,
    });
    await recordChange(tx, { kind: 'quiz.publish', object: 'quiz', id, details: { version } });
  });
}
