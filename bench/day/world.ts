import { desc, eq, like, sql } from 'drizzle-orm';
import type { Database } from '../../apps/api/src/db/client.ts';
import {
  challengeProducts,
  challenges,
  products,
  programmeRules,
  rulesAcceptances,
  sessions,
  users,
  warehouses,
} from '../../apps/api/src/db/schema.ts';
import { hashPassword } from '../../apps/api/src/lib/password.ts';
import { postMany } from '../../apps/api/src/modules/wallet/ledger.service.ts';
import { seedDemo } from '../../apps/api/src/seed/demo.ts';
import { insertChunked } from '../../apps/api/src/seed/people.ts';
import { seedQuiz, seedSellers, sessionFor } from '../bench-seed.ts';

/*
 * The programme the day runs on, written straight into the database before the API processes start:
 * the demo seed (its back office, articles, challenges and rules), then DAY_REPS reps in warehouses
 * of 20, each signed in, with a card, a password and the rules accepted; the money of the reps who
 * withdraw today; a quiz (or a few, so that no rep submits one twice); a running challenge of 20
 * products for the sales file; and the back-office people who page through the lists.
 *
 * The reps are split so that no expected refusal can happen: a withdrawal takes the whole wallet and
 * must name the sum the screen showed (else 409 'amountStale'), so the reps who withdraw get no
 * other money today (no quiz, no row in the sales file); a one-time quiz refuses a second attempt
 * (409), so every submit is a new (rep, quiz) pair.
 */

export const REPS_PER_WAREHOUSE = 20;
/** Of every 10 reps of a warehouse, the first 3 withdraw today; the others take the quiz and sell. */
const WITHDRAWERS_PER_10 = 3;
/** What each withdrawing rep holds: 250.00 PLN. */
export const CREDIT = 25_000;
export const QUIZ_REWARD = 500;
export const PRODUCTS = 20;
/** Back-office people with their own session, who page through the lists. */
const BACK_OFFICE = 3;

export interface Rep {
  id: number;
  token: string;
  email: string;
  /** 10.x.y.z: the address a rep's phone comes from (the API trusts the proxy's X-Forwarded-For). */
  ip: string;
  warehouse: string;
  asseco: string;
}

