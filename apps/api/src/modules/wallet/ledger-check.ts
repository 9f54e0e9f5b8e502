import type { LedgerCheck } from '@incentive/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { formatGrosze } from '../../lib/money.ts';
import { queryRows } from '../../lib/query-rows.ts';

type Row = Record<string, string | number | null>;

const FIELDS = [
  'available',
  'in_withdrawal',
  'withdrawn',
  'earned_quiz',
  'earned_challenge',
  'earned_adjustment',
] as const;

/** Per user: the wallet's balances beside what the ledger entries and the withdrawals add up to. */
const COMPARISON = sql`
  with sums as (
    select user_id,
      sum(case when kind in ('quiz_reward','challenge_reward','adjustment','withdrawal_failed') then amount
               when kind = 'withdrawal_requested' then -amount else 0 end) as available,
      sum(case when kind = 'withdrawal_requested' then amount
               when kind in ('withdrawal_paid','withdrawal_failed') then -amount else 0 end) as in_withdrawal,
      sum(case when kind = 'withdrawal_paid' then amount else 0 end) as withdrawn,
      sum(case when kind = 'quiz_reward' then amount else 0 end) as earned_quiz,
      sum(case when kind = 'challenge_reward' then amount else 0 end) as earned_challenge,
      sum(case when kind = 'adjustment' then amount else 0 end) as earned_adjustment
    from ledger_entries group by user_id
  ), wd as (
    select user_id,
      sum(case when status in ('requested','exported') then amount else 0 end) as open_amount,
      sum(case when status = 'paid' then amount else 0 end) as paid_amount
    from withdrawals group by user_id
  ), cmp as (
    select coalesce(w.user_id, s.user_id, wd.user_id)::int as user_id,
      coalesce(w.available, 0)::bigint as w_available, coalesce(s.available, 0)::bigint as l_available,
      coalesce(w.in_withdrawal, 0)::bigint as w_in_withdrawal, coalesce(s.in_withdrawal, 0)::bigint as l_in_withdrawal,
      coalesce(w.withdrawn, 0)::bigint as w_withdrawn, coalesce(s.withdrawn, 0)::bigint as l_withdrawn,
      coalesce(w.earned_quiz, 0)::bigint as w_earned_quiz, coalesce(s.earned_quiz, 0)::bigint as l_earned_quiz,
      coalesce(w.earned_challenge, 0)::bigint as w_earned_challenge, coalesce(s.earned_challenge, 0)::bigint as l_earned_challenge,
      coalesce(w.earned_adjustment, 0)::bigint as w_earned_adjustment, coalesce(s.earned_adjustment, 0)::bigint as l_earned_adjustment,
      coalesce(wd.open_amount, 0)::bigint as open_amount, coalesce(wd.paid_amount, 0)::bigint as paid_amount
    from wallets w
    full outer join sums s on s.user_id = w.user_id
    full outer join wd on wd.user_id = coalesce(w.user_id, s.user_id)
  )`;

/**
 * Proves the books: for every user each balance in `wallets` equals what the ledger entries add
 * up to, money on its way out equals the open withdrawals, and what was withdrawn equals the paid
 * ones; across everyone, earned = available + in withdrawal + withdrawn. All in SQL: only the
 * mismatching rows (at most 1000) and the totals come back.
 */
export async function checkLedger(db: DbOrTx): Promise<LedgerCheck> {
  const differs = sql.join(
    [
      ...FIELDS.map((f) => sql.raw(`w_${f} <> l_${f}`)),
      sql.raw('w_in_withdrawal <> open_amount'),
      sql.raw('w_withdrawn <> paid_amount'),
    ],
    sql` or `,
  );
  const bad = await queryRows<Row>(
    db,
    sql`${COMPARISON} select * from cmp where ${differs} order by user_id limit 1000`,
  );
  const agg = await queryRows<Row>(
    db,
    sql`${COMPARISON}
    select count(*)::int as users,
      coalesce(sum(l_earned_quiz + l_earned_challenge + l_earned_adjustment), 0)::bigint as earned,
      coalesce(sum(l_available), 0)::bigint as available,
      coalesce(sum(l_in_withdrawal), 0)::bigint as in_withdrawal,
      coalesce(sum(l_withdrawn), 0)::bigint as withdrawn
    from cmp`,
  );

  const mismatches: LedgerCheck['mismatches'] = [];
  for (const r of bad) {
    const n = (k: string) => Number(r[k] ?? 0);
    const add = (field: string, w: number, l: number) => {
      if (w !== l) mismatches.push({ user_id: n('user_id'), field, wallet: formatGrosze(w), ledger: formatGrosze(l) });
    };
    for (const f of FIELDS) add(f, n(`w_${f}`), n(`l_${f}`));
    add('open_withdrawals', n('w_in_withdrawal'), n('open_amount'));
    add('paid_withdrawals', n('w_withdrawn'), n('paid_amount'));
  }
  const t = agg[0] ?? {};
  const num = (k: string) => Number(t[k] ?? 0);
  if (num('earned') !== num('available') + num('in_withdrawal') + num('withdrawn')) {
    mismatches.push({
      user_id: 0,
      field: 'conservation',
      wallet: formatGrosze(num('available') + num('in_withdrawal') + num('withdrawn')),
      ledger: formatGrosze(num('earned')),
    });
  }
  return {
    ok: mismatches.length === 0,
    users_checked: num('users'),
    mismatches,
    totals: {
      earned: formatGrosze(num('earned')),
      available: formatGrosze(num('available')),
      in_withdrawal: formatGrosze(num('in_withdrawal')),
      withdrawn: formatGrosze(num('withdrawn')),
    },
  };
}
