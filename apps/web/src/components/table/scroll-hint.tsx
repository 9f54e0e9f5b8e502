import { Group, Text } from '@mantine/core';
import { IconArrowsHorizontal } from '@tabler/icons-react';
import { useTranslation } from '../../lib/i18n.ts';

/** The line above a table wider than its frame: it scrolls sideways (its scrollbar stays visible). */
export function ScrollHint() {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" c="gray.7" data-testid="table-scroll-hint">
      <IconArrowsHorizontal size={16} aria-hidden style={{ flexShrink: 0 }} />
      <Text fz="xs">{t('table.scrollHint')}</Text>
    </Group>
  );
}
