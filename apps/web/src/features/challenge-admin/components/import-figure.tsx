import { Stack, Text } from '@mantine/core';

/** One labelled number of an import (rows, money): the label small and upper-case above it. */
export function ImportFigure({
  label,
  value,
  testId,
  small,
}: {
  label: string;
  value: string | number;
  testId: string;
  small?: boolean;
}) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="gray.7" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={small ? 'lg' : 'xl'} fw={700} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Stack>
  );
}
