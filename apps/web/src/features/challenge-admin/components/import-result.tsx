import type { SalesImport } from '@incentive/contracts';
import { Alert, Button, CloseButton, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { Figure } from '../../../components/admin/figure.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useFormatCount } from '../../../lib/use-format-count.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import { ImportStatusBadge } from './import-status-badge.tsx';

/**
 * What an import did: rows accepted, skipped (imported before), rejected, held for a decision and
 * totals rows skipped, money posted and taken back by corrections, reps paid; the report of rejected
 * rows. `onClose`: the page stops showing it (it stays in the history).
 */
export function ImportResult({
  result,
  onReport,
  reporting,
  onClose,
}: {
  result: SalesImport;
  onReport: () => void;
  reporting: boolean;
  onClose?: () => void;
}) {
  const { t } = useTranslation();
  const count = useFormatCount();
  const money = useFormatMoney();
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      data-testid="import-result"
      data-import-id={result.id}
      aria-live="polite"
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere', flex: '1 1 14rem', minWidth: 0 }}>
            {t('challengeAdmin.import.resultTitle', { file: result.file_name })}
          </Title>
          <Group gap={4} wrap="nowrap">
            <ImportStatusBadge status={result.status} />
            {onClose && (
              <CloseButton
                size="sm"
                aria-label={t('challengeAdmin.import.hide', { file: result.file_name })}
                onClick={onClose}
              />
            )}
          </Group>
        </Group>
        {result.status === 'failed' && result.error && (
          <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {result.error}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 8 }} spacing="md">
          <Figure
            label={t('challengeAdmin.import.accepted')}
            value={count(result.rows_accepted)}
            testId="result-accepted"
          />
          <Figure
            label={t('challengeAdmin.import.skipped')}
            value={count(result.rows_skipped)}
            testId="result-skipped"
          />
          <Figure
            label={t('challengeAdmin.import.rejected')}
            value={count(result.rows_rejected)}
            testId="result-rejected"
          />
          <Figure label={t('challengeAdmin.import.held')} value={count(result.rows_held)} testId="result-held" />
          <Figure
            label={t('challengeAdmin.import.summary')}
            value={count(result.rows_summary)}
            testId="result-summary"
          />
          <Figure label={t('challengeAdmin.import.amount')} value={money(result.amount)} testId="result-amount" />
          <Figure
            label={t('challengeAdmin.import.corrected')}
            value={money(result.amount_corrected)}
            testId="result-corrected"
          />
          <Figure label={t('challengeAdmin.import.reps')} value={count(result.reps_count)} testId="result-reps" />
        </SimpleGrid>
        {result.rows_rejected > 0 && (
          <Group>
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={onReport}
              loading={reporting}
            >
              {t('challengeAdmin.import.report')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
