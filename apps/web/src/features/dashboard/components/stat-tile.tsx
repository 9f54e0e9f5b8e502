import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled figure of the wallet or the quiz box. */
export function StatTile({ label, value, accent }: { label: string; value: ReactNode; accent?: boolean }) {
  return (
    <Paper p="md" radius="md" bg={accent ? 'blue.8' : 'gray.0'} c={accent ? 'white' : undefined}>
      <Text fz="xs" tt="uppercase" fw={700} c={accent ? 'blue.0' : 'dimmed'}>
        {label}
      </Text>
      <Text
        fz={accent ? 28 : { base: 17, xs: 20 }}
        fw={800}
        mt={4}
        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      >
        {value}
      </Text>
    </Paper>
  );
}
