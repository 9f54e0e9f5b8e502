import type { OnboardingStatus } from '@incentive/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';

const COLORS: Record<OnboardingStatus, string> = { previewed: 'blue', applied: 'green', cancelled: 'gray' };

export function OnboardingStatusBadge({ status }: { status: OnboardingStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" style={{ flexShrink: 0 }} data-status={status}>
      {t(`onboarding.status.${status}`)}
    </Badge>
  );
}
