import { z } from 'zod';

/** Every role the product knows. `root` is treated as `admin` everywhere (policy.ts says what each may do). */
export const ROLES = ['root', 'admin', 'provider_admin', 'wholesaler', 'seller_reg', 'seller'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;
