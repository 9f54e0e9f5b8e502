/*
 * The wallet feature's components for other features' pages: the rep home's wallet card (dashboard)
 * and the rep details page (team-admin). The withdrawals page is not exported here: the router loads
 * it as its own chunk (app/router.tsx). A page re-exported here would be bundled with whoever imports
 * this file, so a page here would pull these components into the entry.
 */
export { AdjustBalanceButton } from './components/adjust-balance-button.tsx';
export { MoneyHistory } from './components/money-history.tsx';
export { OwedNotice } from './components/owed-notice.tsx';
export { PendingWithdrawals } from './components/pending-withdrawals.tsx';
export { WithdrawButton } from './components/withdraw-button.tsx';
