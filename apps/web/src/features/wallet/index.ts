/*
 * The wallet feature's components for other features' pages (the rep details page). The withdrawals
 * page is not exported here: the router loads it as its own chunk (app/router.tsx). Anything this file
 * re-exports is bundled with whoever imports it, so a page here would pull these components into the entry.
 */
export { AdjustBalanceButton } from './components/adjust-balance-button.tsx';
export { MoneyHistory } from './components/money-history.tsx';
