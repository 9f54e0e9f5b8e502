import { Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconUpload, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * What a drop zone shows (an image field's, the sales file's): an icon for each state (a file
 * accepted while dragged, refused, none yet) beside a line and a hint. Clicks pass through to the zone.
 */
export function DropZoneBody({
  minHeight,
  idleIcon,
  title,
  hint,
  hintColor,
}: {
  minHeight: number;
  idleIcon: ReactNode;
  title: ReactNode;
  hint: ReactNode;
  hintColor: string;
}) {
  return (
    <Group justify="center" gap="md" mih={minHeight} style={{ pointerEvents: 'none' }} wrap="nowrap">
      <Dropzone.Accept>
        <IconUpload size={40} color="var(--mantine-color-blue-6)" aria-hidden />
      </Dropzone.Accept>
      <Dropzone.Reject>
        <IconX size={40} color="var(--mantine-color-red-6)" aria-hidden />
      </Dropzone.Reject>
      <Dropzone.Idle>{idleIcon}</Dropzone.Idle>
      <Stack gap={4}>
        <Text fz="md">{title}</Text>
        <Text fz="sm" c={hintColor}>
          {hint}
        </Text>
      </Stack>
    </Group>
  );
}
