import {
  pagedSchema,
  quizListRowSchema,
  quizSchema,
  quizSubmitResultSchema,
  repQuizListItemSchema,
  repQuizSchema,
  userSchema,
} from '@incentive/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userPool } from '../../../test/fixtures.ts';
import {
  allKeys,
  answersOf,
  insertQuiz,
  type QuizFixture,
  quizRewards,
  quizWriteCounts,
} from '../../../test/quiz-fixtures.ts';
import { bearer, createTestApp, expectBooksBalance, type TestApp } from '../../../test/test-app.ts';
import { quizAttempts, quizzes } from '../../db/schema.ts';

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

const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), payload: payload as object });

async function seller() {
  const u = await takeUser({ role: 'seller', activated: true });
  return { ...u, token: await t.login(u.email) };
}

const submit = (token: string, quizId: number, answers: unknown) =>
  inject('POST', `/api/quiz/${quizId}/submit`, token, { answers });

async function me(token: string) {
  return userSchema.parse((await inject('GET', '/api/me', token)).json());
}

const cents = (pln: string) => Math.round(Number(pln) * 100);

describe('a rep takes a quiz', () => {
  it('passing pays the reward once; /api/me shows the new money and less money to get', async () => {
    const rep = await seller();
    const quiz = await insertQuiz(t.db, { reward: 1250 });
    const before = await me(rep.token);
    const res = await submit(rep.token, quiz.id, answersOf(quiz));
    expect(res.statusCode, res.body).toBe(200);
    expect(quizSubmitResultSchema.parse(res.json())).toEqual({
      correctAnswersCount: 3,
      requiredCorrectAnswers: 2,
      questionsCount: 3,
      passed: true,
      reward: '12.50',
      can_repeat: false,
      wrong_questions: [],
    });
    const after = await me(rep.token);
    expect(cents(after.wallet.money) - cents(before.wallet.money)).toBe(1250);
    expect(cents(before.money_to_get) - cents(after.money_to_get)).toBe(1250);
    expect(await quizRewards(t.db, rep.id, quiz.id)).toHaveLength(1);
    const [attempt] = await t.db.select().from(quizAttempts).where(eq(quizAttempts.quizId, quiz.id));
    expect(attempt).toMatchObject({ userId: rep.id, correctCount: 3, requiredCount: 2, passed: true, reward: 1250 });
  });

  it('a failed one-time quiz takes no second attempt and pays nothing', async () => {
    const rep = await seller();
    const quiz = await insertQuiz(t.db, { isOneTime: true, correctAnswers: 3 });
    const res = await submit(rep.token, quiz.id, answersOf(quiz, { wrong: true }));
    expect(quizSubmitResultSchema.parse(res.json())).toMatchObject({
      correctAnswersCount: 1,
      passed: false,
      reward: '0.00',
      can_repeat: false,
      // A one-time quiz never says which questions were wrong.
      wrong_questions: [],
    });
    const again = await submit(rep.token, quiz.id, answersOf(quiz));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Ten quiz można rozwiązać tylko raz');
    expect(await quizRewards(t.db, rep.id, quiz.id)).toHaveLength(0);
    const list = pagedSchema(repQuizListItemSchema).parse(
      (await inject('GET', '/api/quiz?per_page=100', rep.token)).json(),
    );
    expect(list.data.find((q) => q.id === quiz.id)?.status).toEqual({
      attempts: 1,
      passed: false,
      done: true,
      can_take: false,
    });
  });

  it('a repeatable quiz takes attempts until passed, then pays once and refuses more', async () => {
    const rep = await seller();
    const quiz = await insertQuiz(t.db, { isOneTime: false, correctAnswers: 3, reward: 500 });
    const failed = quizSubmitResultSchema.parse(
      (await submit(rep.token, quiz.id, answersOf(quiz, { wrong: true }))).json(),
    );
    expect(failed).toMatchObject({ passed: false, can_repeat: true, reward: '0.00' });
    const passed = quizSubmitResultSchema.parse((await submit(rep.token, quiz.id, answersOf(quiz))).json());
    expect(passed).toMatchObject({ passed: true, reward: '5.00', can_repeat: false });
    const third = await submit(rep.token, quiz.id, answersOf(quiz));
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe('Ten quiz został już przez Ciebie zaliczony');
    expect(await quizRewards(t.db, rep.id, quiz.id)).toHaveLength(1);
    expect(await t.db.select().from(quizAttempts).where(eq(quizAttempts.quizId, quiz.id))).toHaveLength(2);
  });

  it('a survey always passes, whatever the closed answers', async () => {
    const rep = await seller();
    const quiz = await insertQuiz(t.db, { isSurvey: true, correctAnswers: 3, reward: 300 });
    const res = quizSubmitResultSchema.parse(
      (await submit(rep.token, quiz.id, answersOf(quiz, { wrong: true }))).json(),
    );
    expect(res).toMatchObject({ passed: true, reward: '3.00' });
  });

  it('a reward of 0 posts nothing to the ledger', async () => {
    const rep = await seller();
    const quiz = await insertQuiz(t.db, { reward: 0 });
    const before = await quizWriteCounts(t.db);
    const res = quizSubmitResultSchema.parse((await submit(rep.token, quiz.id, answersOf(quiz))).json());
    expect(res).toMatchObject({ passed: true, reward: '0.00' });
    const after = await quizWriteCounts(t.db);
    expect(after.ledger).toBe(before.ledger);
    expect(after.attempts).toBe(before.attempts + 1);
  });

  it('50 parallel submits of one quiz by one rep credit it once, with one passed attempt', async () => {
    const rep = await seller();
    const quiz = await insertQuiz(t.db, { reward: 777, isOneTime: false });
    const before = await me(rep.token);
    const results = await Promise.all(Array.from({ length: 50 }, () => submit(rep.token, quiz.id, answersOf(quiz))));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    expect(await quizRewards(t.db, rep.id, quiz.id)).toHaveLength(1);
    const attempts = await t.db.select().from(quizAttempts).where(eq(quizAttempts.quizId, quiz.id));
    expect(attempts.filter((a) => a.passed)).toHaveLength(1);
    const after = await me(rep.token);
    expect(cents(after.wallet.money) - cents(before.wallet.money)).toBe(777);
  });
});

