import { pagedSchema, quizListRowSchema, quizSchema, repQuizListItemSchema, userSchema } from '@incentive/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../test/test-app.ts';
import { ledgerEntries, quizAttempts } from '../db/schema.ts';

/** The demo seed's quizzes (the template every API test copies): every screen has something to show. */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@example.com');
});
afterAll(async () => t?.close());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('demo quizzes', () => {
  it('has active quizzes with images, one with a video, a survey with open and closed questions, and a draft', async () => {
    const list = pagedSchema(quizListRowSchema).parse((await get('/api/quiz?per_page=100', admin)).json());
    const active = list.data.filter((q) => q.is_active);
    expect(active.length).toBeGreaterThanOrEqual(4);
    expect(active.filter((q) => q.image !== null).length).toBeGreaterThanOrEqual(3);
    expect(active.some((q) => q.video_url?.startsWith('https://'))).toBe(true);
    expect(list.data.some((q) => !q.is_active)).toBe(true);
    const survey = active.find((q) => q.is_questionnaire);
    if (!survey) throw new Error('no demo survey');
    const full = quizSchema.parse((await get(`/api/quiz/${survey.id}`, admin)).json());
    expect(new Set(full.questions.map((q) => q.type))).toEqual(new Set(['multiple_choice', 'text']));
    expect(active.every((q) => q.attempts_count > 0)).toBe(true);
  });

  it('pays every rewarded attempt through the ledger, once per rep and quiz', async () => {
    const rewarded = await t.db.select().from(quizAttempts).where(gt(quizAttempts.reward, 0));
    expect(rewarded.length).toBeGreaterThan(20);
    for (const a of rewarded) {
      const entries = await t.db
        .select()
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.userId, a.userId),
            eq(ledgerEntries.kind, 'quiz_reward'),
            eq(ledgerEntries.sourceType, 'quiz'),
            eq(ledgerEntries.sourceId, String(a.quizId)),
          ),
        );
      expect(entries.map((e) => e.amount)).toEqual([a.reward]);
    }
    const [failed] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(quizAttempts)
      .where(eq(quizAttempts.passed, false));
    expect(failed?.n).toBeGreaterThan(0);
  });

  it('leaves the demo seller at least two quizzes to take and money to get', async () => {
    const seller = await t.login('seller@example.com');
    const me = userSchema.parse((await get('/api/me', seller)).json());
    expect(Number(me.money_to_get)).toBeGreaterThan(0);
    const list = pagedSchema(repQuizListItemSchema).parse((await get('/api/quiz?per_page=100', seller)).json());
    expect(list.data.filter((q) => q.status.can_take).length).toBeGreaterThanOrEqual(2);
    expect(list.data.some((q) => q.status.passed)).toBe(true);
    const open = list.data.filter((q) => q.status.can_take).reduce((s, q) => s + Math.round(Number(q.value) * 100), 0);
    expect(Math.round(Number(me.money_to_get) * 100)).toBe(open);
  });
});
