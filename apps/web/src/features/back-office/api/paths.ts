/** The back office's API paths (SPEC.md section 7, "Session and users" and "Warehouses"). */
export const BACK_OFFICE_API = {
  warehouses: '/api/warehouses',
  warehouse: (id: number) => `/api/warehouses/${id}`,
  warehouseUsers: (id: number) => `/api/warehouses/${id}/users`,
  warehousesCsv: '/api/warehouses/export.csv',
  users: '/api/users',
  user: (id: number) => `/api/users/${id}`,
  userProfile: (id: number) => `/api/auth/profile/${id}`,
  userLogins: (id: number) => `/api/users/${id}/logins`,
  usersCsv: '/api/users/export.csv',
  userCards: (id: number) => `/api/sales-rep/${id}/cards`,
  card: '/api/card',
  resendSetPassword: '/api/resend-set-password',
} as const;

/** Query-key roots, so a change can refresh every list that shows the changed records. */
export const QK = {
  warehouses: ['warehouses'] as const,
  users: ['users'] as const,
  cards: ['cards'] as const,
};
