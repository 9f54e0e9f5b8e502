import '@mantine/charts/styles.css';
import { API, can, type StatsBucket, type StatsFigure, warsawDay } from '@incentive/contracts';
import { BarChart, LineChart } from '@mantine/charts';
import { Grid, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Figure } from '../../../components/admin/figure.tsx';
import { Page } from '../../../components/page.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { downloadCsv } from '../../../lib/download-csv.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { registerStrings } from '../../../lib/lazy-strings.ts';
import { toastError } from '../../../lib/toast.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useFormatCount } from '../../../lib/use-format-count.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import { useProgrammeStats } from '../api/programme-api.ts';
import { ChartCard } from '../components/chart-card.tsx';
import { RankingChart } from '../components/ranking-chart.tsx';
import { programmeStrings } from '../lib/strings.ts';

registerStrings(programmeStrings);

/** A bucket's label: a month as MM.YYYY, a week or a day as DD.MM.YYYY. */
const label = (bucket: string, by: StatsBucket) => {
  const [y, m, d] = bucket.split('-');
  return by === 'month' ? `${m}.${y}` : `${d}.${m}.${y}`;
};

/**
 * `/programme` (issue 31 point 3): how the programme is doing in a chosen period: reps, sign-ins,
 * quizzes, money by kind, what is owed, and challenge sales by warehouse and region; each figure's
 * CSV. The charts (@mantine/charts, recharts) live in this lazy chunk only: a rep never loads them.
 */
