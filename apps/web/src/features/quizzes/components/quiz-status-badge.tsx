import type { RepQuizStatus } from '@incentive/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';

/** Where the rep stands with a quiz: passed, its one attempt used, worth another try, or still to do. */
export function QuizStatusBadge({ status }: { status: RepQuizStatus }) {
  const { t } = useTranslation();
  if (status.passed)
    return (
      <Badge size="sm" color="green" variant="light" miw={0}>
        {t('quizPh.status.passed')}
      </Badge>
    );
  if (status.done)
    return (
      <Badge size="sm" color="gray" variant="light" miw={0}>
        {t('quizPh.status.used')}
      </Badge>
    );
  if (status.attempts > 0)
    return (
      // orange.9 on orange.1 is 3.6:1; this darker orange is 5.4:1 (WCAG AA). Here, not in the theme:
      // the theme is in every first load, which has no byte to spare (issue 10's 150 kB).
      <Badge size="sm" color="orange" variant="light" c="#a63c06" miw={0}>
        {t('quizPh.status.retry')}
      </Badge>
    );
  return (
    <Badge size="sm" color="blue" variant="light" miw={0}>
      {t('quizPh.status.todo')}
    </Badge>
  );
}
