/*
 * The wallet feature's components for the rep home's wallet card (dashboard). The rep home imports
 * this file, and whatever it re-exports comes along with it, stylesheets included (they are side
 * effects): keep it to what the wallet card shows. The money history, shown on the withdrawals page
 * and the rep details page, is in components/. The withdrawals page is not exported here: the router
 * loads it as its own chunk.
 */
export { OwedNotice } from './components/owed-notice.tsx';
export { PendingWithdrawals } from './components/pending-withdrawals.tsx';
export { WithdrawButton } from './components/withdraw-button.tsx';
