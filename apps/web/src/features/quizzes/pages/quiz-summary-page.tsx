import { Button, Card, Container, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowBackUp, IconConfetti, IconHome, IconMoodSad } from '@tabler/icons-react';
import { Link, Navigate, useLocation } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { registerStrings } from '../../../lib/lazy-strings.ts';
import { paths } from '../../../lib/paths.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import { readOutcome } from '../quiz-outcome.ts';
import { quizTakeStrings } from '../strings.ts';

registerStrings(quizTakeStrings);

/** A question's stored HTML as one line of text (the list names the question, it does not lay it out). */
function plainText(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * `/quiz-ph/summary`: the result the take page handed over (SPEC.md sections 2, 4): 'x / total',
 * earned or not, back to the dashboard, and a repeat for a failed quiz that is not one-time.
 */
export function QuizSummaryPage() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const outcome = readOutcome(useLocation().state);
  if (!outcome) return <Navigate to={paths.quizPh()} replace />;
  const { quiz, result } = outcome;
  const earned = Number(result.reward) > 0;

  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Card withBorder radius="md" padding="xl">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={72} radius="xl" variant="light" color={result.passed ? 'green' : 'orange'} aria-hidden>
            {result.passed ? <IconConfetti size={40} /> : <IconMoodSad size={40} />}
          </ThemeIcon>
          <Text c="dimmed" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {quiz.name}
          </Text>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {result.passed ? t('quiz.toast.finished') : t('quizPh.summary.failed')}
          </Title>
          <Stack gap={0} align="center">
            <Text fz="sm" c="dimmed">
              {t('quizPh.summary.score')}
            </Text>
            <Text fz={40} fw={800} lh={1.2} data-testid="quiz-score" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {result.correctAnswersCount} / {result.questionsCount}
            </Text>
          </Stack>
          {quiz.is_questionnaire && <Text>{t('quizPh.summary.survey')}</Text>}
          {earned && (
            <Text fz="lg" fw={700} c="green.9">
              {t('quizPh.summary.earned', { amount: money(result.reward) })}
            </Text>
          )}
          {result.passed && !earned && !quiz.is_questionnaire && <Text>{t('quizPh.summary.noReward')}</Text>}
          {!result.passed && <Text>{t('quizPh.summary.required', { required: result.requiredCorrectAnswers })}</Text>}
          {!result.passed && result.can_repeat && <Text c="dimmed">{t('quizPh.summary.repeatHint')}</Text>}
          {/* Which questions were wrong, only for a quiz that may be repeated; never the right answers. */}
          {result.can_repeat && (result.wrong_questions ?? []).length > 0 && (
            <Stack gap={6} w="100%" ta="left" data-testid="quiz-wrong-questions">
              <Text fw={700}>{t('quizTake.wrongTitle')}</Text>
              <List spacing={6}>
                {(result.wrong_questions ?? []).map((q) => (
                  <List.Item key={q.number}>
                    <Text span fw={600}>
                      {t('quizTake.wrongNumber', { n: q.number })}
                    </Text>{' '}
                    <Text span style={{ overflowWrap: 'anywhere' }}>
                      {plainText(q.question_text)}
                    </Text>
                  </List.Item>
                ))}
              </List>
            </Stack>
          )}
          {!result.passed && !result.can_repeat && quiz.is_one_time && (
            <Text c="dimmed">{t('quizPh.summary.oneTime')}</Text>
          )}
          <Group justify="center" gap="sm" mt="sm" w="100%">
            {!result.passed && result.can_repeat && (
              <Button
                component={Link}
                to={paths.quizPhTake(quiz.id)}
                size="md"
                leftSection={<IconArrowBackUp size={18} />}
              >
                {t('quizPh.summary.repeat')}
              </Button>
            )}
            <Button
              component={Link}
              to={paths.dashboard()}
              size="md"
              variant={result.passed || !result.can_repeat ? 'filled' : 'default'}
              leftSection={<IconHome size={18} />}
            >
              {t('quizPh.summary.dashboard')}
            </Button>
          </Group>
          <Button component={Link} to={paths.quizPh()} variant="subtle" size="sm">
            {t('quizPh.summary.allQuizzes')}
          </Button>
        </Stack>
      </Card>
    </Container>
  );
}
