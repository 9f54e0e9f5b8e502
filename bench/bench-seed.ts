import { quizContentFieldsSchema, quizDetailsFieldsSchema } from '@incentive/contracts';
import type { Db } from '../apps/api/src/db/client.ts';
import { cards, sessions, users, userWarehouses, warehouses } from '../apps/api/src/db/schema.ts';
import { newToken } from '../apps/api/src/lib/tokens.ts';
import { createQuiz, getQuiz, saveQuizDetails } from '../apps/api/src/modules/quizzes/quizzes.service.ts';
import { type Posting, post } from '../apps/api/src/modules/wallet/ledger.service.ts';
import { insertChunked } from '../apps/api/src/seed/people.ts';

/*
 * The people and quizzes benches seed straight into the database before the API starts: sellers
 * with a card, money earned through the ledger and a signed-in session each, and quizzes made
 * through the service as the back office makes them.
 */

export interface SellerOpts {
  count: number;
  /** e-mails are `${key}.rep.<i>@example.pl`, Asseco ids `${assecoPrefix}-<i>`. */
  key: string;
  assecoPrefix: string;
  name: string;
  surname: string;
  /** In the warehouse, with a card numbered from this (none without). */
  warehouseId?: number;
  cardFrom?: number;
  activated?: boolean;
  /** Each seller's credit through the ledger, in grosze, and the entry that carries it. */
  credit?: Pick<Posting, 'amount' | 'kind' | 'sourceType'> & { sourceId: (userId: number) => string };
  sessionHours: number;
}

/** Sellers, each with a session token (bearer); returned in insertion order. */
export async function seedSellers(db: Db, o: SellerOpts): Promise<{ id: number; token: string }[]> {
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: o.count }, (_, i) => ({
        email: `${o.key}.rep.${i}@example.pl`,
        name: o.name,
        surname: `${o.surname} ${i}`,
        role: 'seller',
        assecoId: `${o.assecoPrefix}-${i}`,
        ...(o.cardFrom === undefined ? {} : { cardNumber: String(o.cardFrom + i) }),
        ...(o.activated ? { activatedAt: new Date() } : {}),
      })),
    )
    .returning({ id: users.id, card: users.cardNumber });
  const { warehouseId } = o;
  if (warehouseId !== undefined) {
    await db.insert(userWarehouses).values(people.map((r) => ({ userId: r.id, warehouseId })));
  }
  if (o.cardFrom !== undefined)
    await db.insert(cards).values(people.map((r) => ({ userId: r.id, number: r.card ?? '' })));
  const { credit } = o;
  if (credit) {
    for (const r of people) {
      await db.transaction((tx) =>
        post(tx, {
          userId: r.id,
          kind: credit.kind,
          amount: credit.amount,
          sourceType: credit.sourceType,
          sourceId: credit.sourceId(r.id),
        }),
      );
    }
  }
  const signedIn = people.map((r) => ({ id: r.id, ...sessionFor(r.id, o.sessionHours) }));
  await insertChunked(
    signedIn.map((s) => s.row),
    500,
    (chunk) => db.insert(sessions).values(chunk),
  );
  return signedIn.map(({ id, token }) => ({ id, token }));
}

/** A session row for `userId` and its bearer token. */
export function sessionFor(userId: number, hours: number) {
  const { token, hash } = newToken();
  return { token, row: { userId, tokenHash: hash, expiresAt: new Date(Date.now() + hours * 3600_000) } };
}

export interface QuizOpts {
  name: string;
  /** Also the text, as `<p>${lead}</p>`. */
  lead: string;
  /** Closed questions, each with `answers` answers of which the first is right. */
  closed: number;
  answers: string[];
  /** One open question after the closed ones. */
  open?: boolean;
  reward: number;
  oneTime: boolean;
}

/** A live quiz made through the service; `right` answers every closed question rightly, `wrong` wrongly (JSON bodies of POST /api/quiz/{id}/submit). */
export async function seedQuiz(db: Db, authorId: number, o: QuizOpts) {
  const content = quizContentFieldsSchema.parse({
    name: o.name,
    lead: o.lead,
    text: `<p>${o.lead}</p>`,
    questions: JSON.stringify([
      ...Array.from({ length: o.closed }, (_, i) => ({
        questionText: `<p>Pytanie ${i + 1}</p>`,
        type: 'multiple_choice',
        answers: o.answers.map((answerText, a) => ({ answerText, isCorrect: a === 0 })),
      })),
      ...(o.open ? [{ questionText: '<p>Co sądzisz?</p>', type: 'text', answers: [] }] : []),
    ]),
  });
  const author = { id: authorId, role: 'admin' as const };
  const id = await createQuiz(db, author, content, { kind: 'keep' });
  await saveQuizDetails(
    db,
    author,
    id,
    quizDetailsFieldsSchema.parse({
      ...content,
      date_from: '2020.01.01 00:00:00',
      date_to: '2099.12.31',
      price: (o.reward / 100).toFixed(2),
      correct_answers: String(o.closed),
      is_one_time: String(o.oneTime),
    }),
    { kind: 'keep' },
  );
  const quiz = await getQuiz(db, author, id);
  const answers = (pick: 0 | 1) =>
    JSON.stringify({
      answers: quiz.questions.map((q) =>
        q.type === 'text'
          ? { questionId: q.id, answerText: 'Dobrze' }
          : { questionId: q.id, answerId: q.answers[pick]?.id },
      ),
    });
  return { id, right: answers(0), wrong: answers(1) };
}

/**
 * The world the import benches start from: `warehouses` warehouses ('BW-<n>'), each with
 * `repsPerWarehouse` signed-in reps, and a signed-in admin. Answers the warehouses' ids, the tokens
 * of the first rep of the first `loadReps` warehouses (for the load beside the import) and the admin's.
 */
export async function seedWarehousesAndReps(
  db: Db,
  o: { warehouses: number; repsPerWarehouse: number; loadReps: number },
): Promise<{ warehouseIds: number[]; repTokens: string[]; adminToken: string }> {
  const whs = await db
    .insert(warehouses)
    .values(
      Array.from({ length: o.warehouses }, (_, w) => ({
        assecoId: `BW-${w}`,
        name: `Hurtownia ${w}`,
        address: 'Bench 1',
      })),
    )
    .returning({ id: warehouses.id });
  const repTokens: string[] = [];
  for (const [w, wh] of whs.entries()) {
    const reps = await seedSellers(db, {
      count: o.repsPerWarehouse,
      key: `bench.w${w}`,
      assecoPrefix: `BPH-${w}`,
      name: 'Bench',
      surname: `Rep ${w}`,
      warehouseId: wh.id,
      activated: true,
      sessionHours: 24,
    });
    if (repTokens.length < o.loadReps) repTokens.push(reps[0]?.token ?? '');
  }
  const [admin] = await db
    .insert(users)
    .values({
      email: 'bench.admin@example.pl',
      name: 'Bench',
      surname: 'Admin',
      role: 'admin',
      activatedAt: new Date(),
    })
    .returning({ id: users.id });
  const adminSession = sessionFor(admin?.id ?? 0, 24);
  await db.insert(sessions).values(adminSession.row);
  return { warehouseIds: whs.map((w) => w.id), repTokens, adminToken: adminSession.token };
}
