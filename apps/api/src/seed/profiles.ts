import { base, en, Faker, pl } from '@faker-js/faker';
import { TAX_OFFICES } from '@incentive/contracts/tax-offices';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { repProfiles, users } from '../db/schema.ts';
import { insertChunked } from './people.ts';

const WEIGHTS = [1, 3, 7, 9, 1, 3, 7, 9, 1, 3];

/** A valid PESEL for a date of birth (1900–2099) and a 4-digit serial: the month carries the century. */
export function peselOf(birth: Date, serial: number): string {
  const year = birth.getUTCFullYear();
  const month = birth.getUTCMonth() + 1 + (year >= 2000 ? 20 : 0);
  const digits = `${String(year % 100).padStart(2, '0')}${String(month).padStart(2, '0')}${String(birth.getUTCDate()).padStart(2, '0')}${String(serial).padStart(4, '0')}`;
  const sum = [...digits].reduce((acc, d, i) => acc + Number(d) * (WEIGHTS[i] as number), 0);
  return `${digits}${(10 - (sum % 10)) % 10}`;
}

/**
 * The reps' tax data for the demo (issue 30 point 2): the demo seller and about six reps in ten
 * have all of it, one in ten only part (the home reminds them), the rest none. Deterministic for a seed.
 */
export async function seedProfiles(db: Db, opts: { seed: number; demoSellerEmail: string }) {
  const faker = new Faker({ locale: [pl, en, base] });
  faker.seed(opts.seed + 7);
  const reps = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.role, 'seller'), isNull(users.deletedAt)))
    .orderBy(asc(users.id));
  const rows: (typeof repProfiles.$inferInsert)[] = [];
  for (const rep of reps) {
    const roll = faker.number.float();
    const isDemo = rep.email === opts.demoSellerEmail;
    if (!isDemo && roll >= 0.7) continue;
    const birth = faker.date.between({ from: '1962-01-01', to: '2003-12-31' });
    const office = faker.helpers.arrayElement(TAX_OFFICES);
    const full = {
      userId: rep.id,
      pesel: peselOf(birth, faker.number.int({ min: 0, max: 9999 })),
      taxOfficeCode: office[0],
      street: `${faker.location.street()} ${faker.number.int({ min: 1, max: 120 })}`,
      postcode: faker.helpers.replaceSymbols('##-###'),
      city: faker.location.city(),
    };
    // One in ten of those with a profile began it and stopped: no PESEL and no tax office yet.
    rows.push(isDemo || roll < 0.6 ? full : { ...full, pesel: null, taxOfficeCode: null });
  }
  await insertChunked(rows, 2000, (chunk) => db.insert(repProfiles).values(chunk));
}
