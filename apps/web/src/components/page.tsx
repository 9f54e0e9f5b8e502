import { Container, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page's frame: title, optional subtitle and actions, then the content. */
export function Page({
  title,
  subtitle,
  actions,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size="xl" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={2}>
            <Title order={1} fz={{ base: 22, sm: 28 }}>
              {title}
            </Title>
            {subtitle && <Text c="dimmed">{subtitle}</Text>}
          </Stack>
          {actions}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}
