import { API, apiPath } from '@incentive/contracts';

/** The back office's API paths (SPEC.md section 7), from the contracts the server registers. */
export const BACK_OFFICE_API = {
  warehouses: API.warehouses,
  warehouse: (id: number) => apiPath(API.warehouse, { id }),
  warehouseUsers: (id: number) => apiPath(API.warehouseUsers, { id }),
  warehousesCsv: API.warehousesExport,
  users: API.users,
  user: (id: number) => apiPath(API.user, { id }),
  userProfile: (id: number) => apiPath(API.profile, { id }),
  userLogins: (id: number) => apiPath(API.userLogins, { id }),
  usersCsv: API.usersExport,
  userQuizAttempts: (id: number) => apiPath(API.userQuizAttempts, { id }),
  userCards: (id: number) => apiPath(API.salesRepCards, { id }),
  card: API.card,
  resendSetPassword: API.resendSetPassword,
} as const;
