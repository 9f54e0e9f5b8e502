import {
  quizResultsSchema,
  quizSavedSchema,
  quizSchema,
  quizSubmitResultSchema,
  repQuizSchema,
} from '@incentive/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userPool } from '../../../test/fixtures.ts';
import { type FormPart, multipart } from '../../../test/multipart.ts';
import { quizRewards, quizWriteCounts } from '../../../test/quiz-fixtures.ts';
import { bearer, createTestApp, expectBooksBalance, type TestApp } from '../../../test/test-app.ts';
import { quizAttemptAnswers, quizAttempts, quizQuestions } from '../../db/schema.ts';

/*
 * Issue 27 points 1-3 (docs/decisions/043): a quiz cannot go live broken, an edit never takes a live
 * quiz away from reps, an attempt answered on an older version is graded on it and paid once, and
 * the result names the wrong questions only for a quiz that may be repeated.
 */

let t: TestApp;
let admin: string;
let takeUser: ReturnType<typeof userPool>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com');
  takeUser = userPool(t.db);
});
afterAll(async () => t?.close());
afterEach(() => expectBooksBalance(t, admin));

const DAY = 86_400_000;

type Question = {
  id?: number;
  questionText: string;
  type: 'multiple_choice' | 'text';
  answers: { id?: number; answerText: string; isCorrect: boolean }[];
};

const closed = (text: string, correct: boolean[]): Question => ({
  questionText: `<p>${text}</p>`,
  type: 'multiple_choice',
  answers: correct.map((isCorrect, i) => ({ answerText: `Odpowiedź ${i + 1}`, isCorrect })),
});

const QUESTIONS: Question[] = [closed('Pierwsze pytanie', [true, false]), closed('Drugie pytanie', [false, true])];

const fields = (o: Record<string, string>): FormPart[] => Object.entries(o).map(([name, value]) => ({ name, value }));

const contentParts = (questions: Question[], over: Record<string, string> = {}) =>
  fields({
    name: 'Quiz wersji',
    lead: 'Wstęp',
    text: '<p>Treść</p>',
    video_url: '',
    questions: JSON.stringify(questions),
    ...over,
  });

function detailsParts(over: Record<string, string> = {}): FormPart[] {
  const d = (x: Date) =>
    `${x.getUTCFullYear()}.${String(x.getUTCMonth() + 1).padStart(2, '0')}.${String(x.getUTCDate()).padStart(2, '0')}`;
  return fields({
    name: 'Quiz wersji',
    lead: 'Wstęp',
    text: '<p>Treść</p>',
    video_url: '',
    date_from: `${d(new Date(Date.now() - DAY))} 00:00:00`,
    date_to: d(new Date(Date.now() + 10 * DAY)),
    is_one_time: 'false',
    price: '7,00',
    is_survey: 'false',
    correct_answers: '2',
    ...over,
  });
}