describe('the rules of a submission', () => {
  let quiz: QuizFixture;
  let other: QuizFixture;
  beforeAll(async () => {
    quiz = await insertQuiz(t.db);
    other = await insertQuiz(t.db);
  });

  it('refuses missing, foreign, duplicate and empty answers with a Polish message, storing nothing', async () => {
    const rep = await seller();
    const good = answersOf(quiz);
    const foreignAnswer = other.questions[0]!.answers[0]!.id;
    const cases: [unknown, string][] = [
      [good.slice(0, 2), 'Odpowiedz na wszystkie pytania quizu'],
      [[{ ...good[0], answerId: foreignAnswer }, ...good.slice(1)], 'Odpowiedź nie należy do tego quizu'],
      [[...good, { questionId: other.questions[0]!.id, answerId: foreignAnswer }], 'Pytanie nie należy do tego quizu'],
      [[...good, good[0]], 'Nieprawidłowa odpowiedź'],
      [
        [good[0], good[1], { questionId: quiz.questions[2]!.id, answerText: '   ' }],
        'Uzupełnij odpowiedź otwartą aby przejść dalej',
      ],
      [[{ questionId: quiz.questions[0]!.id }, ...good.slice(1)], 'Musisz wybrać odpowiedź aby przejść dalej'],
      [[], 'Odpowiedz na wszystkie pytania quizu'],
      [
        [good[0], good[1], { questionId: quiz.questions[2]!.id, answerText: 'tekst\u0000z NUL' }],
        'Tekst zawiera niedozwolony znak (znak NUL lub niepełny znak Unicode)',
      ],
      [
        [good[0], good[1], { questionId: quiz.questions[2]!.id, answerText: 'x\ud800' }],
        'Tekst zawiera niedozwolony znak (znak NUL lub niepełny znak Unicode)',
      ],
      ['nie lista', 'Odpowiedz na wszystkie pytania quizu'],
    ];
    const before = await quizWriteCounts(t.db);
    for (const [answers, message] of cases) {
      const res = await submit(rep.token, quiz.id, answers);
      expect(res.statusCode, JSON.stringify(answers)).toBe(422);
      expect(res.json().message).toBe(message);
    }
    expect(await quizWriteCounts(t.db)).toEqual(before);
  });

  it('refuses a draft, a deleted quiz and one outside its dates', async () => {
    const rep = await seller();
    const draft = await insertQuiz(t.db, { isActive: false });
    const past = await insertQuiz(t.db, { startAt: new Date(Date.now() - 9 * DAY), endAt: new Date(Date.now() - DAY) });
    const future = await insertQuiz(t.db, {
      startAt: new Date(Date.now() + DAY),
      endAt: new Date(Date.now() + 9 * DAY),
    });
    const deleted = await insertQuiz(t.db);
    await t.db.update(quizzes).set({ deletedAt: new Date() }).where(eq(quizzes.id, deleted.id));
    const before = await quizWriteCounts(t.db);
    for (const q of [draft, deleted]) {
      const res = await submit(rep.token, q.id, answersOf(q));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Nie znaleziono quizu');
      expect((await inject('GET', `/api/quiz/${q.id}`, rep.token)).statusCode).toBe(404);
    }
    for (const q of [past, future]) {
      const res = await submit(rep.token, q.id, answersOf(q));
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Ten quiz nie jest teraz dostępny');
      expect((await inject('GET', `/api/quiz/${q.id}`, rep.token)).statusCode).toBe(404);
    }
    expect((await submit(rep.token, 999_999, answersOf(quiz))).statusCode).toBe(404);
    expect(await quizWriteCounts(t.db)).toEqual(before);
  });

  it('only a rep submits: an admin and a wholesaler get 403, nobody signed in 401', async () => {
    const wholesaler = await t.login('wholesaler@example.com');
    for (const token of [admin, wholesaler]) {
      const res = await submit(token, quiz.id, answersOf(quiz));
      expect(res.statusCode).toBe(403);
    }
    const anon = await t.app.inject({ method: 'POST', url: `/api/quiz/${quiz.id}/submit`, payload: { answers: [] } });
    expect(anon.statusCode).toBe(401);
  });
});