export interface World {
  reps: Rep[];
  /** Reps holding CREDIT, each to withdraw it once. */
  withdrawers: Rep[];
  /** The others: quiz takers, and the reps of the sales file. */
  others: Rep[];
  password: string;
  quizzes: { id: number; right: string; wrong: string }[];
  challengeId: number;
  /** Product codes, and each one's reward in grosze per unit. */
  products: { code: string; reward: number }[];
  /** Tokens of the back-office people (admins). */
  backOffice: string[];
}

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export async function seedWorld(
  database: Database,
  /** `submits`: how many quiz submits the day may send; enough quizzes are made that no rep takes one twice. */
  o: { reps: number; scryptLogN: number; submits: number },
  log: (line: string) => void,
): Promise<World> {
  const db = database.db;
  let t = Date.now();
  const step = (what: string) => {
    log(`  ${what} (${((Date.now() - t) / 1000).toFixed(1)} s)`);
    t = Date.now();
  };
  await database.migrate();
  // The demo's people hash at a low cost: none of them signs in during the day.
  await seedDemo(db, { scryptLogN: 12 });
  step('migrated, demo seed');

  const whCount = o.reps / REPS_PER_WAREHOUSE;
  const whs = await db
    .insert(warehouses)
    .values(
      Array.from({ length: whCount }, (_, w) => ({
        assecoId: `DW-${w}`,
        name: `Hurtownia dnia ${w}`,
        address: 'Bench 1',
      })),
    )
    .returning({ id: warehouses.id });
  const reps: Rep[] = [];
  const withdrawers: Rep[] = [];
  const others: Rep[] = [];
  for (const [w, wh] of whs.entries()) {
    const people = await seedSellers(db, {
      count: REPS_PER_WAREHOUSE,
      key: `day.w${w}`,
      assecoPrefix: `DPH-${w}`,
      name: 'Dzień',
      surname: `Handlowiec ${w}`,
      warehouseId: wh.id,
      cardFrom: 4_200_000_000_000_000 + w * 100,
      activated: true,
      sessionHours: 24,
    });
    for (const [r, p] of people.entries()) {
      const n = reps.length;
      const rep: Rep = {
        ...p,
        email: `day.w${w}.rep.${r}@example.pl`,
        ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
        warehouse: `DW-${w}`,
        asseco: `DPH-${w}-${r}`,
      };
      reps.push(rep);
      (r % 10 < WITHDRAWERS_PER_10 ? withdrawers : others).push(rep);
    }
  }
  step(`${reps.length} reps in ${whCount} warehouses, each with a card and a session`);

  // One password for all: a hash at production cost each would take an hour; verifying it costs the same.
  const password = 'Dzien-handlowy-1';
  const hash = await hashPassword(password, o.scryptLogN);
  await db.update(users).set({ passwordHash: hash }).where(like(users.email, 'day.w%@example.pl'));
  // Every rep has accepted the rules in force, so a sign-in and the home go straight in.
  const [rules] = await db
    .select({ id: programmeRules.id })
    .from(programmeRules)
    .orderBy(desc(programmeRules.id))
    .limit(1);
  if (rules) {
    await insertChunked(reps, 1000, (chunk) =>
      db.insert(rulesAcceptances).values(chunk.map((r) => ({ userId: r.id, rulesId: rules.id }))),
    );
  }
  step(`passwords (scrypt logN ${o.scryptLogN}) and rules accepted`);

  // Back office: admins with a session each; the first one uploads the sales file.
  const [author] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
  if (!author) throw new Error('the demo seed has no admin@example.com');
  const admins = await db
    .insert(users)
    .values(
      Array.from({ length: BACK_OFFICE }, (_, i) => ({
        email: `day.admin.${i}@example.pl`,
        name: 'Biuro',
        surname: `Dnia ${i}`,
        role: 'admin',
        passwordHash: hash,
        activatedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  const backOffice = admins.map((a) => sessionFor(a.id, 24));
  await db.insert(sessions).values(backOffice.map((s) => s.row));

  // The withdrawers' money, through the ledger's own bulk posting (one transaction, a few statements).
  await db.transaction((tx) =>
    postMany(
      tx,
      withdrawers.map((r) => ({
        userId: r.id,
        kind: 'adjustment' as const,
        amount: CREDIT,
        sourceType: 'admin' as const,
        sourceId: `day-${r.id}`,
        reason: 'Bench: pieniądze do wypłaty',
        createdBy: author.id,
      })),
    ),
  );
  step(`${withdrawers.length} wallets credited ${(CREDIT / 100).toFixed(2)} PLN`);

  // Quizzes of five closed questions and one open, one-time, made through the service as the back office does.
  const quizzes: World['quizzes'] = [];
  const quizCount = Math.max(1, Math.ceil(o.submits / others.length));
  for (let i = 0; i < quizCount; i++) {
    quizzes.push(
      await seedQuiz(db, author.id, {
        name: `Quiz dnia ${i + 1}`,
        lead: 'Sprawdź, co wiesz o nowościach',
        closed: 5,
        answers: ['Tak', 'Nie', 'Nie wiem'],
        open: true,
        reward: QUIZ_REWARD,
        oneTime: true,
      }),
    );
  }

  // The running challenge the sales file pays: 20 products, 1.00 to 2.90 PLN a unit.
  const [challenge] = await db
    .insert(challenges)
    .values({ name: 'Wyzwanie dnia', startOn: day(-60), endOn: day(60) })
    .returning({ id: challenges.id });
  if (!challenge) throw new Error('no challenge');
  const prods = await db
    .insert(products)
    .values(Array.from({ length: PRODUCTS }, (_, p) => ({ name: `Produkt dnia ${p}`, code: `DP-${p}` })))
    .returning({ id: products.id, code: products.code });
  const rewards = prods.map((p, i) => ({ id: p.id, code: p.code ?? '', reward: 100 + 10 * i }));
  await db
    .insert(challengeProducts)
    .values(rewards.map((p, i) => ({ challengeId: challenge.id, productId: p.id, reward: p.reward, position: i })));
  step(`${quizCount} quiz(zes), a challenge of ${PRODUCTS} products, ${BACK_OFFICE} back-office sessions`);

  // After a bulk load, as the demo seed does: statistics and the visibility map.
  await db.execute(sql`vacuum analyze`);
  step('vacuum analyze');
  return {
    reps,
    withdrawers,
    others,
    password,
    quizzes,
    challengeId: challenge.id,
    products: rewards.map(({ code, reward }) => ({ code, reward })),
    backOffice: backOffice.map((s) => s.token),
  };
}
