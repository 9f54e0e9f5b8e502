import {
  API,
  apiPath,
  WITHDRAWAL_SORT_FIELDS,
  type Withdrawal,
  type WithdrawalStatus,
  withdrawalStatusSchema,
} from '@incentive/contracts';
import { ActionIcon, Button, FileButton, Group, Menu, Paper, Select, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDots, IconFileExport, IconReportMoney } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListLoadError } from '../../../components/list-load-error.tsx';
import { Page } from '../../../components/page.tsx';
import { PagedTable } from '../../../components/table/paged-table.tsx';
import { TableToolbar } from '../../../components/table/table-toolbar.tsx';
import { downloadCsv } from '../../../lib/download-csv.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { type TKey, useTranslation } from '../../../lib/i18n.ts';
import { failureOf } from '../../../lib/mutation.ts';
import { paths } from '../../../lib/paths.ts';
import { toastError, toastFailure, toastSuccess } from '../../../lib/toast.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import { useTableState } from '../../../lib/use-table-state.ts';
import { useExportBatch } from '../api/export-batch.ts';
import { useWithdrawals } from '../api/get-withdrawals.ts';
import { useImportBatchResult } from '../api/import-batch-result.ts';
import { useMarkBatchPaid } from '../api/mark-batch-paid.ts';
import { useMarkFailed } from '../api/mark-failed.ts';
import { useMarkPaid } from '../api/mark-paid.ts';
import { MoneyOverviewPanel } from './money-overview.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import { StatusBadge } from './status-badge.tsx';

/**
 * The admins' withdrawals table: search, status filter, server-side paging and sorting, the
 * filtered total in the footer, and the payout actions (export a batch for the card issuer, mark
 * paid or failed, import the issuer's results), with the money overview above.
 */
