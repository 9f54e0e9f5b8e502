import type { WithdrawalStatus } from '@incentive/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';

const COLORS: Record<WithdrawalStatus, string> = {
  requested: 'blue',
  exported: 'violet',
  paid: 'green',
  failed: 'red',
};

export function StatusBadge({ status }: { status: WithdrawalStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" style={{ whiteSpace: 'nowrap', flexShrink: 0, overflow: 'visible' }}>
      {t(`withdrawals.status.${status}`)}
    </Badge>
  );
}
