import type { QuizListRow } from '@incentive/contracts';
import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';
import { displayDay } from '../lib/summary-values.ts';

export type QuizStatus = 'draft' | 'scheduled' | 'active' | 'ended';

/** Draft until its summary is saved; then scheduled, running or ended by its dates. */
export function quizStatus(q: Pick<QuizListRow, 'is_active' | 'start_at' | 'end_at'>, now = Date.now()): QuizStatus {
  if (!q.is_active) return 'draft';
  if (q.start_at && Date.parse(q.start_at) > now) return 'scheduled';
  if (q.end_at && Date.parse(q.end_at) < now) return 'ended';
  return 'active';
}

const COLORS: Record<QuizStatus, string> = { draft: 'gray', scheduled: 'blue', active: 'green', ended: 'orange' };

/** The list's status cell: the state, and the dates when it has them. */
export function QuizStatusCell({ quiz }: { quiz: QuizListRow }) {
  const { t } = useTranslation();
  const status = quizStatus(quiz);
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={COLORS[status]} variant="light" size="sm">
        {t(`quizAdmin.status.${status}`)}
      </Badge>
      {quiz.start_at && quiz.end_at && (
        <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {displayDay(quiz.start_at)} – {displayDay(quiz.end_at)}
        </Text>
      )}
    </Stack>
  );
}