export function AdminWithdrawals() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const state = useTableState<(typeof WITHDRAWAL_SORT_FIELDS)[number]>('id', 'desc');
  const [status, setStatus] = useState<WithdrawalStatus | undefined>();
  const [selected, setSelected] = useState<Withdrawal[]>([]);
  const [failing, setFailing] = useState<Withdrawal | null>(null);
  const [failOpened, failDialog] = useDisclosure(false);
  const list = useWithdrawals({ ...state.params, status });

  const exportSelected = useExportBatch();
  const markPaid = useMarkPaid();
  const markFailed = useMarkFailed();
  const markBatchPaid = useMarkBatchPaid();
  const importResult = useImportBatchResult();

  // Each action's hook refreshes the withdrawals, after a failure too (a row may have changed
  // elsewhere); the selection may hold rows that changed.
  const done = (message: string) => {
    toastSuccess(message);
    setSelected([]);
  };
  const fail = (err: unknown, fallbackKey: TKey = 'common.somethingWentWrong') => {
    toastFailure(failureOf(err), fallbackKey);
    setSelected([]);
  };

  const runExport = () =>
    exportSelected.mutate(
      selected.map((w) => w.id),
      {
        onSuccess: async (batch) => {
          done(t('withdrawals.exported', { id: batch.id, count: batch.withdrawals_count }));
          await downloadBatch(batch.id);
        },
        onError: (err) => toastFailure(failureOf(err), 'common.somethingWentWrong'),
      },
    );
  const downloadBatch = async (batchId: number) => {
    const ok = await downloadCsv(apiPath(API.payoutBatchFile, { id: batchId }), {}, `wyplaty-paczka-${batchId}.csv`);
    if (!ok) toastError(t('table.exportError'));
  };

  const columns: DataTableColumn<Withdrawal>[] = [
    { accessor: 'id', title: t('withdrawals.id'), sortable: true, width: 80 },
    {
      accessor: 'email',
      title: t('withdrawals.email'),
      sortable: true,
      render: (w) => (
        <Stack gap={0}>
          <Text fz="sm">{w.for_user.email}</Text>
          <Text fz="xs" c="dimmed">
            {[w.for_user.name, w.for_user.surname].filter(Boolean).join(' ')}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'created_at',
      title: t('withdrawals.createdAt'),
      sortable: true,
      render: (w) => formatDateTime(w.created_at),
    },
    {
      accessor: 'amount',
      title: t('withdrawals.amount'),
      sortable: true,
      textAlign: 'right',
      render: (w) => (
        <Text style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{money(w.amount)}</Text>
      ),
      footer: list.data ? (
        <Text fw={700} style={{ whiteSpace: 'nowrap' }} data-testid="withdrawals-total">
          {t('withdrawals.total', { amount: money(list.data.total_amount) })}
        </Text>
      ) : null,
    },
    {
      accessor: 'status',
      title: t('withdrawals.statusLabel'),
      sortable: true,
      render: (w) => (
        <Stack gap={2}>
          <StatusBadge status={w.status} />
          {w.failure_reason && (
            <Text fz="xs" c="dimmed">
              {w.failure_reason}
            </Text>
          )}
        </Stack>
      ),
    },
    { accessor: 'batch_id', title: t('withdrawals.batch'), render: (w) => (w.batch_id ? `#${w.batch_id}` : '—') },
  ];
  columns.push({
    accessor: 'actions',
    title: t('withdrawals.actions'),
    textAlign: 'right',
    // The payout actions stay in view while the row scrolls under them on a phone.
    pinned: 'right',
    render: (w) => (
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            aria-label={`${t('withdrawals.actions')} ${w.id}`}
            onClick={(e) => e.stopPropagation()}
          >
            <IconDots size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            disabled={w.status !== 'exported'}
            onClick={() =>
              markPaid.mutate(w.id, { onSuccess: () => done(t('withdrawals.paid')), onError: (err) => fail(err) })
            }
          >
            {t('withdrawals.markPaid')}
          </Menu.Item>
          <Menu.Item
            color="red"
            disabled={w.status === 'paid' || w.status === 'failed'}
            onClick={() => {
              setFailing(w);
              failDialog.open();
            }}
          >
            {t('withdrawals.markFailed')}
          </Menu.Item>
          {w.batch_id && (
            <>
              <Menu.Divider />
              <Menu.Label>{t('withdrawals.batchMenu', { id: w.batch_id })}</Menu.Label>
              <Menu.Item onClick={() => downloadBatch(w.batch_id as number)}>{t('withdrawals.downloadFile')}</Menu.Item>
              <Menu.Item
                onClick={() =>
                  markBatchPaid.mutate(w.batch_id as number, {
                    onSuccess: (res) => done(t('withdrawals.batchPaidDone', { count: res.paid })),
                    onError: (err) => fail(err),
                  })
                }
              >
                {t('withdrawals.batchPaid')}
              </Menu.Item>
              <FileButton
                accept=".csv,text/csv,text/plain"
                onChange={(file) => {
                  if (!file) return;
                  importResult.mutate(
                    { batchId: w.batch_id as number, file },
                    {
                      onSuccess: (res) => done(t('withdrawals.importDone', res)),
                      onError: (err) => fail(err, 'withdrawals.resultFileInvalid'),
                    },
                  );
                }}
              >
                {(props) => (
                  <Menu.Item {...props} closeMenuOnClick={false}>
                    {t('withdrawals.importResult')}
                  </Menu.Item>
                )}
              </FileButton>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
    ),
  });

  return (
    <Page
      title={t('withdrawals.title')}
      subtitle={t('withdrawals.subtitle')}
      actions={
        <Button
          variant="default"
          component={Link}
          to={paths.taxReport()}
          leftSection={<IconReportMoney size={16} aria-hidden />}
        >
          {t('withdrawals.taxReport')}
        </Button>
      }
    >
      <MoneyOverviewPanel />
      <Stack gap="sm">
        <TableToolbar
          search={state.search}
          onSearch={state.setSearch}
          placeholder={t('withdrawals.search')}
          // No count while there is none to tell: never 'Razem: 0' for a list that did not load.
          total={list.error ? undefined : list.data?.total}
        />
        <Group gap="sm" justify="space-between">
          <Select
            aria-label={t('withdrawals.statusLabel')}
            placeholder={t('withdrawals.allStatuses')}
            clearable
            data={withdrawalStatusSchema.options.map((s) => ({ value: s, label: t(`withdrawals.status.${s}`) }))}
            value={status ?? null}
            onChange={(v) => {
              setStatus((v as WithdrawalStatus | null) ?? undefined);
              state.setPage(1);
            }}
            w={{ base: '100%', xs: 220 }}
          />
          <Button
            leftSection={<IconFileExport size={16} />}
            disabled={selected.length === 0}
            loading={exportSelected.isPending}
            onClick={runExport}
          >
            {t('withdrawals.exportSelected', { count: selected.length })}
          </Button>
        </Group>
        {selected.length === 0 && (
          <Text fz="xs" c="dimmed">
            {t('withdrawals.selectHint')}
          </Text>
        )}
        {list.error ? (
          // In place of the table (its empty frame's height): the message and a retry, no rows and no total.
          <Paper withBorder radius="md">
            <ListLoadError
              testId="withdrawals-failed"
              minHeight={180}
              retrying={list.isFetching}
              onRetry={() => void list.refetch()}
            />
          </Paper>
        ) : (
          <PagedTable<Withdrawal, (typeof WITHDRAWAL_SORT_FIELDS)[number]>
            label={t('withdrawals.title')}
            state={state}
            data={list.data}
            fetching={list.isFetching}
            columns={columns}
            sortFields={WITHDRAWAL_SORT_FIELDS}
            selection={{ selected, onChange: setSelected, isSelectable: (w) => w.status === 'requested' }}
          />
        )}
      </Stack>
      <ReasonDialog
        opened={failOpened}
        title={t('withdrawals.failTitle')}
        confirmLabel={t('withdrawals.failConfirm')}
        busy={markFailed.isPending}
        onClose={failDialog.close}
        onConfirm={(reason) => {
          if (!failing) return;
          markFailed.mutate(
            { id: failing.id, reason },
            {
              onSuccess: () => {
                failDialog.close();
                done(t('withdrawals.failed'));
              },
              onError: (err) => fail(err),
            },
          );
        }}
      />
    </Page>
  );
}
