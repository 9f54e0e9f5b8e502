import {
  openAnswerSchema,
  pagedSchema,
  quizAttemptRowSchema,
  quizResultsSchema,
  userSchema,
} from '@incentive/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUsers, userPool } from '../../../test/fixtures.ts';
import { answersOf, insertQuiz, type QuizFixture } from '../../../test/quiz-fixtures.ts';
import { bearer, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { queryRows } from '../../db/query-rows.ts';
import { parseCsv } from '../../lib/csv.ts';
import { attemptTotalsQuery, userAttemptsQuery } from './results.repo.ts';

let t: TestApp;
let admin: string;
let takeUser: ReturnType<typeof userPool>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com');
  takeUser = userPool(t.db);
});
afterAll(async () => t?.close());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const submit = (token: string, quizId: number, answers: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/quiz/${quizId}/submit`, headers: bearer(token), payload: { answers } });

describe('results of a survey', () => {
  let quiz: QuizFixture;
  const reps: { id: number; email: string; token: string }[] = [];

  beforeAll(async () => {
    quiz = await insertQuiz(t.db, { isSurvey: true, reward: 200, name: 'Ankieta wyników' });
    for (let i = 0; i < 3; i++) {
      const u = await takeUser({ role: 'seller', activated: true });
      reps.push({ ...u, token: await t.login(u.email) });
    }
    const [q1, q2, q3] = quiz.questions;
    for (const [i, rep] of reps.entries()) {
      const res = await submit(rep.token, quiz.id, [
        { questionId: q1!.id, answerId: q1!.answers[i === 2 ? 1 : 0]!.id },
        { questionId: q2!.id, answerId: q2!.answers[0]!.id },
        { questionId: q3!.id, answerText: `=SUMA(${i}) przedstawiciela ${i}` },
      ]);
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('counts attempts, reps, passes, rewards and each closed answer', async () => {
    const res = await get(`/api/quiz/${quiz.id}/results`, admin);
    expect(res.statusCode, res.body).toBe(200);
    const r = quizResultsSchema.parse(res.json());
    expect(r).toMatchObject({
      id: quiz.id,
      is_questionnaire: true,
      attempts: 3,
      reps: 3,
      passed_attempts: 3,
      pass_rate: 1,
      rewards_count: 3,
      rewards_paid: '6.00',
    });
    expect(r.questions[0]?.answers.map((a) => a.count)).toEqual([2, 1, 0]);
    expect(r.questions[1]?.answers.map((a) => a.count)).toEqual([3, 0]);
    expect(r.questions[2]?.open_answers_count).toBe(3);
  });

  it('lists the open answers, newest first, searchable', async () => {
    const open = quiz.questions[2]!.id;
    const page = pagedSchema(openAnswerSchema).parse(
      (await get(`/api/quiz/${quiz.id}/open-answers?question_id=${open}`, admin)).json(),
    );
    expect(page.total).toBe(3);
    expect(page.data[0]?.email).toBe(reps[2]?.email);
    const found = pagedSchema(openAnswerSchema).parse(
      (await get(`/api/quiz/${quiz.id}/open-answers?question_id=${open}&search=przedstawiciela%201`, admin)).json(),
    );
    expect(found.data.map((a) => a.user_id)).toEqual([reps[1]?.id]);
    const closed = quiz.questions[0]!.id;
    expect((await get(`/api/quiz/${quiz.id}/open-answers?question_id=${closed}`, admin)).statusCode).toBe(404);
  });

  it('exports one CSV row per attempt with a column per question', async () => {
    const res = await get(`/api/quiz/${quiz.id}/results.csv`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const rows = parseCsv(res.body.replace(/^\uFEFF/, ''));
    expect(rows).toHaveLength(4);
    const header = rows[0]!.cells;
    expect(header.slice(0, 8)).toEqual([
      'ID podejścia',
      'E-mail',
      'Imię i nazwisko',
      'Data',
      'Poprawne odpowiedzi',
      'Wymagane',
      'Zaliczony',
      'Nagroda (PLN)',
    ]);
    expect(header.slice(8)).toEqual(['1. Pytanie 1', '2. Pytanie 2', '3. Pytanie 3']);
    const first = rows[1]!.cells;
    expect(first[1]).toBe(reps[0]?.email);
    // A typed answer that looks like a formula is defused for Excel.
    expect(first.slice(8)).toEqual(['Odpowiedź 1', 'Odpowiedź 1', "'=SUMA(0) przedstawiciela 0"]);
    expect(first[6]).toBe('tak');
  });
});

describe('query plans', () => {
  it("reads a quiz's attempts and a rep's attempts through their indexes", async () => {
    const plan = (query: SQL) =>
      t.db.transaction(async (tx) => {
        // The test database is small: without this the planner may rightly read whole tables.
        await tx.execute(sql`set local enable_seqscan = off`);
        const rows = await queryRows<Record<string, string>>(tx, sql`explain ${query}`);
        return rows.map((r) => Object.values(r)[0]).join('\n');
      });
    const byQuiz = await plan(sql`${attemptTotalsQuery(t.db, 1)}`);
    expect(byQuiz).toContain('quiz_attempts_quiz_idx');
    expect(byQuiz).not.toMatch(/Seq Scan/);
    const byUser = await plan(
      sql`${userAttemptsQuery(t.db, 5, { sort: 'created_at', order: 'desc', limit: 10, offset: 0 })}`,
    );
    expect(byUser).toContain('quiz_attempts_user_idx');
    expect(byUser).not.toMatch(/Seq Scan/);
  });
});

describe("a rep's attempts (GET /api/users/{id}/quiz)", () => {
  it('lists them for the admin, the rep itself and an in-scope wholesaler; 404 out of scope', async () => {
    const wholesaler = await t.login('wholesaler@example.com');
    const whIds = userSchema.parse((await get('/api/me', wholesaler)).json()).wholesaler_ids;
    const [inside] = await findUsers(t.db, { role: 'seller', activated: true, inWarehouses: whIds, limit: 1 });
    const [outside] = await findUsers(t.db, { role: 'seller', activated: true, outsideWarehouses: whIds, limit: 1 });
    if (!inside || !outside) throw new Error('the seed has reps on both sides');
    const quiz = await insertQuiz(t.db, { isOneTime: false, correctAnswers: 3, reward: 150 });
    const insideToken = await t.login(inside.email);
    expect((await submit(insideToken, quiz.id, answersOf(quiz, { wrong: true }))).statusCode).toBe(200);
    expect((await submit(insideToken, quiz.id, answersOf(quiz))).statusCode).toBe(200);

    for (const token of [admin, insideToken, wholesaler]) {
      const res = await get(`/api/users/${inside.id}/quiz?per_page=100`, token);
      expect(res.statusCode, res.body).toBe(200);
      const page = pagedSchema(quizAttemptRowSchema).parse(res.json());
      const mine = page.data.filter((a) => a.quiz_id === quiz.id);
      expect(mine.map((a) => [a.passed, a.reward, a.correct_answers_count])).toEqual([
        [true, '1.50', 3],
        [false, '0.00', 1],
      ]);
    }
    const outsideToken = await t.login(outside.email);
    expect((await get(`/api/users/${outside.id}/quiz`, wholesaler)).statusCode).toBe(404);
    expect((await get(`/api/users/${inside.id}/quiz`, outsideToken)).statusCode).toBe(404);
    expect((await get(`/api/users/${inside.id}/quiz?sort=quiz_name&order=asc`, admin)).statusCode).toBe(200);
    expect((await get(`/api/users/${inside.id}/quiz?sort=secret`, admin)).statusCode).toBe(422);
  });
});
