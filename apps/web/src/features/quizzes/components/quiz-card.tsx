import { can, mayOpen } from '@incentive/contracts';
import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { CardMedia } from '../../../components/card-media.tsx';
import { LinkButton } from '../../../components/link-button.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { paths } from '../../../lib/paths.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import type { QuizCardItem } from '../api/get-rep-quizzes.ts';
import { QuizStatusBadge } from './quiz-status-badge.tsx';

/** One quiz of the rep's list: media, name, lead, reward, whether it is done, and 'more'. */
export function QuizCard({ quiz, priority }: { quiz: QuizCardItem; priority: boolean }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const me = useCurrentUser();
  // A rep takes the quiz; a quiz manager previewing the rep's list opens it in the editor instead.
  const to = can(me.role, 'quizzes.take')
    ? paths.quizPhTake(quiz.id)
    : mayOpen(me.role, 'quizEdit', { id: quiz.id, selfId: me.id })
      ? paths.quizEdit(quiz.id)
      : null;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-labelledby={`quiz-${quiz.id}-name`}>
      <Card.Section>
        <CardMedia
          image={quiz.image}
          videoUrl={quiz.video_url}
          videoLabel={t('quizPh.videoTitle', { name: quiz.name })}
          priority={priority}
        />
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        {/* One line of badges at any width (issue 27): small badges, so that most fit whole on a
            phone; one that does not is shortened with an ellipsis (Mantine's label) instead of
            wrapping alone onto a second line. */}
        <Group gap={6} wrap="nowrap" data-testid="quiz-card-badges">
          {quiz.status && <QuizStatusBadge status={quiz.status} />}
          {quiz.is_questionnaire && (
            <Badge size="sm" color="grape" variant="light" miw={0} style={{ flexShrink: 0 }}>
              {t('quizPh.survey')}
            </Badge>
          )}
          {quiz.is_one_time && (
            <Badge size="sm" color="gray" variant="outline" miw={0}>
              {t('quizPh.oneTime')}
            </Badge>
          )}
        </Group>
        <Title order={2} fz="lg" id={`quiz-${quiz.id}-name`} style={{ overflowWrap: 'anywhere' }}>
          {quiz.name}
        </Title>
        <Text c="dimmed" fz="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
          {quiz.lead}
        </Text>
      </Stack>
      <Group justify="space-between" align="flex-end" mt="md" gap="sm" wrap="nowrap">
        <Stack gap={0}>
          <Text fz="xs" c="dimmed">
            {t('quizPh.reward')}
          </Text>
          <Text fw={800} fz="lg" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
            {money(quiz.value)}
          </Text>
        </Stack>
        {to && (
          <LinkButton to={to} label={t('quizPh.moreAbout', { name: quiz.name })}>
            {t('quizPh.more')}
            <IconArrowRight size={18} aria-hidden />
          </LinkButton>
        )}
      </Group>
    </Card>
  );
}
