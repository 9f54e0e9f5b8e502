import type { User } from '@incentive/contracts';
import { Group, Paper, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';

/**
 * What the rep owes after a sales correction its wallet did not cover (decision 044); its next
 * rewards settle it first (the money history shows each settlement). Nothing while it owes nothing.
 */
export function OwedNotice({ me }: { me: User }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  if (!(Number(me.wallet.owed) > 0)) return null;
  return (
    <Paper p="md" radius="md" bg="orange.0" mt="sm" data-testid="owed-notice">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text fz="xs" tt="uppercase" fw={700} c="orange.9">
          {t('home.owed')}
        </Text>
        <Text fw={800} fz={{ base: 17, xs: 20 }} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {money(me.wallet.owed)}
        </Text>
      </Group>
    </Paper>
  );
}
