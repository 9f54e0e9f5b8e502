import { lazy } from 'react';

/*
 * The wallet feature's public entry. The withdrawals page is its own chunk (it brings the data
 * table); the components are for other features' pages (the rep details page).
 */
export const WithdrawalsPage = lazy(() =>
  import('./pages/withdrawals-page.tsx').then((m) => ({ default: m.WithdrawalsPage })),
);
export { AdjustBalanceButton } from './components/adjust-balance-button.tsx';
export { MoneyHistory } from './components/money-history.tsx';
