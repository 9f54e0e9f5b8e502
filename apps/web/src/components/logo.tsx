import { Group, Text } from '@mantine/core';
import { useTranslation } from '../lib/i18n.ts';

/** The programme's mark and name. */
export function Logo({ size = 32, withName = true }: { size?: number; withName?: boolean }) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap">
      <img src="/favicon.svg" width={size} height={size} alt="" aria-hidden />
      {withName && (
        <Text fw={800} fz={size * 0.55} c="blue.9" style={{ letterSpacing: -0.3, whiteSpace: 'nowrap' }}>
          {t('app.name')}
        </Text>
      )}
    </Group>
  );
}
