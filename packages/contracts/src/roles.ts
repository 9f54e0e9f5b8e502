import { z } from 'zod';

/** Every role the product knows. `root` is treated as `admin` everywhere. */
export const ROLES = ['root', 'admin', 'provider_admin', 'wholesaler', 'seller_reg', 'seller'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Roles that work in the back office (everything but the field rep). */
export const BACK_OFFICE_ROLES = [
  'root',
  'admin',
  'provider_admin',
  'wholesaler',
  'seller_reg',
] as const satisfies readonly Role[];
/** Roles limited to their own warehouses: they see a user only when they share a warehouse with it. */
export const SCOPED_ROLES = ['seller_reg', 'wholesaler'] as const satisfies readonly Role[];
/** Roles with full administrative powers. */
export const ADMIN_ROLES = ['root', 'admin'] as const satisfies readonly Role[];
/** Roles that see the sales-rep home (wallet, quizzes, articles). */
export const REP_ROLES = ['seller'] as const satisfies readonly Role[];

export const isAdmin = (role: Role): boolean => role === 'root' || role === 'admin';
export const isBackOffice = (role: Role): boolean => role !== 'seller';