export function ProgrammePage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const count = useFormatCount();
  const money = useFormatMoney();
  const today = warsawDay();
  const [from, setFrom] = useState(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const [bucket, setBucket] = useState<StatsBucket>('month');
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  const stats = useProgrammeStats({ from: valid ? from : today, to: valid ? to : today, bucket });
  useErrorToast(stats.error, 'programme.errorLoad');
  const s = stats.data;
  const scoped = !can(me.role, 'wallet.audit') && me.role !== 'provider_admin';

  const csv = async (figure: StatsFigure) => {
    const ok = await downloadCsv(API.programmeStatsExport, { figure, from, to, bucket }, `program-${figure}.csv`);
    if (!ok) toastError(t('programme.downloadError'));
  };

  // Axes and tooltips in whole złoty (the chart's title says zł); the CSV has the grosze.
  const whole = (v: number) => count(Math.round(v));
  const graded = s?.quizzes.reduce((n, q) => n + q.graded, 0) ?? 0;
  const passed = s?.quizzes.reduce((n, q) => n + q.passed, 0) ?? 0;

  return (
    <Page title={t('programme.title')} subtitle={t('programme.subtitle')}>
      <Stack gap="md">
        {scoped && (
          <Text fz="sm" c="gray.7">
            {t('programme.scoped')}
          </Text>
        )}
        <Grid gap="sm" align="flex-end">
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput
              type="date"
              label={t('programme.from')}
              value={from}
              max={to}
              onChange={(e) => setFrom(e.currentTarget.value)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 6, sm: 3 }}>
            <TextInput
              type="date"
              label={t('programme.to')}
              value={to}
              min={from}
              onChange={(e) => setTo(e.currentTarget.value)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6 }}>
            <Text fz="sm" fw={500} id="programme-bucket" mb={4}>
              {t('programme.bucket')}
            </Text>
            <SegmentedControl
              aria-labelledby="programme-bucket"
              value={bucket}
              onChange={(v) => setBucket(v as StatsBucket)}
              data={(['month', 'week', 'day'] as const).map((b) => ({ value: b, label: t(`programme.buckets.${b}`) }))}
              fullWidth
            />
          </Grid.Col>
        </Grid>

        {s && (
          <>
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" data-testid="programme-figures">
              <Figure label={t('programme.active')} value={count(s.reps.active)} testId="stat-active" />
              <Figure label={t('programme.signedIn')} value={count(s.reps.signed_in)} testId="stat-signed-in" />
              <Figure label={t('programme.tookQuiz')} value={count(s.reps.took_quiz)} testId="stat-took-quiz" />
              <Figure
                label={t('programme.passRate')}
                value={graded === 0 ? '—' : `${Math.round((passed / graded) * 100)}%`}
                testId="stat-pass-rate"
              />
              <Figure label={t('programme.owed')} value={money(s.liability.total)} testId="stat-owed" />
            </SimpleGrid>
            <Text fz="xs" c="gray.7">
              {t('programme.owed')}:{' '}
              {t('programme.owedHint', {
                available: money(s.liability.available),
                inWithdrawal: money(s.liability.in_withdrawal),
              })}
            </Text>

            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
              <ChartCard
                title={t('programme.signins')}
                empty={s.signins.every((r) => r.signins === 0)}
                onCsv={() => csv('signins')}
                testId="chart-signins"
              >
                <LineChart
                  h={240}
                  data={s.signins.map((r) => ({ ...r, bucket: label(r.bucket, s.bucket) }))}
                  dataKey="bucket"
                  series={[
                    { name: 'signins', label: t('programme.signinsSeries'), color: 'blue.7' },
                    { name: 'reps', label: t('programme.repsSeries'), color: 'teal.7' },
                  ]}
                  withLegend
                  curveType="linear"
                />
              </ChartCard>
              <ChartCard
                title={t('programme.quizzes')}
                empty={s.quizzes.every((r) => r.attempts === 0)}
                onCsv={() => csv('quizzes')}
                testId="chart-quizzes"
              >
                <BarChart
                  h={240}
                  data={s.quizzes.map((r) => ({ ...r, bucket: label(r.bucket, s.bucket) }))}
                  dataKey="bucket"
                  series={[
                    { name: 'attempts', label: t('programme.attemptsSeries'), color: 'blue.7' },
                    { name: 'passed', label: t('programme.passedSeries'), color: 'green.8' },
                  ]}
                  withLegend
                />
              </ChartCard>
              <ChartCard
                title={t('programme.money')}
                empty={s.money.every((r) =>
                  [r.quiz, r.survey, r.challenge, r.corrections, r.withdrawn].every((v) => Number(v) === 0),
                )}
                onCsv={() => csv('money')}
                testId="chart-money"
              >
                <BarChart
                  h={260}
                  data={s.money.map((r) => ({
                    bucket: label(r.bucket, s.bucket),
                    quiz: Number(r.quiz),
                    survey: Number(r.survey),
                    challenge: Number(r.challenge),
                    corrections: Number(r.corrections),
                    withdrawn: Number(r.withdrawn),
                  }))}
                  dataKey="bucket"
                  series={[
                    { name: 'quiz', label: t('programme.quizSeries'), color: 'blue.7', stackId: 'earned' },
                    { name: 'survey', label: t('programme.surveySeries'), color: 'cyan.8', stackId: 'earned' },
                    { name: 'challenge', label: t('programme.challengeSeries'), color: 'grape.7', stackId: 'earned' },
                    {
                      name: 'corrections',
                      label: t('programme.correctionsSeries'),
                      color: 'orange.8',
                      stackId: 'earned',
                    },
                    { name: 'withdrawn', label: t('programme.withdrawnSeries'), color: 'green.8', stackId: 'paid' },
                  ]}
                  withLegend
                  valueFormatter={whole}
                />
              </ChartCard>
              <RankingChart
                figure="warehouses"
                title={t('programme.warehouses')}
                rows={s.warehouses}
                color="grape.7"
                valueFormatter={whole}
                onCsv={() => csv('warehouses')}
              />
              <RankingChart
                figure="regions"
                title={t('programme.regions')}
                rows={s.regions}
                color="indigo.7"
                valueFormatter={whole}
                onCsv={() => csv('regions')}
              />
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Page>
  );
}
