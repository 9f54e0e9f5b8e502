import { base, en, Faker, pl } from '@faker-js/faker';
import type { Role } from '@incentive/contracts';
import { count } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { logins, users, userWarehouses, warehouses } from '../db/schema.ts';

const DAY = 24 * 3600 * 1000;

/** Inserts rows in chunks: PGlite runs one statement at a time, so few large statements beat many small ones. */
export async function insertChunked<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export interface PeopleOptions {
  seed: number;
  sellers: number;
  regionalManagers: number;
  /** How many warehouses get a warehouse admin (wholesaler) of their own. */
  wholesalers: number;
  /** One password hash shared by the generated accounts (hashing each at OWASP cost would take minutes). */
  passwordHash: string;
  now: Date;
}

function seededFaker(seed: number) {
  const faker = new Faker({ locale: [pl, en, base] });
  faker.seed(seed);
  return faker;
}

/** Warehouses across Poland with realistic names and addresses. */
export async function seedWarehouses(db: Db, o: { seed: number; count: number; now: Date }): Promise<number[]> {
  const faker = seededFaker(o.seed);
  const [{ n: existing } = { n: 0 }] = await db.select({ n: count() }).from(warehouses);

  const whRows = Array.from({ length: o.count }, (_, i) => {
    const city = faker.location.city();
    return {
      assecoId: `HUR-${String(existing + i + 1).padStart(5, '0')}`,
      name: `${faker.helpers.arrayElement(['Hurtownia', 'Centrum Dystrybucji', 'Magazyn', 'Hurt'])} ${faker.person.lastName()} ${city}`,
      address: `${faker.location.street()} ${faker.number.int({ min: 1, max: 199 })}, ${faker.location.zipCode()} ${city}`,
      nip: faker.string.numeric(10),
      email: `biuro${existing + i + 1}@${faker.internet.domainWord()}.pl`,
      createdAt: new Date(o.now.getTime() - faker.number.int({ min: 200, max: 900 }) * DAY),
    };
  });
  const whIds: number[] = [];
  await insertChunked(whRows, 500, async (chunk) => {
    const ids = await db.insert(warehouses).values(chunk).returning({ id: warehouses.id });
    whIds.push(...ids.map((r) => r.id));
  });
  return whIds;
}

/**
 * Generates a realistic, deterministic population in the given warehouses: reps with varied
 * sign-in histories (some never activated), regional managers over several warehouses.
 */
export async function seedPeople(db: Db, whIds: number[], o: PeopleOptions) {
  const faker = seededFaker(o.seed + 1);

  type Person = { role: Role; whs: number[] };
  const people: Person[] = [
    ...Array.from({ length: o.sellers }, (): Person => ({ role: 'seller', whs: [faker.helpers.arrayElement(whIds)] })),
    ...Array.from(
      { length: o.regionalManagers },
      (): Person => ({
        role: 'seller_reg',
        whs: faker.helpers.arrayElements(whIds, { min: 2, max: Math.min(6, whIds.length) }),
      }),
    ),
    ...whIds.slice(0, o.wholesalers).map((id): Person => ({ role: 'wholesaler', whs: [id] })),
  ];
  const [{ n: userCount } = { n: 0 }] = await db.select({ n: count() }).from(users);
  const userRows = people.map((p, i) => {
    const sex = faker.person.sexType();
    const name = faker.person.firstName(sex);
    const surname = faker.person.lastName(sex);
    const activated = faker.number.float() < 0.82;
    const n = userCount + i + 1;
    return {
      email: `${faker.helpers.slugify(`${name}.${surname}`).toLowerCase()}.${n}@example.pl`,
      name,
      surname,
      role: p.role,
      assecoId: p.role === 'wholesaler' ? null : `PH-${String(n).padStart(6, '0')}`,
      phone: faker.phone.number({ style: 'national' }),
      passwordHash: activated ? o.passwordHash : null,
      activatedAt: activated ? new Date(o.now.getTime() - faker.number.int({ min: 30, max: 400 }) * DAY) : null,
      createdAt: new Date(o.now.getTime() - faker.number.int({ min: 30, max: 500 }) * DAY),
    };
  });
  const ids: number[] = [];
  await insertChunked(userRows, 1000, async (chunk) => {
    const r = await db.insert(users).values(chunk).returning({ id: users.id });
    ids.push(...r.map((x) => x.id));
  });
  const links = people.flatMap((p, i) => p.whs.map((warehouseId) => ({ userId: ids[i] as number, warehouseId })));
  await insertChunked(links, 2000, (chunk) => db.insert(userWarehouses).values(chunk));

  // Sign-in histories: activated users sign in from rarely to every other day; some lapsed long ago.
  const loginRows: { userId: number; createdAt: Date; ip: string; userAgent: string }[] = [];
  const lastLogin = new Map<number, Date>();
  userRows.forEach((u, i) => {
    if (!u.activatedAt) return;
    const id = ids[i] as number;
    const habit = faker.helpers.weightedArrayElement([
      { weight: 3, value: { n: [15, 40], recentDays: 60 } },
      { weight: 4, value: { n: [3, 15], recentDays: 120 } },
      { weight: 2, value: { n: [1, 4], recentDays: 300 } },
    ]);
    const n = faker.number.int({ min: habit.n[0] as number, max: habit.n[1] as number });
    const offset = habit.recentDays > 100 ? faker.number.int({ min: 15, max: 90 }) : 0;
    for (let k = 0; k < n; k++) {
      const at = new Date(o.now.getTime() - (offset + faker.number.float({ min: 0, max: habit.recentDays })) * DAY);
      loginRows.push({ userId: id, createdAt: at, ip: faker.internet.ipv4(), userAgent: 'seed' });
      if (!lastLogin.has(id) || (lastLogin.get(id) as Date) < at) lastLogin.set(id, at);
    }
  });
  await insertChunked(loginRows, 2000, (chunk) => db.insert(logins).values(chunk));
  await setLastLogins(db, lastLogin);
  return { userIds: ids };
}

/** Writes users.last_login_at from a map in one statement per chunk. */
async function setLastLogins(db: Db, last: Map<number, Date>) {
  const { sql } = await import('drizzle-orm');
  const entries = [...last.entries()];
  await insertChunked(entries, 1000, async (chunk) => {
    const values = sql.join(
      chunk.map(([id, at]) => sql`(${id}::int, ${at.toISOString()}::timestamptz)`),
      sql`, `,
    );
    await db.execute(
      sql`update users set last_login_at = v.at from (values ${values}) as v(id, at) where users.id = v.id`,
    );
  });
}
