import type { User } from '@incentive/contracts';
import { Box, NavLink as MantineNavLink } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { menuFor } from './menu-items.ts';

/** The role's menu, as a row of links on desktop or a list in the mobile drawer. */
export function MainMenu({ me, vertical, onNavigate }: { me: User; vertical?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    // In the phone drawer the drawer itself is the <nav>; a second one inside it would nest landmarks.
    <Box
      component={vertical ? 'div' : 'nav'}
      aria-label={vertical ? undefined : t('menu.mainNavigation')}
      style={{ display: 'flex', flexDirection: vertical ? 'column' : 'row', gap: 4 }}
    >
      {menuFor(me).map((item) => {
        return (
          <MantineNavLink
            key={item.key}
            component={Link}
            to={item.to}
            label={t(item.label)}
            active={here === item.to}
            onClick={onNavigate}
            variant="light"
            w={vertical ? '100%' : 'auto'}
            style={{ borderRadius: 8, whiteSpace: 'nowrap' }}
          />
        );
      })}
    </Box>
  );
}
