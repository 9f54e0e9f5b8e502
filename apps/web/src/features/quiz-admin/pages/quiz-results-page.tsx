import type { QuizResults } from '@incentive/contracts';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { PageLoader } from '../../../components/admin/page-loader.tsx';
import { Page } from '../../../components/page.tsx';
import { downloadCsv } from '../../../lib/download-csv.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { registerStrings } from '../../../lib/lazy-strings.ts';
import { parseId, paths } from '../../../lib/paths.ts';
import { toastError } from '../../../lib/toast.ts';
import { useFormatCount } from '../../../lib/use-format-count.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import { useLoadFailureRedirect } from '../../../lib/use-load-failure-redirect.ts';
import { QUIZ_ADMIN_API } from '../api/endpoints.ts';
import { useQuizResults } from '../api/get-quiz-results.ts';
import { AnswerBars } from '../components/answer-bars.tsx';
import { OpenAnswersList } from '../components/open-answers-list.tsx';
import { quizAdminStrings } from '../lib/strings.ts';

registerStrings(quizAdminStrings);

/** `/quiz/{id}/results`: how a quiz went (attempts, reps, pass rate, rewards), per question, and the CSV. */
export function QuizResultsPage() {
  const id = parseId(useParams().id);
  const results = useQuizResults(id);
  useLoadFailureRedirect(results.error, 'quizAdmin.toast.errorResults', paths.quiz());
  if (id === null) return <Navigate to={paths.quiz()} replace />;
  if (!results.data) return <PageLoader />;
  return <Results results={results.data} />;
}

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={24} fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

function Results({ results }: { results: QuizResults }) {
  const { t, i18n } = useTranslation();
  const count = useFormatCount();
  const money = useFormatMoney();
  const [exporting, setExporting] = useState(false);
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 });

  const exportCsv = async () => {
    setExporting(true);
    const ok = await downloadCsv(QUIZ_ADMIN_API.resultsCsv(results.id), {}, `quiz-${results.id}.csv`);
    setExporting(false);
    if (!ok) toastError(t('table.exportError'));
  };

  return (
    <Page
      title={results.name}
      subtitle={t(results.is_questionnaire ? 'quizAdmin.results.subtitleSurvey' : 'quizAdmin.results.subtitle')}
      actions={
        <Group gap="sm">
          <Button
            variant="default"
            component={Link}
            to={paths.quizEdit(results.id)}
            leftSection={<IconPencil size={16} aria-hidden />}
          >
            {t('common.edit')}
          </Button>
          <Button onClick={exportCsv} loading={exporting} leftSection={<IconDownload size={16} aria-hidden />}>
            {t('table.exportCsv')}
          </Button>
        </Group>
      }
    >
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
        <Stat label={t('quizAdmin.results.attempts')} value={results.attempts} />
        <Stat label={t('quizAdmin.results.reps')} value={results.reps} />
        <Stat label={t('quizAdmin.results.passed')} value={results.passed_attempts} />
        <Stat label={t('quizAdmin.results.passRate')} value={percent.format(results.pass_rate)} />
        <Stat
          label={t('quizAdmin.results.rewardsPaid')}
          value={`${money(results.rewards_paid)} (${count(results.rewards_count)})`}
        />
      </SimpleGrid>
      <Stack gap="md">
        {results.questions.map((q, i) => {
          const label = t('quizAdmin.question.tab', { n: i + 1 });
          return (
            <Paper key={q.id} withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
              <Stack gap="sm">
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Badge variant="light" style={{ flexShrink: 0 }}>
                    {label}
                  </Badge>
                  <Badge variant="outline" color="gray" style={{ flexShrink: 0 }}>
                    {t(q.type === 'text' ? 'quizAdmin.question.open' : 'quizAdmin.question.closed')}
                  </Badge>
                </Group>
                <Title order={2} fz="md" style={{ overflowWrap: 'anywhere' }}>
                  {q.question_text
                    .replace(/<[^>]*>/g, ' ')
                    .replace(/\s+/g, ' ')
                    .trim()}
                </Title>
                {q.type === 'text' ? (
                  <>
                    <Text fz="sm" c="dimmed">
                      {t('quizAdmin.results.openCount', { count: q.open_answers_count })}
                    </Text>
                    <OpenAnswersList
                      quizId={results.id}
                      questionId={q.id}
                      label={`${label}: ${t('quizAdmin.results.openAnswers')}`}
                    />
                  </>
                ) : (
                  <AnswerBars question={q} />
                )}
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    </Page>
  );
}
