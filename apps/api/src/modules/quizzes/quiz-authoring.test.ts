import { quizSavedSchema, quizSchema, repQuizSchema, userSchema } from '@incentive/contracts';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userPool } from '../../../test/fixtures.ts';
import { type FormPart, multipart } from '../../../test/multipart.ts';
import { insertQuiz, quizWriteCounts } from '../../../test/quiz-fixtures.ts';
import { bearer, createTestApp, expectBooksBalance, type TestApp } from '../../../test/test-app.ts';
import { quizAttempts, quizQuestions } from '../../db/schema.ts';

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

const png = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .png()
    .toBuffer();

type Question = {
  id?: number;
  questionText: string;
  type: 'multiple_choice' | 'text';
  points?: number;
  answers: { id?: number; answerText: string; isCorrect: boolean | 0 | 1 }[];
};

const QUESTIONS: Question[] = [
  {
    questionText: '<p>Ile kosztuje <strong>baton</strong>?</p><script>alert(1)</script>',
    type: 'multiple_choice',
    points: 10,
    answers: [
      { answerText: '2 zł', isCorrect: true },
      { answerText: '20 zł', isCorrect: 0 },
    ],
  },
  { questionText: '<p>Co sprzedaje się najlepiej?</p>', type: 'text', points: 10, answers: [] },
];

function contentParts(over: Record<string, string> = {}, questions: unknown = QUESTIONS): FormPart[] {
  const fields: Record<string, string> = {
    name: 'Quiz o batonach',
    lead: 'Krótki wstęp',
    text: '<p>Treść <a href="javascript:alert(1)" onclick="x()">link</a></p>',
    video_url: 'https://www.youtube.com/embed/dQw4w9WgXcQ',
    questions: typeof questions === 'string' ? questions : JSON.stringify(questions),
    ...over,
  };
  return Object.entries(fields).map(([name, value]) => ({ name, value }));
}

function detailsParts(over: Record<string, string> = {}): FormPart[] {
  const from = new Date(Date.now() - DAY);
  const to = new Date(Date.now() + 10 * DAY);
  const d = (x: Date) =>
    `${x.getUTCFullYear()}.${String(x.getUTCMonth() + 1).padStart(2, '0')}.${String(x.getUTCDate()).padStart(2, '0')}`;
  const fields: Record<string, string> = {
    name: 'Quiz o batonach',
    lead: 'Krótki wstęp',
    text: '<p>Treść</p>',
    video_url: '',
    date_from: `${d(from)} 00:00:00`,
    date_to: d(to),
    is_one_time: 'true',
    price: '12,50',
    is_survey: 'false',
    correct_answers: '1',
    ...over,
  };
  return Object.entries(fields).map(([name, value]) => ({ name, value }));
}

const send = (url: string, token: string, parts: FormPart[]) => {
  const body = multipart(parts);
  return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
};
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

async function create(parts = contentParts()) {
  const res = await send('/api/quiz', admin, parts);
  expect(res.statusCode, res.body).toBe(201);
  return quizSavedSchema.parse(res.json()).quiz_id;
}

async function managed(id: number) {
  return quizSchema.parse((await get(`/api/quiz/${id}`, admin)).json());
}

