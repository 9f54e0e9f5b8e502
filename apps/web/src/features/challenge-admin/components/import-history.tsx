import { SALES_IMPORT_SORT_FIELDS, type SalesImport, type SalesImportListQuery } from '@incentive/contracts';
import { ActionIcon, Button, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { actionsColumn, ListTable, RowIcons } from '../../../components/admin/list-table.tsx';
import { openConfirm } from '../../../components/admin/open-confirm.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { failureOf } from '../../../lib/mutation.ts';
import { toastFailure, toastSuccess } from '../../../lib/toast.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useFormatCount } from '../../../lib/use-format-count.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import { useTableState } from '../../../lib/use-table-state.ts';
import { useSalesImports } from '../api/get-sales-imports.ts';
import { useRevertSalesImport } from '../api/revert-sales-import.ts';
import { rowsFinished } from '../lib/import-progress.ts';
import { ImportStatusBadge } from './import-status-badge.tsx';

type ImportSort = SalesImportListQuery['sort'];

/**
 * The import history (GET /api/sales-imports): when, who, which file, its state (with its progress
 * or place in the queue while it runs; the list refreshes every 3 s then) and counts, money posted;
 * the held rows waiting for a decision ('Przejrzyj' shows them), the report of rejected rows, and
 * 'Cofnij' while the import may be reverted (a confirm first; a 409, e.g. money already withdrawn,
 * is the server's toast).
 */
export function ImportHistory({
  onReport,
  onReview,
}: {
  onReport: (i: SalesImport) => void;
  /** Shows the import above the history with its held rows' panel. */
  onReview: (i: SalesImport) => void;
}) {
  const { t } = useTranslation();
  const count = useFormatCount();
  const money = useFormatMoney();
  const state = useTableState<ImportSort>('created_at', 'desc');
  const list = useSalesImports(state.params);
  useErrorToast(list.error, 'challengeAdmin.toast.errorHistory');
  const revert = useRevertSalesImport();

  /** A running import's progress in a few words: its place in the queue, or rows checked / finished. */
  const runningNote = (i: SalesImport): string | null => {
    if (i.status === 'queued' && i.queue_position !== null)
      return t('challengeAdmin.history.queued', { position: i.queue_position });
    if (i.status === 'checking' || i.status === 'applying') {
      const done = i.status === 'checking' ? i.rows_checked : rowsFinished(i);
      return t('challengeAdmin.history.progress', { done: count(done), total: count(i.rows_total) });
    }
    return null;
  };

  const askRevert = (i: SalesImport) =>
    openConfirm({
      title: t('challengeAdmin.history.revertTitle'),
      size: 500,
      centered: true,
      closeButtonProps: { 'aria-label': t('common.close') },
      children: (
        <Text fz="sm">
          {t('challengeAdmin.history.revertConfirm', {
            file: i.file_name,
            amount: money(i.amount),
            reps: t('challengeAdmin.history.reps', { count: i.reps_count }),
          })}
        </Text>
      ),
      labels: { confirm: t('challengeAdmin.history.revert'), cancel: t('common.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revert.mutate(i.id, {
          onSuccess: (res) => toastSuccess(res?.message || t('sales.reverted')),
          onError: (err) => toastFailure(failureOf(err), 'challengeAdmin.toast.errorRevert'),
        }),
    });

  const columns: DataTableColumn<SalesImport>[] = [
    {
      accessor: 'created_at',
      title: t('challengeAdmin.history.date'),
      sortable: true,
      noWrap: true,
      render: (i) => formatDateTime(i.created_at),
    },
    {
      accessor: 'file_name',
      title: t('challengeAdmin.history.file'),
      pinned: 'left',
      width: 180,
      render: (i) => (
        <Stack gap={2}>
          <Text fz="sm" fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {i.file_name}
          </Text>
          {i.status === 'failed' && i.error && (
            <Text fz="xs" c="red.8" lineClamp={3}>
              {i.error}
            </Text>
          )}
        </Stack>
      ),
    },
    { accessor: 'created_by', title: t('challengeAdmin.history.who'), render: (i) => i.created_by?.name ?? '—' },
    {
      accessor: 'status',
      title: t('challengeAdmin.history.status'),
      noWrap: true,
      render: (i) => (
        <Stack gap={2} align="flex-start">
          <ImportStatusBadge status={i.status} />
          {runningNote(i) && (
            <Text fz="xs" c="gray.7" style={{ whiteSpace: 'nowrap' }} data-testid="history-progress">
              {runningNote(i)}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'rows_accepted',
      title: t('challengeAdmin.import.accepted'),
      textAlign: 'right',
      render: (i) => count(i.rows_accepted),
    },
    {
      accessor: 'rows_skipped',
      title: t('challengeAdmin.import.skipped'),
      textAlign: 'right',
      render: (i) => count(i.rows_skipped),
    },
    {
      accessor: 'rows_rejected',
      title: t('challengeAdmin.import.rejected'),
      textAlign: 'right',
      render: (i) => count(i.rows_rejected),
    },
    {
      accessor: 'rows_held',
      title: t('challengeAdmin.import.held'),
      textAlign: 'right',
      render: (i) =>
        i.rows_held > 0 && i.status === 'applied' ? (
          <Button
            variant="default"
            size="compact-sm"
            leftSection={<IconAlertTriangle size={14} color="var(--mantine-color-orange-9)" aria-hidden />}
            onClick={() => onReview(i)}
            aria-label={t('challengeAdmin.history.reviewHeld', { file: i.file_name, count: i.rows_held })}
          >
            {count(i.rows_held)}
          </Button>
        ) : (
          count(i.rows_held)
        ),
    },
    {
      accessor: 'amount',
      title: t('challengeAdmin.import.amount'),
      textAlign: 'right',
      noWrap: true,
      render: (i) => money(i.amount),
    },
    actionsColumn(t('table.actions'), (i) => (
      <RowIcons>
        {i.rows_rejected > 0 && (
          <Tooltip label={t('challengeAdmin.history.report', { file: i.file_name })} withArrow>
            <ActionIcon
              variant="subtle"
              aria-label={t('challengeAdmin.history.report', { file: i.file_name })}
              onClick={() => onReport(i)}
            >
              <IconDownload size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        {i.can_revert && (
          <Button
            variant="subtle"
            color="red"
            size="compact-sm"
            onClick={() => askRevert(i)}
            aria-label={t('challengeAdmin.history.revertOf', { file: i.file_name })}
          >
            {t('challengeAdmin.history.revert')}
          </Button>
        )}
      </RowIcons>
    )),
  ];

  return (
    <ListTable
      above={
        <Title order={2} fz="lg">
          {t('challengeAdmin.history.title')}
        </Title>
      }
      state={state}
      list={list}
      searchPlaceholder={t('challengeAdmin.history.searchPlaceholder')}
      label={t('challengeAdmin.history.title')}
      columns={columns}
      sortFields={SALES_IMPORT_SORT_FIELDS}
    />
  );
}
