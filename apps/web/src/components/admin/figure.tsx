import { Stack, Text } from '@mantine/core';

/** One labelled figure (rows, people, money): the label small and upper-case above it. */
export function Figure({
  label,
  value,
  testId,
  small,
  color,
}: {
  label: string;
  value: string | number;
  testId: string;
  small?: boolean;
  /** The value's colour, for one that needs attention (refused rows, failed e-mails). */
  color?: string;
}) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="gray.7" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={small ? 'lg' : 'xl'} fw={700} c={color} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Stack>
  );
}
