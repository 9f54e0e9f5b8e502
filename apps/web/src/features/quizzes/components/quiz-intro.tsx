import type { RepQuiz } from '@incentive/contracts';
import { Button, Card, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n.ts';
import { registerStrings } from '../../../lib/lazy-strings.ts';
import { quizTakeStrings } from '../strings.ts';
import { QuestionHtml } from './question-html.tsx';
import { QuizVideo } from './quiz-video.tsx';

registerStrings(quizTakeStrings);

/**
 * What the quiz is about, before its first question (issue 27 point 3): the lead, the text
 * (sanitised HTML as the API stored it), the video with its controls, what it takes to pass, and a
 * clear start button that fills a phone's width.
 */
export function QuizIntro({ quiz, onStart }: { quiz: RepQuiz; onStart: () => void }) {
  const { t } = useTranslation();
  const total = quiz.questions.length;
  return (
    <Card withBorder radius="md" padding="md" data-testid="quiz-intro">
      <Stack gap="md">
        <Text fw={600} fz="lg" style={{ overflowWrap: 'anywhere' }}>
          {quiz.lead}
        </Text>
        <QuestionHtml id={`quiz-${quiz.id}-text`} html={quiz.text} />
        <QuizVideo url={quiz.video_url} label={t('quizPh.videoTitle', { name: quiz.name })} />
        <Text c="dimmed" fz="sm">
          {quiz.is_questionnaire
            ? t('quizTake.intro.survey', { total })
            : t('quizTake.intro.rules', { total, required: quiz.correct_answers })}
        </Text>
        <Button size="lg" fullWidth onClick={onStart} leftSection={<IconPlayerPlay size={20} aria-hidden />}>
          {t('quizTake.intro.start')}
        </Button>
      </Stack>
    </Card>
  );
}