describe('authoring a quiz', () => {
  it('creates an inactive quiz with sanitized text, its questions and a re-encoded image', async () => {
    const res = await send('/api/quiz', admin, [
      ...contentParts(),
      { name: 'image', filename: 'baton.png', contentType: 'image/png', bytes: await png() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const saved = quizSavedSchema.parse(res.json());
    expect(saved.message).toBe('Quiz został utworzony, dokończ ostatni formularz aby go aktywować');
    const quiz = await managed(saved.quiz_id);
    expect(quiz.is_active).toBe(false);
    expect(quiz.text).not.toMatch(/javascript:|onclick/);
    expect(quiz.questions[0]?.question_text).not.toMatch(/script/);
    expect(quiz.questions[0]?.question_text).toContain('<strong>baton</strong>');
    expect(quiz.questions.map((q) => q.type)).toEqual(['multiple_choice', 'text']);
    expect(quiz.questions[0]?.answers.map((a) => [a.answer_text, a.is_correct])).toEqual([
      ['2 zł', true],
      ['20 zł', false],
    ]);
    expect(quiz.image?.webp).toMatch(/\/api\/images\/[0-9a-f]{64}\/320\.webp 320w/);
    expect(quiz.image?.width).toBe(800);
    expect(quiz.video_url).toBe('https://www.youtube.com/embed/dQw4w9WgXcQ');

    // A rep never sees a draft.
    const rep = await takeUser({ role: 'seller', activated: true });
    const token = await t.login(rep.email);
    expect((await get(`/api/quiz/${saved.quiz_id}`, token)).statusCode).toBe(404);
  });

  it('the summary activates it: Warsaw dates, date_to to the end of its day, the price in grosze exactly', async () => {
    const id = await create();
    const rep = await takeUser({ role: 'seller', activated: true });
    const token = await t.login(rep.email);
    const before = userSchema.parse((await get('/api/me', token)).json());
    const res = await send(`/api/quiz/${id}/submit-details`, admin, [
      ...detailsParts({ date_from: '2026.01.15 10:00:00', date_to: '2099.07.15', price: '12,29' }),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ quiz_id: id, message: 'Quiz został zapisany i aktywowany' });
    const quiz = await managed(id);
    expect(quiz).toMatchObject({
      is_active: true,
      start_at: '2026-01-15T09:00:00.000Z',
      end_at: '2099-07-15T21:59:59.999Z',
      value: '12.29',
      correct_answers: 1,
      is_one_time: true,
      is_questionnaire: false,
    });
    const after = userSchema.parse((await get('/api/me', token)).json());
    expect(Math.round(Number(after.money_to_get) * 100) - Math.round(Number(before.money_to_get) * 100)).toBe(1229);
    const repQuiz = repQuizSchema.parse((await get(`/api/quiz/${id}`, token)).json());
    expect(repQuiz.value).toBe('12.29');
  });

  it('editing a live quiz with attempts writes its next version, keeps the live one and the recorded results', async () => {
    const id = await create();
    expect((await send(`/api/quiz/${id}/submit-details`, admin, detailsParts())).statusCode).toBe(200);
    const original = await managed(id);
    const [closed, open] = original.questions;
    if (!closed || !open) throw new Error('two questions expected');
    const rep = await takeUser({ role: 'seller', activated: true });
    const token = await t.login(rep.email);
    const answer = {
      answers: [
        { questionId: closed.id, answerId: closed.answers[0]?.id },
        { questionId: open.id, answerText: 'Batony' },
      ],
    };
    const submitted = await t.app.inject({
      method: 'POST',
      url: `/api/quiz/${id}/submit`,
      headers: bearer(token),
      payload: answer,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const [attemptBefore] = await t.db.select().from(quizAttempts).where(eq(quizAttempts.quizId, id));

    const edited: Question[] = [
      {
        id: closed.id,
        questionText: '<p>Ile kosztuje baton teraz?</p>',
        type: 'multiple_choice',
        answers: [
          { id: closed.answers[1]?.id, answerText: '3 zł', isCorrect: true },
          { answerText: '30 zł', isCorrect: false },
        ],
      },
      {
        questionText: '<p>Nowe pytanie</p>',
        type: 'multiple_choice',
        answers: [{ answerText: 'Tak', isCorrect: true }],
      },
    ];
    const res = await send(`/api/quiz/${id}/packed-update`, admin, contentParts({ name: 'Quiz po zmianie' }, edited));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Zapisano. Do zapisania podsumowania reprezentanci widzą poprzednią wersję quizu');
    const quiz = await managed(id);
    expect(quiz).toMatchObject({ name: 'Quiz po zmianie', version: 2, live_version: 1, has_pending_edit: true });
    expect(quiz.questions.map((q) => q.question_text)).toEqual([
      '<p>Ile kosztuje baton teraz?</p>',
      '<p>Nowe pytanie</p>',
    ]);
    // The next version has rows of its own; the live version's rows are untouched.
    expect(quiz.questions[0]?.id).not.toBe(closed.id);
    expect(quiz.questions[0]?.answers.map((a) => [a.answer_text, a.is_correct])).toEqual([
      ['3 zł', true],
      ['30 zł', false],
    ]);
    const [kept] = await t.db.select().from(quizQuestions).where(eq(quizQuestions.id, open.id));
    expect(kept?.deletedAt).toBeNull();
    expect(kept?.version).toBe(1);
    // A second save of the pending edit changes its own rows in place (same ids).
    const pending = quiz.questions.map((q) => ({
      id: q.id,
      questionText: q.question_text,
      type: q.type,
      answers: q.answers.map((a) => ({ id: a.id, answerText: a.answer_text, isCorrect: a.is_correct })),
    }));
    const again = await send(
      `/api/quiz/${id}/packed-update`,
      admin,
      contentParts({ name: 'Quiz po zmianie' }, pending),
    );
    expect(again.statusCode, again.body).toBe(200);
    expect((await managed(id)).questions.map((q) => q.id)).toEqual(quiz.questions.map((q) => q.id));
    const [attemptAfter] = await t.db.select().from(quizAttempts).where(eq(quizAttempts.quizId, id));
    expect(attemptAfter).toEqual(attemptBefore);
    const attempts = await get(`/api/users/${rep.id}/quiz`, admin);
    expect(attempts.json().data[0]).toMatchObject({
      quiz_id: id,
      correct_answers_count: 2,
      questions_count: 2,
      passed: true,
    });
    // The quiz stays live as it was until the summary; saving it makes the edit live in one step.
    expect(quiz.is_active).toBe(true);
    const served = repQuizSchema.parse((await get(`/api/quiz/${id}`, token)).json());
    expect(served.version).toBe(1);
    expect(served.name).toBe('Quiz o batonach');
    expect(served.questions.map((q) => q.id)).toEqual([closed.id, open.id]);
    expect((await send(`/api/quiz/${id}/submit-details`, admin, detailsParts())).statusCode).toBe(200);
    expect(await managed(id)).toMatchObject({ is_active: true, version: 2, live_version: 2, has_pending_edit: false });
    const after = repQuizSchema.parse((await get(`/api/quiz/${id}`, token)).json());
    expect(after.version).toBe(2);
    expect(after.questions.map((q) => q.question_text)).toEqual([
      '<p>Ile kosztuje baton teraz?</p>',
      '<p>Nowe pytanie</p>',
    ]);
  });

  it('keeps the image when the form has no image, removes it when the field is empty', async () => {
    const id = await create([
      ...contentParts(),
      { name: 'image', filename: 'a.png', contentType: 'image/png', bytes: await png() },
    ]);
    const questions = (await managed(id)).questions.map((q) => ({
      id: q.id,
      questionText: q.question_text,
      type: q.type,
      answers: q.answers.map((a) => ({ id: a.id, answerText: a.answer_text, isCorrect: a.is_correct })),
    }));
    expect((await send(`/api/quiz/${id}/packed-update`, admin, contentParts({}, questions))).statusCode).toBe(200);
    expect((await managed(id)).image).not.toBeNull();
    expect(
      (await send(`/api/quiz/${id}/packed-update`, admin, contentParts({ image: '' }, questions))).statusCode,
    ).toBe(200);
    expect((await managed(id)).image).toBeNull();
  });
});

describe('bad input to the authoring forms', () => {
  it('refuses each bad create with a Polish message and saves nothing', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF\n');
    const manyQuestions = Array.from({ length: 1000 }, (_, i) => ({
      questionText: `<p>Pytanie ${i}</p>`,
      type: 'text',
      answers: [],
    }));
    const other = await insertQuiz(t.db);
    const cases: [string, FormPart[], number, string][] = [
      ['unparsable JSON', contentParts({}, '[{"questionText": '), 422, 'Pytania muszą być listą'],
      ['wrong shape', contentParts({}, { questionText: 'x' }), 422, 'Pytania muszą być listą'],
      ['0 questions', contentParts({}, []), 422, 'Quiz musi mieć co najmniej jedno pytanie'],
      ['1000 questions', contentParts({}, manyQuestions), 422, 'Quiz może mieć najwyżej 100 pytań'],
      [
        'a question of another quiz',
        contentParts({}, [{ ...QUESTIONS[1], id: other.questions[2]?.id }]),
        422,
        'Pytanie nie należy do tego quizu',
      ],
      [
        'an answer of another quiz',
        contentParts({}, [
          { ...QUESTIONS[0], answers: [{ id: other.questions[0]?.answers[0]?.id, answerText: 'x', isCorrect: true }] },
        ]),
        422,
        'Odpowiedź nie należy do tego quizu',
      ],
      ['blank rich text', contentParts({ text: '<p> </p><script>x</script>' }), 422, 'Pole treść jest wymagane'],
      [
        'points other than 10',
        contentParts({}, [{ ...QUESTIONS[1], points: 20 }]),
        422,
        'Każde pytanie jest warte 10 punktów',
      ],
      ['no name', contentParts({ name: '  ' }), 422, 'Pole nazwa jest wymagane'],
      [
        'a renamed PDF as the image',
        [...contentParts(), { name: 'image', filename: 'zdjecie.png', contentType: 'image/png', bytes: pdf }],
        422,
        'Nieprawidłowy typ pliku',
      ],
    ];
    const before = await quizWriteCounts(t.db);
    for (const [label, parts, status, message] of cases) {
      const res = await send('/api/quiz', admin, parts);
      expect(res.statusCode, `${label}: ${res.body}`).toBe(status);
      expect(res.json().message, label).toContain(message);
    }
    const notMultipart = await t.app.inject({ method: 'POST', url: '/api/quiz', headers: bearer(admin), payload: {} });
    expect(notMultipart.statusCode).toBe(415);
    expect(await quizWriteCounts(t.db)).toEqual(before);
  });

  it('refuses each bad summary with a Polish message and changes nothing', async () => {
    const id = await create();
    const cases: [string, Record<string, string>, string][] = [
      ['reward -1', { price: '-1' }, 'Nagroda musi być liczbą'],
      ['reward abc', { price: 'abc' }, 'Nagroda musi być liczbą'],
      ['reward 3 decimals', { price: '1.005' }, 'Nagroda musi być liczbą'],
      [
        'dates in the wrong order',
        { date_from: '2026.05.10 10:00:00', date_to: '2026.05.09 10:00:00' },
        'Data do nie może być wcześniejsza',
      ],
      ['a date that does not exist', { date_from: '2026.02.30 10:00:00' }, 'Data musi mieć format'],
      ['no dates', { date_from: '' }, 'Uzupełnij pole data od oraz data do'],
      ['correct_answers above the questions', { correct_answers: '3' }, 'nie może być więcej niż pytań (2)'],
      ['correct_answers 0 for a quiz', { correct_answers: '0' }, 'co najmniej 1 poprawnej odpowiedzi'],
      ['correct_answers not a number', { correct_answers: 'dwa' }, 'Liczba poprawnych odpowiedzi'],
    ];
    const before = await quizWriteCounts(t.db);
    for (const [label, over, message] of cases) {
      const res = await send(`/api/quiz/${id}/submit-details`, admin, detailsParts(over));
      expect(res.statusCode, `${label}: ${res.body}`).toBe(422);
      expect(res.json().message, label).toContain(message);
    }
    const wrongOrder = await send(
      `/api/quiz/${id}/submit-details`,
      admin,
      detailsParts({ date_from: '2026.05.10', date_to: '2026.05.01' }),
    );
    expect(wrongOrder.json().errors).toHaveProperty('date_to');
    expect(await quizWriteCounts(t.db)).toEqual(before);
    expect((await managed(id)).is_active).toBe(false);
    expect((await send('/api/quiz/999999/submit-details', admin, detailsParts())).statusCode).toBe(404);
  });

  it('refuses text PostgreSQL cannot store (NUL) in any text field of the forms, naming the field', async () => {
    const id = await create();
    const before = await quizWriteCounts(t.db);
    for (const field of ['name', 'lead', 'text', 'video_url']) {
      const res = await send('/api/quiz', admin, contentParts({ [field]: 'Zły\u0000tekst' }));
      expect(res.statusCode, `${field}: ${res.body}`).toBe(422);
      expect(res.json().errors?.[field], field).toBeDefined();
    }
    const nulQuestion = await send(
      '/api/quiz',
      admin,
      contentParts({}, [{ ...QUESTIONS[1], questionText: 'a\u0000b' }]),
    );
    expect(nulQuestion.statusCode).toBe(422);
    const nulDetails = await send(`/api/quiz/${id}/submit-details`, admin, detailsParts({ price: '1\u0000' }));
    expect(nulDetails.statusCode).toBe(422);
    expect(await quizWriteCounts(t.db)).toEqual(before);
  });

  it('only a quiz manager authors: a seller, a wholesaler and a regional manager get 403', async () => {
    const id = await create();
    const rep = await takeUser({ role: 'seller', activated: true });
    for (const token of [
      await t.login(rep.email),
      await t.login('wholesaler@example.com'),
      await t.login('rks@example.com'),
    ]) {
      expect((await send('/api/quiz', token, contentParts())).statusCode).toBe(403);
      expect((await send(`/api/quiz/${id}/packed-update`, token, contentParts())).statusCode).toBe(403);
      expect((await send(`/api/quiz/${id}/submit-details`, token, detailsParts())).statusCode).toBe(403);
      expect((await get(`/api/quiz/${id}/results`, token)).statusCode).toBe(403);
    }
  });
});
