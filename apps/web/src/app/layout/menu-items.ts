import type { Role, User } from '@incentive/contracts';

export interface MenuItem {
  key: string;
  /** i18n key of the label. */
  label: string;
  to: (me: User) => string;
  roles: readonly Role[];
}

const firstWarehouse = (me: User) => `/warehouse/details/${me.wholesaler_ids[0] ?? ''}`;

/**
 * The menu by role (SPEC.md section 2). An entry is listed here once its page exists;
 * root is treated as admin.
 */
export const MENU_ITEMS: MenuItem[] = [
  {
    key: 'dashboard',
    label: 'menu.dashboard',
    to: () => '/dashboard',
    roles: ['admin', 'provider_admin', 'seller_reg', 'seller'],
  },
  { key: 'my-warehouse', label: 'menu.myWarehouse', to: firstWarehouse, roles: ['wholesaler'] },
  { key: 'withdraw', label: 'menu.withdraw', to: () => '/withdraw', roles: ['admin', 'seller'] },
  { key: 'admin-preview', label: 'menu.adminPreview', to: () => '/dashboard?admin-preview=1', roles: ['admin'] },
];

export function menuFor(me: User): MenuItem[] {
  const role: Role = me.role === 'root' ? 'admin' : me.role;
  return MENU_ITEMS.filter((i) => i.roles.includes(role));
}
