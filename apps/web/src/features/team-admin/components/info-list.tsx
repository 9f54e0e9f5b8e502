import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** Label and value pairs of a details tab; one column on phones, two from the sm breakpoint. */
export function InfoList({ items }: { items: { label: string; value: ReactNode }[] }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        {items.map((item) => (
          <Stack key={item.label} gap={2} style={{ minWidth: 0 }}>
            <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
              {item.label}
            </Text>
            <Text fz="sm" style={{ overflowWrap: 'anywhere' }} component="div">
              {item.value ?? '—'}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
