import { base, en, Faker, pl } from '@faker-js/faker';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { ledgerEntries, payoutBatches, users, wallets, withdrawals } from '../db/schema.ts';
import { type Balances, deltaOf, ZERO_BALANCES } from '../modules/wallet/ledger.service.ts';
import { insertChunked } from './people.ts';

const DAY = 86400_000;
type Kind = Parameters<typeof deltaOf>[0];
type Entry = typeof ledgerEntries.$inferInsert;
type WithdrawalPlan = {
  userId: number;
  amount: number;
  status: 'requested' | 'exported' | 'paid' | 'failed';
  at: Date;
  settledAt: Date | null;
  cardNumber: string;
  reason: string | null;
};

/**
 * Realistic money for the demo: quiz rewards over past months, withdrawals in every state. The
 * balances are computed with the ledger's own rules (deltaOf), so `npm run ledger:check` holds.
 * No challenge rewards: until challenges exist, no rep's money may come from one (its challenges
 * column and profile say none); when they do, their rewards are seeded through the sales-results
 * import that posts them.
 */
export async function seedMoney(
  db: Db,
  opts: { seed: number; now: Date; demoSellerEmail: string; volume?: 'demo' | 'large' },
) {
  // The large set (benchmarks) has about 200,000 ledger entries: up to 44 rewards per rep instead of 16.
  const maxRewards = opts.volume === 'large' ? 44 : 16;
  const faker = new Faker({ locale: [pl, en, base] });
  faker.seed(opts.seed + 7);
  const reps = await db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      card: users.cardNumber,
      activatedAt: users.activatedAt,
    })
    .from(users)
    .where(and(inArray(users.role, ['seller', 'seller_reg']), isNull(users.deletedAt)))
    .orderBy(asc(users.id));
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.com'));
  const adminId = admin?.id ?? null;

  const entries: Entry[] = [];
  const plans: WithdrawalPlan[] = [];
  const balances = new Map<number, Balances>();
  const apply = (userId: number, kind: Kind, amount: number) => {
    const b = { ...(balances.get(userId) ?? ZERO_BALANCES) };
    const d = deltaOf(kind, amount);
    for (const [k, v] of Object.entries(d) as [keyof typeof d, number][]) b[k] += v;
    balances.set(userId, b);
  };

  for (const rep of reps) {
    if (!rep.activatedAt) continue;
    const isDemo = rep.email === opts.demoSellerEmail;
    const events: { at: Date; kind: 'quiz' | 'withdraw' }[] = [];
    const rewards = isDemo ? 14 : faker.number.int({ min: 0, max: maxRewards });
    for (let i = 0; i < rewards; i++) {
      events.push({
        at: new Date(opts.now.getTime() - faker.number.float({ min: 1, max: 180 }) * DAY),
        kind: 'quiz',
      });
    }
    const withdrawalsCount = isDemo
      ? 2
      : faker.helpers.weightedArrayElement([
          { weight: 4, value: 0 },
          { weight: 4, value: 1 },
          { weight: 2, value: 2 },
        ]);
    for (let i = 0; i < withdrawalsCount; i++) {
      events.push({
        at: new Date(opts.now.getTime() - faker.number.float({ min: 2, max: 150 }) * DAY),
        kind: 'withdraw',
      });
    }
    events.sort((a, b) => a.at.getTime() - b.at.getTime());
    // The demo seller's last event is a reward, so the wallet has money to try a withdrawal.
    if (isDemo && events.at(-1)?.kind === 'withdraw')
      events.push({ at: new Date(opts.now.getTime() - DAY), kind: 'quiz' });

    let k = 0;
    for (const e of events) {
      k++;
      if (e.kind === 'quiz') {
        const amount = faker.helpers.arrayElement([500, 1000, 1500, 2000, 2500, 5000]);
        entries.push({
          userId: rep.id,
          kind: 'quiz_reward',
          amount,
          sourceType: 'quiz',
          sourceId: `demo-quiz-${k}`,
          reason: null,
          createdAt: e.at,
        });
        apply(rep.id, 'quiz_reward', amount);
        continue;
      }
      const available = balances.get(rep.id)?.available ?? 0;
      if (available <= 0) continue;
      const ageDays = (opts.now.getTime() - e.at.getTime()) / DAY;
      const status: WithdrawalPlan['status'] = isDemo
        ? 'paid'
        : ageDays < 7
          ? faker.helpers.arrayElement(['requested', 'requested', 'exported'])
          : ageDays < 14
            ? faker.helpers.arrayElement(['exported', 'paid'])
            : faker.number.float() < 0.9
              ? 'paid'
              : 'failed';
      plans.push({
        userId: rep.id,
        amount: available,
        status,
        at: e.at,
        settledAt: status === 'paid' || status === 'failed' ? new Date(e.at.getTime() + 5 * DAY) : null,
        cardNumber: rep.card ?? faker.string.numeric(16),
        reason: status === 'failed' ? 'Karta zablokowana przez wystawcę' : null,
      });
      apply(rep.id, 'withdrawal_requested', available);
      if (status === 'paid') apply(rep.id, 'withdrawal_paid', available);
      if (status === 'failed') apply(rep.id, 'withdrawal_failed', available);
    }
  }

  // Only reps earn: a regional manager can neither see nor withdraw money (decision 045). Managers
  // were drawn above like reps, so the reps' demo money stays what it was; theirs is dropped here.
  const managers = new Set(reps.filter((r) => r.role !== 'seller').map((r) => r.id));
  const keep = <T extends { userId: number }>(list: T[]) => {
    const kept = list.filter((x) => !managers.has(x.userId));
    // Not splice(…, ...kept): the large set's 200,000 entries would overflow the argument list.
    list.length = 0;
    for (const x of kept) list.push(x);
  };
  keep(entries);
  keep(plans);
  for (const id of managers) balances.delete(id);

  // One issuer batch per week of exported or settled withdrawals.
  const exportedPlans = plans.filter((p) => p.status !== 'requested' && !(p.status === 'failed' && !p.settledAt));
  const byWeek = new Map<number, WithdrawalPlan[]>();
  for (const p of exportedPlans) {
    const week = Math.floor(p.at.getTime() / (7 * DAY));
    byWeek.set(week, [...(byWeek.get(week) ?? []), p]);
  }
  const batchOf = new Map<WithdrawalPlan, number>();
  if (adminId !== null) {
    for (const [week, group] of [...byWeek.entries()].sort((a, b) => a[0] - b[0])) {
      const [b] = await db
        .insert(payoutBatches)
        .values({
          createdBy: adminId,
          withdrawalsCount: group.length,
          total: group.reduce((s, p) => s + p.amount, 0),
          createdAt: new Date((week + 1) * 7 * DAY),
        })
        .returning({ id: payoutBatches.id });
      for (const p of group) batchOf.set(p, b?.id ?? 0);
    }
  }

  const ids: number[] = [];
  await insertChunked(plans, 1000, async (chunk) => {
    const rows = await db
      .insert(withdrawals)
      .values(
        chunk.map((p) => {
          const batchId = batchOf.get(p) ?? null;
          return {
            userId: p.userId,
            amount: p.amount,
            status: p.status,
            cardNumber: p.cardNumber,
            batchId,
            exportedAt: batchId ? new Date(p.at.getTime() + 2 * DAY) : null,
            exportedBy: batchId ? adminId : null,
            settledAt: p.settledAt,
            settledBy: p.settledAt ? adminId : null,
            failureReason: p.reason,
            createdAt: p.at,
          };
        }),
      )
      .returning({ id: withdrawals.id });
    ids.push(...rows.map((r) => r.id));
  });
  plans.forEach((p, i) => {
    const sourceId = String(ids[i]);
    const base = { userId: p.userId, amount: p.amount, sourceType: 'withdrawal', sourceId };
    entries.push({ ...base, kind: 'withdrawal_requested', createdAt: p.at, createdBy: p.userId });
    if (p.status === 'paid')
      entries.push({ ...base, kind: 'withdrawal_paid', createdAt: p.settledAt ?? p.at, createdBy: adminId });
    if (p.status === 'failed') {
      entries.push({
        ...base,
        kind: 'withdrawal_failed',
        reason: p.reason,
        createdAt: p.settledAt ?? p.at,
        createdBy: adminId,
      });
    }
  });
  entries.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
  await insertChunked(entries, 2000, (chunk) => db.insert(ledgerEntries).values(chunk));
  await insertChunked([...balances.entries()], 2000, (chunk) =>
    db.insert(wallets).values(chunk.map(([userId, b]) => ({ userId, ...b, updatedAt: opts.now }))),
  );
  return { entries: entries.length, withdrawals: plans.length, wallets: balances.size };
}