describe('what a rep and a manager read', () => {
  it("the rep's quiz carries no correctness at any depth; the manager's does", async () => {
    const rep = await seller();
    const quiz = await insertQuiz(t.db);
    const res = await inject('GET', `/api/quiz/${quiz.id}`, rep.token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // The only key about correctness is the quiz's required count (correct_answers), at the top.
    const keys = [...allKeys(body)].filter((k) => /correct|right|valid/i.test(k));
    expect(keys).toEqual(['correct_answers']);
    expect(Object.keys(body)).toContain('correct_answers');
    expect(res.body).not.toMatch(/is_?correct/i);
    const parsed = repQuizSchema.parse(body);
    expect(parsed.questions.map((q) => q.answers.length)).toEqual([3, 2, 0]);
    expect(parsed.status).toEqual({ attempts: 0, passed: false, done: false, can_take: true });

    const list = await inject('GET', '/api/quiz?per_page=4', rep.token);
    expect(list.statusCode).toBe(200);
    expect([...allKeys(list.json())].filter((k) => /correct|right|valid/i.test(k))).toEqual([]);

    const managed = quizSchema.parse((await inject('GET', `/api/quiz/${quiz.id}`, admin)).json());
    expect(managed.questions[0]?.answers.map((a) => a.is_correct)).toEqual([true, false, false]);
    expect(managed.is_active).toBe(true);
  });

  it("the rep's list has live quizzes only, 4 per page; the manager's has drafts too", async () => {
    const rep = await seller();
    const live = await insertQuiz(t.db, { name: 'Żywy quiz listy' });
    const draft = await insertQuiz(t.db, { name: 'Szkic quizu listy', isActive: false });
    const repList = pagedSchema(repQuizListItemSchema).parse(
      (await inject('GET', '/api/quiz?per_page=100', rep.token)).json(),
    );
    const ids = repList.data.map((q) => q.id);
    expect(ids).toContain(live.id);
    expect(ids).not.toContain(draft.id);
    const page = pagedSchema(repQuizListItemSchema).parse(
      (await inject('GET', '/api/quiz?per_page=4', rep.token)).json(),
    );
    expect(page.data.length).toBeLessThanOrEqual(4);
    expect(page.total).toBe(repList.total);

    const managed = pagedSchema(quizListRowSchema).parse(
      (await inject('GET', '/api/quiz?per_page=100&search=quizu%20listy', admin)).json(),
    );
    expect(managed.data.map((q) => q.id)).toEqual([draft.id]);
    const sorted = pagedSchema(quizListRowSchema).parse(
      (await inject('GET', '/api/quiz?per_page=100&sort=name&order=asc&search=listy', admin)).json(),
    );
    expect(sorted.data.map((q) => q.name)).toEqual(['Szkic quizu listy', 'Żywy quiz listy']);
    expect((await inject('GET', '/api/quiz?sort=password', admin)).statusCode).toBe(422);
  });

  it('a wholesaler and a regional manager read no quizzes', async () => {
    for (const email of ['wholesaler@example.com', 'rks@example.com', 'provider@example.com']) {
      const token = await t.login(email);
      expect((await inject('GET', '/api/quiz', token)).statusCode).toBe(403);
    }
  });
});

describe('deleting a quiz', () => {
  it('hides it from reps and money_to_get, keeps its attempts and paid rewards', async () => {
    const rep = await seller();
    const paid = await insertQuiz(t.db, { reward: 400 });
    const open = await insertQuiz(t.db, { reward: 900 });
    expect((await submit(rep.token, paid.id, answersOf(paid))).statusCode).toBe(200);
    const before = await me(rep.token);
    const seller2 = await seller();
    expect((await inject('DELETE', `/api/quiz/${open.id}`, rep.token)).statusCode).toBe(403);
    for (const id of [paid.id, open.id]) {
      const res = await inject('DELETE', `/api/quiz/${id}`, admin);
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('Quiz został usunięty');
    }
    expect((await inject('DELETE', `/api/quiz/${open.id}`, admin)).statusCode).toBe(404);
    const after = await me(rep.token);
    expect(cents(before.money_to_get) - cents(after.money_to_get)).toBe(900);
    expect(after.wallet.money).toBe(before.wallet.money);
    expect(await quizRewards(t.db, rep.id, paid.id)).toHaveLength(1);
    expect(await t.db.select().from(quizAttempts).where(eq(quizAttempts.quizId, paid.id))).toHaveLength(1);
    const list = pagedSchema(repQuizListItemSchema).parse(
      (await inject('GET', '/api/quiz?per_page=100', seller2.token)).json(),
    );
    expect(list.data.map((q) => q.id)).not.toContain(open.id);
    expect((await inject('GET', `/api/quiz/${open.id}`, admin)).statusCode).toBe(404);
  });
});
