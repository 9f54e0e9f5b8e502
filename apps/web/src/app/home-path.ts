import type { User } from '@incentive/contracts';

/** Where the logo and the default layout lead: a wholesaler's first warehouse, everyone else the dashboard. */
export function homePath(me: Pick<User, 'role' | 'wholesaler_ids'>): string {
  if (me.role === 'wholesaler' && me.wholesaler_ids[0] !== undefined)
    return `/warehouse/details/${me.wholesaler_ids[0]}`;
  return '/dashboard';
}
