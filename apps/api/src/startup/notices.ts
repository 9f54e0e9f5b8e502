import type { DbOrTx } from '../db/client.ts';
import { notify, notifyAdmins } from '../modules/notices/notices.service.ts';
import { addPayoutListener, type PayoutEvent } from '../modules/wallet/withdrawals.service.ts';

/**
 * A rep is told when its withdrawal is paid or fails, and the back office when the card issuer's
 * result is read (issue 31 point 2, decision 065): events of the wallet, told by the notices
 * module, which sits above it. Joined here, at start-up, so the wallet imports no notices.
 */
async function tellPayout(tx: DbOrTx, e: PayoutEvent): Promise<void> {
  if (e.type === 'settled') {
    const w = e.withdrawal;
    await notify(tx, {
      kind: e.outcome === 'paid' ? 'withdrawal.paid' : 'withdrawal.failed',
      userIds: [w.userId],
      key: `withdrawal:${w.id}`,
      // The card's last four digits only: the outbox never holds a full card number.
      payload: { id: w.id, amount: w.amount, card: w.cardNumber.slice(-4), reason: e.reason },
    });
    return;
  }
  await notifyAdmins(tx, {
    kind: 'payoutBatch.returned',
    key: `payoutBatch:${e.batchId}:${e.paid}:${e.failed}`,
    payload: { id: e.batchId, paid: e.paid, failed: e.failed, unchanged: e.unchanged },
  });
}

export function addPayoutNotices(): void {
  addPayoutListener(tellPayout);
}
