import type { QuizResults } from '@incentive/contracts';
import { Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n.ts';

type ResultQuestion = QuizResults['questions'][number];

/** How often each answer of a closed question was chosen: a bar per answer, the correct ones marked. */
export function AnswerBars({ question }: { question: ResultQuestion }) {
  const { t } = useTranslation();
  const total = question.answers.reduce((sum, a) => sum + a.count, 0);
  return (
    <Stack gap="xs">
      {question.answers.map((a, i) => {
        const share = total === 0 ? 0 : (a.count / total) * 100;
        const letter = String.fromCharCode(65 + (i % 26));
        return (
          <Stack key={a.id} gap={2}>
            <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                <Text fz="sm" fw={600}>
                  {letter}.
                </Text>
                <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
                  {a.answer_text}
                </Text>
                {a.is_correct && (
                  <Badge size="xs" color="green" variant="light" style={{ flexShrink: 0 }}>
                    {t('quizAdmin.results.correct')}
                  </Badge>
                )}
              </Group>
              <Text fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                {t('quizAdmin.results.answerCount', { count: a.count, share: Math.round(share) })}
              </Text>
            </Group>
            <Progress
              value={share}
              color={a.is_correct ? 'green' : 'blue'}
              size="lg"
              radius="sm"
              aria-label={t('quizAdmin.results.answerBar', { letter, count: a.count })}
            />
          </Stack>
        );
      })}
    </Stack>
  );
}
