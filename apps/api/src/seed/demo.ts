import type { Role } from '@incentive/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { logins, users, userWarehouses } from '../db/schema.ts';
import { hashPassword } from '../lib/password.ts';
import { markStartedAnnounced } from '../modules/notices/notices.service.ts';
import { seedArticles } from './articles.ts';
import { seedCards } from './cards.ts';
import { seedChallenges } from './challenges.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts.ts';
import { seedMoney } from './money.ts';
import { seedPeople, seedWarehouses } from './people.ts';
import { seedProfiles } from './profiles.ts';
import { seedProgramme } from './programme.ts';
import { seedQuizzes } from './quizzes.ts';

/** Demo data: deterministic (fixed faker seed, Polish locale), big enough that every list pages. */
export async function seedDemo(db: Db, opts: { scryptLogN: number; now?: Date; volume?: 'demo' | 'large' }) {
  const now = opts.now ?? new Date();
  const large = opts.volume === 'large';
  const sharedHash = await hashPassword(DEMO_PASSWORD, opts.scryptLogN);
  const seed = 20261121;
  const warehouseIds = await seedWarehouses(db, { seed, count: large ? 500 : 24, now });
  // Demo accounts first, so they get the lowest ids.
  await seedDemoAccounts(db, warehouseIds, opts.scryptLogN, now);
  await seedPeople(db, warehouseIds, {
    seed,
    sellers: large ? 9_000 : 190,
    regionalManagers: large ? 1_000 : 24,
    wholesalers: large ? 400 : 16,
    passwordHash: sharedHash,
    now,
  });
  await seedCards(db, { seed, now, demoSellerEmail: 'seller@example.com' });
  // The reps' address and tax data: some complete, some begun, some missing (issue 30).
  await seedProfiles(db, { seed, demoSellerEmail: 'seller@example.com' });
  // Money last: withdrawals take the card each rep had.
  await seedMoney(db, { seed, now, demoSellerEmail: 'seller@example.com', volume: opts.volume });
  // Quizzes after the money: their rewards are posted through the ledger onto the seeded wallets.
  await seedQuizzes(db, { seed, now, demoSellerEmail: 'seller@example.com' });
  await seedArticles(db, { now });
  // Challenges pay their products' sales: the results go in through the sales import itself.
  await seedChallenges(db, { seed, now, demoSellerEmail: 'seller@example.com' });
  // The organiser and rules the footer and the rules page show.
  await seedProgramme(db, now);
  // What the seed started is history: the notices' scan announces only what starts after it.
  await markStartedAnnounced(db);
  // After a bulk load: planner statistics and the visibility map (index-only scans). PGlite never
  // autovacuums, so without this its plans would guess the tables are empty.
  await db.execute(sql`vacuum analyze`);
}

async function seedDemoAccounts(db: Db, whIds: number[], logN: number, now: Date) {
  const [w1, w2, w3] = whIds as [number, number, number];
  const warehousesOf: Partial<Record<Role, number[]>> = { wholesaler: [w1], seller_reg: [w1, w2, w3], seller: [w1] };
  for (const a of DEMO_ACCOUNTS) {
    const [u] = await db
      .insert(users)
      .values({
        email: a.email,
        name: a.name,
        surname: a.surname,
        role: a.role,
        assecoId: a.assecoId ?? null,
        passwordHash: await hashPassword(DEMO_PASSWORD, logN),
        // Activated long ago: their sign-in and money histories go back months.
        activatedAt: new Date(now.getTime() - 200 * 86400_000),
      })
      .returning({ id: users.id });
    const id = (u as { id: number }).id;
    const whs = warehousesOf[a.role] ?? [];
    if (whs.length) await db.insert(userWarehouses).values(whs.map((warehouseId) => ({ userId: id, warehouseId })));
    // A short history, so the demo seller's details page has logins to show.
    if (a.role === 'seller') {
      const days = [3, 9, 20];
      await db
        .insert(logins)
        .values(days.map((d) => ({ userId: id, createdAt: new Date(now.getTime() - d * 86400_000), ip: '127.0.0.1' })));
      // last_login_at always follows the newest login row (the tables' 'active' and 'last login').
      await db
        .update(users)
        .set({ lastLoginAt: new Date(now.getTime() - Math.min(...days) * 86400_000) })
        .where(eq(users.id, id));
    }
  }
}
