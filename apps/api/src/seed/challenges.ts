import { Readable } from 'node:stream';
import { challengeFieldsSchema, warsawDay } from '@incentive/contracts';
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { products, salesImports, users, userWarehouses, warehouses } from '../db/schema.ts';
import { createChallenge } from '../modules/challenges/challenges.service.ts';
import { importSalesNow } from '../modules/sales/sales-imports.service.ts';
import { demoImage } from './demo-images.ts';

/*
 * Two demo challenges, one running and one ended ten days ago, and their results imported from
 * generated ERP files THROUGH the sales import (staging, checks, ledger), as an admin would: the
 * reps' challenge money is then explained by challenge_earnings and the ledger like any import's.
 * The challenges are created through the challenges service, as the back-office form does.
 */

const DAY = 86_400_000;

/** A calendar day in Warsaw, `days` from `now`, as YYYY-MM-DD. */
function dayFrom(now: Date, days: number): string {
  return warsawDay(new Date(now.getTime() + days * DAY));
}

/** Deterministic numbers in [0, 1) (mulberry32), so the demo is the same on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

interface DemoChallenge {
  name: string;
  intro: string;
  hue: number;
  /** Days from today (Warsaw) of the first and last day. */
  from: number;
  to: number;
  /** Product code → reward per unit in grosze. */
  rewards: Record<string, number>;
  /** The document prefix of its results file. */
  prefix: string;
}

const CHALLENGES: DemoChallenge[] = [
  {
    name: 'Jesienne orzeźwienie',
    intro:
      'Za każdą sprzedaną butelkę napoju i karton herbaty z listy dostajesz nagrodę. Liczy się sprzedaż w hurtowni.',
    hue: 95,
    from: -60,
    to: -10,
    rewards: { 'NAP-050-CM': 150, 'NAP-050-ML': 150, 'HRB-100-ZB': 200 },
    prefix: 'FV/JO',
  },
  {
    name: 'Zimowa energia',
    intro: 'Kawa, batony i woda: im więcej sztuk sprzedasz do końca wyzwania, tym wyżej w rankingu.',
    hue: 25,
    from: -20,
    to: 25,
    rewards: { 'KAW-1000-PR': 500, 'BAT-050-OM': 50, 'WOD-150-ZR': 80 },
    prefix: 'FV/ZE',
  },
];

const HEADER = 'Nr dokumentu;Pozycja;Data sprzedaży;Kod hurtowni;Kod PH;Indeks;Ilość';

export async function seedChallenges(db: Db, opts: { seed: number; now: Date; demoSellerEmail: string }) {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
  if (!admin) throw new Error('the demo accounts come before the challenges');
  const next = random(opts.seed);
  // The reps who sold: the demo seller first, then two in three of the activated sellers.
  const reps = await db
    .select({ email: users.email, asseco: users.assecoId, warehouse: warehouses.assecoId })
    .from(users)
    .innerJoin(userWarehouses, eq(userWarehouses.userId, users.id))
    .innerJoin(warehouses, eq(warehouses.id, userWarehouses.warehouseId))
    .where(
      and(
        eq(users.role, 'seller'),
        isNull(users.deletedAt),
        isNotNull(users.assecoId),
        isNotNull(users.passwordHash),
        isNull(warehouses.deletedAt),
      ),
    )
    .orderBy(asc(users.id));
  const sellers = reps.filter((r) => r.email === opts.demoSellerEmail || next() < 0.66);

  for (const c of CHALLENGES) {
    const startOn = dayFrom(opts.now, c.from);
    const endOn = dayFrom(opts.now, c.to);
    const codes = Object.keys(c.rewards);
    const found = await db
      .select({ id: products.id, code: products.code })
      .from(products)
      .where(and(inArray(products.code, codes), isNull(products.deletedAt)));
    if (found.length !== codes.length) throw new Error('the demo products come before the challenges');
    const fields = challengeFieldsSchema.parse({
      name: c.name,
      intro: c.intro,
      start_at: startOn,
      end_at: endOn,
      products: JSON.stringify(
        codes.map((code) => ({
          product_id: (found.find((p) => p.code === code) as { id: number }).id,
          reward: ((c.rewards[code] as number) / 100).toFixed(2),
        })),
      ),
    });
    await createChallenge(db, admin, fields, await demoImage(c.name, c.hue, 960));

    // The results file: sales on days of the challenge up to yesterday, a few lines per rep.
    const lastDay = Math.min(c.to, -1);
    const lines: string[] = [HEADER];
    let doc = 0;
    for (const rep of sellers) {
      const documents = 1 + Math.floor(next() * 3);
      for (let d = 0; d < documents; d++) {
        doc++;
        const day = dayFrom(opts.now, c.from + Math.floor(next() * (lastDay - c.from + 1)));
        const [y, m, dd] = day.split('-');
        const items = 1 + Math.floor(next() * codes.length);
        for (let i = 0; i < items; i++) {
          const code = codes[(doc + i) % codes.length] as string;
          const quantity = 1 + Math.floor(next() * 24);
          // ERP exports write dates either way.
          const date = next() < 0.5 ? day : `${dd}.${m}.${y}`;
          lines.push(`${c.prefix}/${doc};${i + 1};${date};${rep.warehouse};${rep.asseco};${code};${quantity}`);
        }
      }
    }
    // A few rows every real export has, so the import's report has something to show.
    lines.push(
      `${c.prefix}/${doc + 1};1;${dayFrom(opts.now, c.from)};${sellers[0]?.warehouse};NIEZNANY-PH;${codes[0]};3`,
    );
    lines.push(
      `${c.prefix}/${doc + 1};2;${dayFrom(opts.now, c.from)};${sellers[0]?.warehouse};${sellers[0]?.asseco};XYZ-000;2`,
    );
    lines.push(
      `${c.prefix}/${doc + 1};3;${dayFrom(opts.now, c.from)};${sellers[0]?.warehouse};${sellers[0]?.asseco};${codes[0]};1,5`,
    );
    const file = Buffer.from(`${lines.join('\r\n')}\r\n`);
    const imported = await importSalesNow(
      db,
      admin.id,
      {
        fileName: `sprzedaz-${c.prefix.slice(3).toLowerCase()}-${endOn}.csv`,
        encoding: 'auto',
        chunks: Readable.from([file])[Symbol.asyncIterator]() as AsyncIterator<Buffer>,
        truncated: () => false,
      },
      'pl',
    );
    // The history reads as if the files came in over the weeks (the ended one's the day after it ended).
    const at = new Date(opts.now.getTime() + Math.min(c.to + 1, 0) * DAY);
    await db
      .update(salesImports)
      .set({ createdAt: at, appliedAt: at, finishedAt: at })
      .where(eq(salesImports.id, imported.id));
  }
}
