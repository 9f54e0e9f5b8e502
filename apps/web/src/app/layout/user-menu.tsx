import { can, type Lang, type User } from '@incentive/contracts';
import { Menu, Text } from '@mantine/core';
import { IconBell, IconLanguage, IconLogout, IconSettings, IconUser } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { setLanguage, useTranslation } from '../../lib/i18n.ts';
import { paths } from '../../lib/paths.ts';
import { fullNameOf, UserMenuButton } from './user-menu-button.tsx';

/**
 * 'Logged as' with name and surname, the language switch and logout (which leads to /, signing
 * out). Mounted by the click that asked for it, so it opens at once (defaultOpened).
 */
export function UserMenu({ me, defaultOpened = false }: { me: User; defaultOpened?: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const fullName = fullNameOf(me);
  const other: Lang = i18n.language === 'pl' ? 'en' : 'pl';
  return (
    // No focus placeholder: a role=presentation element is not allowed inside role=menu (axe aria-required-children).
    <Menu
      position="bottom-end"
      width={240}
      shadow="md"
      defaultOpened={defaultOpened}
      withInitialFocusPlaceholder={false}
    >
      <Menu.Target>
        <UserMenuButton user={me} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('user.loggedAs')}</Menu.Label>
        <Text px="sm" pb={6} fz="sm" fw={600} data-testid="logged-as">
          {fullName}
        </Text>
        <Text px="sm" pb={8} fz="xs" c="dimmed">
          {t(`roles.${me.role}`)}
        </Text>
        <Menu.Divider />
        {/* The profile link: sales reps only, to their own details (SPEC.md section 2). */}
        {can(me.role, 'profile.view') && (
          <Menu.Item leftSection={<IconUser size={16} />} onClick={() => navigate(paths.salesRepDetails(me.id))}>
            {t('user.profile')}
          </Menu.Item>
        )}
        {/* Which e-mail notices one receives (issue 31 point 2). */}
        {can(me.role, 'notices.settings') && (
          <Menu.Item leftSection={<IconBell size={16} />} onClick={() => navigate(paths.notifications())}>
            {t('user.notifications')}
          </Menu.Item>
        )}
        {/* The programme's organiser, contact and rules (decision 047): outside the spec's main menu. */}
        {can(me.role, 'settings.manage') && (
          <Menu.Item leftSection={<IconSettings size={16} />} onClick={() => navigate(paths.settings())}>
            {t('user.settings')}
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconLanguage size={16} />} onClick={() => void setLanguage(other)}>
          {other === 'en' ? 'English' : 'Polski'}
        </Menu.Item>
        {/* Text in red.9: the menu's red is 3.3:1 on white, under WCAG AA's 4.5:1. */}
        <Menu.Item c="red.9" leftSection={<IconLogout size={16} />} onClick={() => navigate(paths.login())}>
          {t('user.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
