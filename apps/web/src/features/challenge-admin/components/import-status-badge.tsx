import type { SalesImportStatus } from '@incentive/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';

const COLORS: Record<SalesImportStatus, string> = {
  staging: 'blue',
  queued: 'violet',
  checking: 'blue',
  applying: 'indigo',
  applied: 'green',
  reverted: 'gray',
  failed: 'red',
};

/** An import's state: Wczytywany / W kolejce / Sprawdzany / Zapisywany / Zapisany / Cofnięty / Odrzucony. */
export function ImportStatusBadge({ status }: { status: SalesImportStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" style={{ flexShrink: 0 }} data-status={status}>
      {t(`challengeAdmin.importStatus.${status}`)}
    </Badge>
  );
}
