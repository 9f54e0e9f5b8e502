import type { ChallengeStatus } from '@incentive/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';

const COLORS: Record<ChallengeStatus, string> = { upcoming: 'blue', running: 'green', ended: 'gray' };

/** Where a challenge stands by its dates: Nadchodzące / Trwa / Zakończone. */
export function ChallengeStatusBadge({ status }: { status: ChallengeStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" style={{ flexShrink: 0 }}>
      {t(`challengeAdmin.status.${status}`)}
    </Badge>
  );
}
