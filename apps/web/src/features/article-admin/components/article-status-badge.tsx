import type { ArticleStatus } from '@incentive/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { STATUS_COLORS } from '../lib/publication.ts';

/** Szkic / Zaplanowany / Opublikowany / Usunięty. */
export function ArticleStatusBadge({ status }: { status: ArticleStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" size="sm" data-testid="article-status">
      {t(`articleAdmin.status.${status}`)}
    </Badge>
  );
}
