import type { User } from '@incentive/contracts';
import { Avatar, Group, Text, UnstyledButton, type UnstyledButtonProps } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from '../../lib/i18n.ts';

export function fullNameOf(me: User): string {
  return [me.name, me.surname].filter(Boolean).join(' ');
}

/**
 * The header's avatar and name that opens the user menu. Shown on its own (disabled) while the
 * menu's chunk loads, then as the menu's target: the header paints without the dropdown's code.
 */
export function UserMenuButton({
  user: me,
  ...props
}: { user: User } & UnstyledButtonProps & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation();
  const initials = `${me.name[0] ?? ''}${me.surname?.[0] ?? ''}`.toUpperCase();
  return (
    <UnstyledButton aria-label={t('user.menu')} {...props}>
      <Group gap={8} wrap="nowrap">
        <Avatar color="blue" radius="xl" size={34}>
          {initials}
        </Avatar>
        <Text fz="sm" fw={600} visibleFrom="sm" style={{ whiteSpace: 'nowrap' }}>
          {fullNameOf(me)}
        </Text>
        <IconChevronDown size={14} aria-hidden />
      </Group>
    </UnstyledButton>
  );
}
