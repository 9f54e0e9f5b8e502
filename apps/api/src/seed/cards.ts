import { base, en, Faker, pl } from '@faker-js/faker';
import { and, asc, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { cards, users } from '../db/schema.ts';
import { insertChunked } from './people.ts';

const DAY = 86400_000;

/**
 * Prepaid cards for the demo: most activated reps have one (some a replaced older one too), the
 * demo seller always has two. Deterministic for a seed; users.card_number follows the newest card.
 */
export async function seedCards(db: Db, opts: { seed: number; now: Date; demoSellerEmail: string }) {
  const faker = new Faker({ locale: [pl, en, base] });
  faker.seed(opts.seed + 3);
  const reps = await db
    .select({ id: users.id, email: users.email, activatedAt: users.activatedAt })
    .from(users)
    .where(and(inArray(users.role, ['seller', 'seller_reg']), isNull(users.deletedAt), isNotNull(users.activatedAt)))
    .orderBy(asc(users.id));

  const used = new Set<string>();
  const newNumber = () => {
    for (;;) {
      const n = `5${faker.string.numeric(15)}`;
      if (!used.has(n)) {
        used.add(n);
        return n;
      }
    }
  };
  const rows: { userId: number; number: string; createdAt: Date }[] = [];
  const current = new Map<number, string>();
  for (const rep of reps) {
    const isDemo = rep.email === opts.demoSellerEmail;
    if (!isDemo && faker.number.float() >= 0.85) continue;
    // Cards are added between activation (at most 400 days ago) and a day ago: never in the future.
    const since = Math.min(
      Math.max((rep.activatedAt as Date).getTime(), opts.now.getTime() - 400 * DAY),
      opts.now.getTime() - DAY,
    );
    const span = opts.now.getTime() - DAY - since;
    const count = isDemo ? 2 : faker.number.float() < 0.15 ? 2 : 1;
    const dates = Array.from({ length: count }, () => new Date(since + faker.number.float({ min: 0, max: 1 }) * span));
    dates.sort((a, b) => a.getTime() - b.getTime());
    for (const createdAt of dates) {
      const number = newNumber();
      rows.push({ userId: rep.id, number, createdAt });
      current.set(rep.id, number);
    }
  }
  await insertChunked(rows, 2000, (chunk) => db.insert(cards).values(chunk));
  await insertChunked([...current.entries()], 1000, async (chunk) => {
    const values = sql.join(
      chunk.map(([id, number]) => sql`(${id}::int, ${number}::text)`),
      sql`, `,
    );
    await db.execute(
      sql`update users set card_number = v.number from (values ${values}) as v(id, number) where users.id = v.id`,
    );
  });
}
