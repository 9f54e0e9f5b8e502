import { can, type Lang, type User } from '@incentive/contracts';
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLanguage, IconLogout, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { setLanguage } from '../../lib/i18n.ts';
import { paths } from '../../lib/paths.ts';

/** 'Logged as' with name and surname, the language switch and logout (which leads to /, signing out). */
export function UserMenu({ me }: { me: User }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const fullName = [me.name, me.surname].filter(Boolean).join(' ');
  const initials = `${me.name[0] ?? ''}${me.surname?.[0] ?? ''}`.toUpperCase();
  const other: Lang = i18n.language === 'pl' ? 'en' : 'pl';
  return (
    <Menu position="bottom-end" width={240} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={t('user.menu')}>
          <Group gap={8} wrap="nowrap">
            <Avatar color="blue" radius="xl" size={34}>
              {initials}
            </Avatar>
            <Text fz="sm" fw={600} visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
              {fullName}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
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
        <Menu.Item leftSection={<IconLanguage size={16} />} onClick={() => setLanguage(other)}>
          {other === 'en' ? 'English' : 'Polski'}
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => navigate(paths.login())}>
          {t('user.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