const send = (url: string, token: string, parts: FormPart[]) => {
  const body = multipart(parts);
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
};
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const submit = (token: string, id: number, payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/quiz/${id}/submit`, headers: bearer(token), payload: payload as object });

async function create(questions: Question[] = QUESTIONS) {
  const res = await send('/api/quiz', admin, contentParts(questions));
  expect(res.statusCode, res.body).toBe(201);
  return quizSavedSchema.parse(res.json()).quiz_id;
}

async function live(questions: Question[] = QUESTIONS, over: Record<string, string> = {}) {
  const id = await create(questions);
  const res = await send(`/api/quiz/${id}/submit-details`, admin, detailsParts(over));
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

const managed = async (id: number) => quizSchema.parse((await get(`/api/quiz/${id}`, admin)).json());

async function seller() {
  const u = await takeUser({ role: 'seller', activated: true });
  return { ...u, token: await t.login(u.email) };
}

/** The editor's form of what the manager reads (ids kept), with changes applied. */
function formOf(quiz: { questions: ReturnType<typeof quizSchema.parse>['questions'] }): Question[] {
  return quiz.questions.map((q) => ({
    id: q.id,
    questionText: q.question_text,
    type: q.type,
    answers: q.answers.map((a) => ({ id: a.id, answerText: a.answer_text, isCorrect: a.is_correct })),
  }));
}

/** The right (or wrong) answer to each closed question of a rep's quiz, chosen by the manager's correctness. */
function answersFor(
  rep: ReturnType<typeof repQuizSchema.parse>,
  manager: ReturnType<typeof quizSchema.parse>,
  right: boolean[],
) {
  return rep.questions.map((q, i) => {
    const m = manager.questions.find((x) => x.id === q.id);
    const pick = m?.answers.find((a) => a.is_correct === right[i]);
    return { questionId: q.id, answerId: pick?.id ?? null };
  });
}

describe('a quiz cannot go live broken', () => {
  it('refuses a closed question without a correct answer, naming the question, and changes nothing', async () => {
    const id = await create([closed('Dobre', [true, false]), closed('Bez poprawnej', [false, false])]);
    const before = await quizWriteCounts(t.db);
    const res = await send(`/api/quiz/${id}/submit-details`, admin, detailsParts({ correct_answers: '1' }));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe('Pytanie 2 nie ma poprawnej odpowiedzi');
    expect(res.json().errors).toEqual({ 'questions.1.answers': [res.json().message] });
    const en = await t.app.inject({
      method: 'POST',
      url: `/api/quiz/${id}/submit-details`,
      ...(() => {
        const body = multipart(detailsParts({ correct_answers: '1' }));
        return { payload: body.payload, headers: { ...body.headers, ...bearer(admin), 'accept-language': 'en' } };
      })(),
    });
    expect(en.json().message).toBe('Question 2 has no correct answer');
    expect(await quizWriteCounts(t.db)).toEqual(before);
    expect((await managed(id)).is_active).toBe(false);
    // A survey has no correct answers to require: it may go live.
    const survey = await send(
      `/api/quiz/${id}/submit-details`,
      admin,
      detailsParts({ is_survey: 'true', correct_answers: '0' }),
    );
    expect(survey.statusCode, survey.body).toBe(200);
  });

  it('refuses required correct answers of 0 or above the question count for a quiz that is not a survey', async () => {
    const id = await create();
    for (const [value, message] of [
      ['0', 'Quiz (nie ankieta) wymaga co najmniej 1 poprawnej odpowiedzi'],
      ['3', 'Wymaganych odpowiedzi nie może być więcej niż pytań (2)'],
    ] as const) {
      const res = await send(`/api/quiz/${id}/submit-details`, admin, detailsParts({ correct_answers: value }));
      expect(res.statusCode, `${value}: ${res.body}`).toBe(422);
      expect(res.json().message).toBe(message);
      expect(res.json().errors).toHaveProperty('correct_answers');
    }
    expect((await managed(id)).is_active).toBe(false);
    expect((await send(`/api/quiz/${id}/submit-details`, admin, detailsParts())).statusCode).toBe(200);
  });

  it('refuses a question without text: at the edit, and at the summary for a question stored blank', async () => {
    const blank = await send(
      '/api/quiz',
      admin,
      contentParts([closed('Jest', [true]), { ...closed('x', [true]), questionText: '<p> </p>' }]),
    );
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toHaveProperty(['questions.1.questionText']);
    const id = await create();
    // A row left blank by older code: the summary names it instead of activating.
    const [first] = await t.db
      .select({ id: quizQuestions.id })
      .from(quizQuestions)
      .where(and(eq(quizQuestions.quizId, id), eq(quizQuestions.position, 0)));
    await t.db
      .update(quizQuestions)
      .set({ questionText: '<p></p>' })
      .where(eq(quizQuestions.id, first?.id ?? 0));
    const res = await send(`/api/quiz/${id}/submit-details`, admin, detailsParts());
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Pytanie 1 nie ma treści');
    expect(res.json().errors).toHaveProperty(['questions.0.questionText']);
  });
});

describe('an edit never takes a live quiz away from reps', () => {
  it('keeps the live version served (GET 200, old questions, in the list) until the summary switches in one step', async () => {
    const id = await live();
    const rep = await seller();
    const v1 = repQuizSchema.parse((await get(`/api/quiz/${id}`, rep.token)).json());
    const edited = formOf(await managed(id));
    edited[0] = { ...edited[0]!, questionText: '<p>Pierwsze pytanie (poprawione)</p>' };
    const res = await send(`/api/quiz/${id}/packed-update`, admin, contentParts(edited, { name: 'Nowa nazwa' }));
    expect(res.statusCode, res.body).toBe(200);

    const during = await get(`/api/quiz/${id}`, rep.token);
    expect(during.statusCode).toBe(200);
    expect(repQuizSchema.parse(during.json())).toEqual(v1);
    const list = (await get('/api/quiz?per_page=100', rep.token)).json();
    expect(list.data.some((q: { id: number }) => q.id === id)).toBe(true);

    expect((await send(`/api/quiz/${id}/submit-details`, admin, detailsParts({ name: 'Nowa nazwa' }))).statusCode).toBe(
      200,
    );
    const v2 = repQuizSchema.parse((await get(`/api/quiz/${id}`, rep.token)).json());
    expect(v2.version).toBe(v1.version + 1);
    expect(v2.name).toBe('Nowa nazwa');
    expect(v2.questions[0]?.question_text).toBe('<p>Pierwsze pytanie (poprawione)</p>');
  });

  it('a summary alone (dates, reward, one-time) keeps the version and its questions', async () => {
    const id = await live();
    const before = await managed(id);
    const res = await send(
      `/api/quiz/${id}/submit-details`,
      admin,
      detailsParts({ price: '9,99', is_one_time: 'true' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await managed(id);
    expect(after).toMatchObject({
      value: '9.99',
      is_one_time: true,
      version: before.version,
      live_version: before.version,
    });
    expect(after.questions).toEqual(before.questions);
  });

  it('grades an attempt answered on version 1 and submitted after version 2 went live on version 1, and pays once', async () => {
    // Version 1: two questions, both required. Version 2 swaps which answer is right and adds a third.
    const id = await live();
    const rep = await seller();
    const other = await seller();
    const v1 = repQuizSchema.parse((await get(`/api/quiz/${id}`, rep.token)).json());
    const v1Manager = await managed(id);
    const answersV1 = answersFor(v1, v1Manager, [true, true]);

    const edited = formOf(v1Manager).map((q) => ({
      ...q,
      answers: q.answers.map((a) => ({ ...a, isCorrect: !a.isCorrect })),
    }));
    edited.push(closed('Trzecie pytanie', [true, false]));
    expect((await send(`/api/quiz/${id}/packed-update`, admin, contentParts(edited))).statusCode).toBe(200);
    expect(
      (await send(`/api/quiz/${id}/submit-details`, admin, detailsParts({ correct_answers: '3' }))).statusCode,
    ).toBe(200);

    // The rep who opened version 1 finishes: graded on version 1's questions and rules.
    const res = await submit(rep.token, id, { answers: answersV1, version: v1.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(quizSubmitResultSchema.parse(res.json())).toMatchObject({
      correctAnswersCount: 2,
      requiredCorrectAnswers: 2,
      questionsCount: 2,
      passed: true,
      reward: '7.00',
    });
    const [attempt] = await t.db.select().from(quizAttempts).where(eq(quizAttempts.userId, rep.id));
    expect(attempt?.version).toBe(1);
    // Paid once per rep and quiz, whatever the version: a second pass on version 2 is refused.
    const v2 = repQuizSchema.parse((await get(`/api/quiz/${id}`, rep.token)).json());
    const again = await submit(rep.token, id, {
      answers: answersFor(v2, await managed(id), [true, true, true]),
      version: v2.version,
    });
    expect(again.statusCode).toBe(409);
    expect(await quizRewards(t.db, rep.id, id)).toHaveLength(1);

    // A version that never went live: told plainly the quiz changed (409), nothing stored.
    const unknown = await submit(other.token, id, { answers: answersV1, version: v2.version + 5 });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().message).toContain('Quiz się zmienił');
    // Version 1's answers without a version are answers to the live version 2: refused, not misgraded.
    const stale = await submit(other.token, id, { answers: answersV1 });
    expect(stale.statusCode).toBe(422);
    expect(await t.db.select().from(quizAttempts).where(eq(quizAttempts.userId, other.id))).toHaveLength(0);

    // The live version grades on its own rules.
    const fresh = await submit(other.token, id, {
      answers: answersFor(v2, await managed(id), [true, true, true]),
      version: v2.version,
    });
    expect(quizSubmitResultSchema.parse(fresh.json())).toMatchObject({
      correctAnswersCount: 3,
      requiredCorrectAnswers: 3,
      passed: true,
    });

    // Past results keep the questions they answered: version 1's rows, unchanged.
    const kept = await t.db
      .select({ text: quizQuestions.questionText, version: quizQuestions.version })
      .from(quizAttemptAnswers)
      .innerJoin(quizQuestions, eq(quizQuestions.id, quizAttemptAnswers.questionId))
      .where(eq(quizAttemptAnswers.attemptId, attempt?.id ?? 0));
    expect(kept.map((k) => [k.text, k.version])).toEqual([
      ['<p>Pierwsze pytanie</p>', 1],
      ['<p>Drugie pytanie</p>', 1],
    ]);
    const csv = await get(`/api/quiz/${id}/results.csv`, admin);
    expect(csv.body).toContain('Pierwsze pytanie');
    expect(csv.body).toContain('Trzecie pytanie');
    const results = quizResultsSchema.parse((await get(`/api/quiz/${id}/results`, admin)).json());
    expect(results.questions).toHaveLength(3);
    expect(results.attempts).toBe(2);
  });
});

describe('the result of a repeatable quiz names the wrong questions, never the right answers', () => {
  it('lists the wrong questions by number for a repeatable quiz, none for a one-time quiz', async () => {
    const repeatable = await live(QUESTIONS, { is_one_time: 'false' });
    const rep = await seller();
    const quiz = repQuizSchema.parse((await get(`/api/quiz/${repeatable}`, rep.token)).json());
    const res = await submit(rep.token, repeatable, {
      answers: answersFor(quiz, await managed(repeatable), [true, false]),
      version: quiz.version,
    });
    const result = quizSubmitResultSchema.parse(res.json());
    expect(result).toMatchObject({ passed: false, can_repeat: true });
    expect(result.wrong_questions).toEqual([{ number: 2, question_text: '<p>Drugie pytanie</p>' }]);
    expect(JSON.stringify(res.json())).not.toMatch(/is_correct|isCorrect/);

    const oneTime = await live(QUESTIONS, { is_one_time: 'true' });
    const q2 = repQuizSchema.parse((await get(`/api/quiz/${oneTime}`, rep.token)).json());
    const r2 = await submit(rep.token, oneTime, { answers: answersFor(q2, await managed(oneTime), [true, false]) });
    expect(quizSubmitResultSchema.parse(r2.json())).toMatchObject({
      passed: false,
      can_repeat: false,
      wrong_questions: [],
    });
  });
});
