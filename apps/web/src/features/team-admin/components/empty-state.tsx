import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** A tab or list with nothing in it yet: an icon, a title and one line. */
export function EmptyState({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          {icon}
        </ThemeIcon>
        <Text fw={600}>{title}</Text>
        <Text fz="sm" c="dimmed" maw={420}>
          {text}
        </Text>
      </Stack>
    </Paper>
  );
}
