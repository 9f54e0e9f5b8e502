import { API, type TaxReportMissingRow } from '@incentive/contracts';
import { Alert, Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Figure } from '../../../components/admin/figure.tsx';
import { type SimpleColumn, SimplePagedTable } from '../../../components/admin/simple-paged-table.tsx';
import { Page } from '../../../components/page.tsx';
import { downloadCsv } from '../../../lib/download-csv.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { registerStrings } from '../../../lib/lazy-strings.ts';
import { toastError } from '../../../lib/toast.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useFormatCount } from '../../../lib/use-format-count.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import { useTableState } from '../../../lib/use-table-state.ts';
import { useTaxReport, useTaxReportMissing } from '../api/tax-report-api.ts';
import { taxReportStrings } from '../lib/strings.ts';

registerStrings(taxReportStrings);

const KINDS = ['quiz', 'survey', 'challenge', 'corrections', 'total'] as const;

/**
 * `/tax-report` (issue 30 point 4, root and admin): a year's rewards from the ledger for the
 * accountant's PIT-11: how many people, totals by kind, the check that the report adds up to the
 * ledger, the XLSX and CSV downloads, and the people whose tax data is missing, listed apart.
 */
export function TaxReportPage() {
  const { t } = useTranslation();
  const count = useFormatCount();
  const money = useFormatMoney();
  const [year, setYear] = useState<number | null>(null);
  const report = useTaxReport(year);
  useErrorToast(report.error, 'taxReport.errorLoad');
  const data = report.data;
  const shown = year ?? data?.year ?? null;
  const state = useTableState<'name'>('name');
  const missing = useTaxReportMissing(
    { year: shown ?? 0, page: state.page, per_page: state.perPage },
    shown !== null && (data?.missing ?? 0) > 0,
  );
  const [downloading, setDownloading] = useState<'xlsx' | 'csv' | null>(null);

  const download = async (format: 'xlsx' | 'csv') => {
    if (shown === null) return;
    setDownloading(format);
    const ok = await downloadCsv(
      API.taxReportExport,
      { year: shown, format },
      `zestawienie-podatkowe-${shown}.${format}`,
    );
    setDownloading(null);
    if (!ok) toastError(t('taxReport.downloadError'));
  };

  const columns: SimpleColumn<TaxReportMissingRow, 'name'>[] = [
    {
      key: 'person',
      title: t('taxReport.person'),
      render: (r) => (
        <Stack gap={0}>
          <Text fz="sm" fw={600}>
            {r.name}
          </Text>
          <Text fz="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            {r.email}
            {r.asseco_id ? ` · ${r.asseco_id}` : ''}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'fields',
      title: t('taxReport.fields'),
      render: (r) => (
        <Text fz="sm" style={{ whiteSpace: 'normal', minWidth: 160 }}>
          {r.missing.join(', ')}
        </Text>
      ),
    },
    { key: 'amount', title: t('taxReport.amount'), align: 'right', render: (r) => money(r.total) },
  ];

  return (
    <Page title={t('taxReport.title')} subtitle={t('taxReport.subtitle')}>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="tax-report">
        <Stack gap="md">
          {data && data.years.length === 0 ? (
            <Text fz="sm">{t('taxReport.noYears')}</Text>
          ) : (
            <Group align="flex-end" gap="sm" wrap="wrap">
              <Select
                label={t('taxReport.year')}
                data={(data?.years ?? []).map(String)}
                value={shown === null ? null : String(shown)}
                onChange={(v) => v && setYear(Number(v))}
                allowDeselect={false}
                w={{ base: '100%', xs: 160 }}
                comboboxProps={{ withinPortal: true }}
              />
              <Button
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={() => download('xlsx')}
                loading={downloading === 'xlsx'}
                disabled={!data?.check.ok}
              >
                {t('taxReport.downloadXlsx')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={() => download('csv')}
                loading={downloading === 'csv'}
                disabled={!data?.check.ok}
              >
                {t('taxReport.downloadCsv')}
              </Button>
            </Group>
          )}
          {data && (
            <>
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
                <Figure label={t('taxReport.people')} value={count(data.people)} testId="tax-people" />
                <Figure label={t('taxReport.complete')} value={count(data.complete)} testId="tax-complete" />
                <Figure label={t('taxReport.missing')} value={count(data.missing)} testId="tax-missing" />
              </SimpleGrid>
              <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="md">
                {KINDS.map((k) => (
                  <Figure key={k} label={t(`taxReport.${k}`)} value={money(data.totals[k])} testId={`tax-${k}`} />
                ))}
              </SimpleGrid>
              {data.check.ok ? (
                <Group>
                  <Badge
                    variant="light"
                    color="green"
                    leftSection={<IconCircleCheck size={14} aria-hidden />}
                    data-testid="tax-check"
                    style={{ textTransform: 'none' }}
                  >
                    {t('taxReport.checkOk', { amount: money(data.check.ledger_total) })}
                  </Badge>
                </Group>
              ) : (
                <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="tax-check">
                  {t('taxReport.checkFailed', {
                    ledger: money(data.check.ledger_total),
                    report: money(data.check.report_total),
                  })}
                </Alert>
              )}
            </>
          )}
        </Stack>
      </Paper>
      {data && shown !== null && (
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t('taxReport.missingTitle')}
          </Title>
          {data.missing === 0 ? (
            <Text fz="sm">{t('taxReport.missingNone')}</Text>
          ) : (
            <>
              <Text fz="sm" c="gray.7">
                {t('taxReport.missingIntro', { year: shown })}
              </Text>
              <SimplePagedTable<TaxReportMissingRow, 'name'>
                label={t('taxReport.missingLabel')}
                columns={columns}
                data={missing.data}
                fetching={missing.isFetching}
                state={state}
              />
            </>
          )}
        </Stack>
      )}
    </Page>
  );
}
