import type { SalesImport } from '@incentive/contracts';
import { Group, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Figure } from '../../../components/admin/figure.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useFormatCount } from '../../../lib/use-format-count.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import { rowsFinished, stepPercent } from '../lib/import-progress.ts';
import { ImportStatusBadge } from './import-status-badge.tsx';

/**
 * Where a running import is (decision 050), in words and as a bar: reading the file (the upload
 * request), waiting its turn behind other imports (with its place), checking its rows (step 1 of 2),
 * paying rep by rep (step 2 of 2); and its counts and money so far.
 */
export function ImportProgress({ item }: { item: SalesImport }) {
  const { t } = useTranslation();
  const count = useFormatCount();
  const money = useFormatMoney();
  const total = item.rows_total;
  let line: string;
  const percent = stepPercent(item);
  switch (item.status) {
    case 'queued': {
      const ahead = (item.queue_position ?? 1) - 1;
      line =
        ahead > 0
          ? t('challengeAdmin.progress.queuedBehind', { count: ahead, position: item.queue_position ?? 1 })
          : t('challengeAdmin.progress.queuedNext');
      break;
    }
    case 'checking':
      line = t('challengeAdmin.progress.checking', { done: count(item.rows_checked), total: count(total) });
      break;
    case 'applying':
      line = t('challengeAdmin.progress.applying', { done: count(rowsFinished(item)), total: count(total) });
      break;
    default:
      line = t('challengeAdmin.progress.staging', { count: total });
  }
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      data-testid="import-running"
      data-status={item.status}
      data-import-id={item.id}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere', flex: '1 1 14rem', minWidth: 0 }}>
            {t('challengeAdmin.progress.title', { file: item.file_name })}
          </Title>
          <ImportStatusBadge status={item.status} />
        </Group>
        <Stack gap={6}>
          <Text fz="sm" role="status" aria-live="polite" data-testid="import-status-line">
            {line}
          </Text>
          <Progress
            size="lg"
            radius="xl"
            value={percent ?? 100}
            striped={percent === null}
            animated={percent === null || percent < 100}
            color={item.status === 'queued' ? 'gray.5' : undefined}
            aria-label={line}
            data-testid="import-progress-bar"
          />
          {item.status === 'queued' && (
            <Text fz="xs" c="gray.7">
              {t('challengeAdmin.progress.queuedHint')}
            </Text>
          )}
        </Stack>
        <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, lg: 7 }} spacing="md" verticalSpacing="sm">
          {[
            { label: t('challengeAdmin.progress.read'), value: count(total), testId: 'progress-read' },
            {
              label: t('challengeAdmin.progress.checked'),
              value: count(item.rows_checked),
              testId: 'progress-checked',
            },
            {
              label: t('challengeAdmin.import.accepted'),
              value: count(item.rows_accepted),
              testId: 'progress-accepted',
            },
            {
              label: t('challengeAdmin.import.rejected'),
              value: count(item.rows_rejected),
              testId: 'progress-rejected',
            },
            { label: t('challengeAdmin.import.skipped'), value: count(item.rows_skipped), testId: 'progress-skipped' },
            { label: t('challengeAdmin.import.held'), value: count(item.rows_held), testId: 'progress-held' },
            { label: t('challengeAdmin.progress.amount'), value: money(item.amount), testId: 'progress-amount' },
          ].map((figure) => (
            <Figure key={figure.testId} {...figure} small />
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
