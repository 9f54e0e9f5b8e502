/*
 * The role names with no zod: the policy (and so every page's menu and guard) needs them, and a module
 * with a top-level zod call would pull zod into a phone's first download (decision 013's budget).
 */

/** Every role the product knows. `root` is treated as `admin` everywhere (policy.ts says what each may do). */
export const ROLES = ['root', 'admin', 'provider_admin', 'wholesaler', 'seller_reg', 'seller'] as const;
export type Role = (typeof ROLES)[number];
