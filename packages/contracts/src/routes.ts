/** API paths shared by the server and the web client. */
export const API = {
  login: '/api/login',
  logout: '/api/logout',
  me: '/api/me',
  setPassword: '/api/set-password',
  resendSetPassword: '/api/resend-set-password',
  forgotPassword: '/api/forgot-password',
  health: '/api/health',
  users: '/api/users',
  usersExport: '/api/users/export.csv',
  user: '/api/users/:id',
  userLogins: '/api/users/:id/logins',
  profile: '/api/auth/profile/:id',
  salesRepCards: '/api/sales-rep/:id/cards',
  card: '/api/card',
  warehouses: '/api/warehouses',
  warehousesExport: '/api/warehouses/export.csv',
  warehouse: '/api/warehouses/:id',
  warehouseUsers: '/api/warehouses/:id/users',
  withdrawal: '/api/withdrawal',
  wallet: '/api/wallet',
  walletHistory: '/api/wallet/history',
  userLedger: '/api/users/:id/ledger',
  adjustments: '/api/admin/adjustments',
  payoutBatches: '/api/payout-batches',
  payoutBatchFile: '/api/payout-batches/:id/file',
  payoutBatchPaid: '/api/payout-batches/:id/paid',
  payoutBatchResult: '/api/payout-batches/:id/result',
  withdrawalPaid: '/api/withdrawals/:id/paid',
  withdrawalFailed: '/api/withdrawals/:id/failed',
  ledgerCheck: '/api/admin/ledger/check',
  moneyOverview: '/api/admin/money-overview',
} as const;

/** Fills the `:name` parameters of an API path: apiPath(API.user, { id: 7 }) is '/api/users/7'. */
export function apiPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(String(params[k] ?? '')));
}
