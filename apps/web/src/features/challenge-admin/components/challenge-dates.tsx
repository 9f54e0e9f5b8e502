import { Text } from '@mantine/core';
import { formatDay } from '../lib/days.ts';

/** A challenge's days, both included: "01-03-2026 – 31-03-2026" (the one date display, decision 046). */
export function ChallengeDates({ start, end }: { start: string; end: string }) {
  return (
    <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
      {formatDay(start)} – {formatDay(end)}
    </Text>
  );
}
