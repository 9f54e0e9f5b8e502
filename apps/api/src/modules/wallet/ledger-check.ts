import type { LedgerCheck } from '@incentive/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { formatGrosze } from '../../lib/money.ts';
import * as repo from './ledger-check.repo.ts';
import { BALANCE_FIELDS, type BalanceField, EARNED_FIELDS } from './money-rules.ts';

/** Mismatching users reported at most. */
const MAX_MISMATCHES = 1000;

/**
 * Proves the books: for every user each balance in `wallets` equals what the ledger entries add
 * up to by the money rules (MOVES), money on its way out equals the open withdrawals, and what
 * was withdrawn equals the paid ones; across everyone, earned = available + in withdrawal +
 * withdrawn − owed; no wallet holds money while it owes (decision 044); and every warehouse membership's copy of its member's earnings equals the wallet. The
 * sums run in SQL: only the mismatching rows and the totals come back.
 */
export async function checkLedger(db: DbOrTx): Promise<LedgerCheck> {
  const [bad, totals, copies] = await Promise.all([
    repo.mismatchingUsers(db, MAX_MISMATCHES),
    repo.ledgerTotals(db),
    repo.memberCopiesOff(db, MAX_MISMATCHES),
  ]);

  const mismatches: LedgerCheck['mismatches'] = [];
  for (const r of bad) {
    const n = (key: string) => Number(r[key] ?? 0);
    const add = (field: string, w: number, l: number) => {
      if (w !== l) mismatches.push({ user_id: n('user_id'), field, wallet: formatGrosze(w), ledger: formatGrosze(l) });
    };
    for (const f of BALANCE_FIELDS) {
      const c = repo.column(f);
      add(c, n(`w_${c}`), n(`l_${c}`));
    }
    add('open_withdrawals', n(`w_${repo.column('inWithdrawal')}`), n('open_amount'));
    add('paid_withdrawals', n(`w_${repo.column('withdrawn')}`), n('paid_amount'));
    // Money that arrives while the rep owes settles the debt first: both at once is a missed settlement.
    const owed = n(`w_${repo.column('owed')}`);
    const available = n(`w_${repo.column('available')}`);
    if (owed > 0 && available > 0) {
      mismatches.push({
        user_id: n('user_id'),
        field: 'owed_unsettled',
        wallet: formatGrosze(available),
        ledger: formatGrosze(owed),
      });
    }
  }

  // A warehouse membership's copy of the member's earnings (decision 042): `wallet` is the wallet's
  // total, `ledger` the copy.
  for (const c of copies) {
    mismatches.push({
      user_id: Number(c.user_id),
      field: `member_earned:warehouse:${c.warehouse_id}`,
      wallet: formatGrosze(Number(c.earned)),
      ledger: formatGrosze(Number(c.copy)),
    });
  }

  const sum = (f: BalanceField) => Number(totals?.[`l_${repo.column(f)}`] ?? 0);
  const earned = EARNED_FIELDS.reduce((s, f) => s + sum(f), 0);
  const held = sum('available') + sum('inWithdrawal') + sum('withdrawn') - sum('owed');
  if (earned !== held) {
    mismatches.push({ user_id: 0, field: 'conservation', wallet: formatGrosze(held), ledger: formatGrosze(earned) });
  }
  return {
    ok: mismatches.length === 0,
    users_checked: Number(totals?.users ?? 0),
    mismatches,
    totals: {
      earned: formatGrosze(earned),
      available: formatGrosze(sum('available')),
      in_withdrawal: formatGrosze(sum('inWithdrawal')),
      withdrawn: formatGrosze(sum('withdrawn')),
      owed: formatGrosze(sum('owed')),
    },
  };
}
