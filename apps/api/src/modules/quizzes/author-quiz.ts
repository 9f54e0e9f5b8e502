import type { MessageKey, QuestionInputParsed, QuizContentFields, QuizDetailsFields } from '@incentive/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isBlankRichText, sanitizeRichText } from '../../lib/rich-text.ts';
import { storeImage } from '../media/media.service.ts';
import type { ImageChange } from './form-fields.ts';
import { parseQuizDate, priceToGrosze } from './quiz-fields.ts';
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

/**
 * Makes the quiz's live questions and answers what the form lists: rows named by id are updated in
 * place, rows the form leaves out are soft-deleted (past attempts keep them), rows without an id are
 * added. An id of another quiz, or an answer moved to another question, is refused.
 */
async function syncQuestions(tx: DbOrTx, quizId: number, questions: ReturnType<typeof cleanQuestions>) {
  const live = await write.liveStructure(tx, quizId);
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
    if (questionId === null) questionId = await write.insertQuestion(tx, quizId, values);
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

/** POST /api/quiz: a new, inactive quiz with its questions. */
export async function createQuiz(db: Db, actor: { id: number }, f: QuizContentFields, image: ImageChange) {
  const content = cleanContent(f);
  const questions = cleanQuestions(f.questions);
  const imageHash = await imageHashOf(db, image, actor.id);
  return db.transaction(async (tx) => {
    const id = await write.insertQuiz(tx, { ...content, imageHash: imageHash ?? null, createdBy: actor.id });
    await syncQuestions(tx, id, questions);
    return id;
  });
}

/**
 * POST /api/quiz/{id}/packed-update: the content and questions of an existing quiz. As the message
 * says ('…dokończ ostatni formularz aby go aktywować'), an edited quiz waits for its summary again:
 * it is inactive until then, so reps never take a quiz whose required count no longer fits.
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
  await db.transaction(async (tx) => {
    if (!(await write.lockQuiz(tx, id))) throw notFound('quiz.notFound');
    await write.updateQuiz(tx, id, { ...content, imageHash, isActive: false });
    await syncQuestions(tx, id, questions);
  });
}

/**
 * POST /api/quiz/{id}/submit-details: dates (Warsaw time; a date_to without a time is the end of
 * that day), reward, required answers, one-time and survey; saving activates the quiz.
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
    if (!(await write.lockQuiz(tx, id))) throw notFound('quiz.notFound');
    const live = await write.liveStructure(tx, id);
    if (f.correct_answers > live.questionIds.size) throw refuse('quiz.correctAnswersTooMany', 'correct_answers');
    await write.updateQuiz(tx, id, {
      ...content,
      imageHash,
      startAt,
      endAt,
      reward: priceToGrosze(f.price),
      correctAnswers: f.correct_answers,
      isOneTime: f.is_one_time,
      isSurvey: f.is_survey,
      isActive: true,
    });
  });
}
