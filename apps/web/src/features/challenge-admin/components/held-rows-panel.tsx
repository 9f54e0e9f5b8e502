import { SALES_HELD_SORT_FIELDS, type SalesImport } from '@incentive/contracts';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { openConfirm } from '../../../components/admin/open-confirm.ts';
import { PagedTable } from '../../../components/table/paged-table.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { failureOf } from '../../../lib/mutation.ts';
import { toastFailure, toastSuccess } from '../../../lib/toast.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useFormatCount } from '../../../lib/use-format-count.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import { useTableState } from '../../../lib/use-table-state.ts';
import { type HeldDecisionKind, type HeldDecisionVars, useDecideHeldRows } from '../api/decide-held-rows.ts';
import { type HeldRowRecord, useHeldRows } from '../api/get-held-rows.ts';

type HeldSort = (typeof SALES_HELD_SORT_FIELDS)[number];

/**
 * The rows of an applied import held for a decision (issue 28 point 4: too many units in a row, or
 * the rep's total in the import above the limit), paged from the server, with checkboxes:
 * 'Zatwierdź zaznaczone' pays the chosen rows, 'Odrzuć zaznaczone' refuses them (they join the
 * report of rejected rows); the same for all held rows at once after a confirm. After a decision
 * the import and this list are fetched again; the server's message is the toast (a 422
 * 'sales.held.overCap' names the limit of 1 000 000 zł a rep may get from one import).
 * Its own lazy chunk: only an import with held rows loads it.
 */
export function HeldRowsPanel({ item }: { item: SalesImport }) {
  const { t } = useTranslation();
  const count = useFormatCount();
  const money = useFormatMoney();
  const state = useTableState<HeldSort>('row_no', 'asc');
  const open = item.status === 'applied' && item.rows_held > 0;
  const list = useHeldRows(item.id, state.params, open);
  useErrorToast(list.error, 'challengeAdmin.held.errorList');
  const decide = useDecideHeldRows();
  const [selected, setSelected] = useState<HeldRowRecord[]>([]);

  // mutateAsync, not mutate's callbacks: the last decision empties the list, the panel unmounts
  // while the import is fetched again, and callbacks given to mutate() would then never run.
  const run = async (vars: HeldDecisionVars) => {
    try {
      const res = await decide.mutateAsync(vars);
      setSelected([]);
      toastSuccess(
        res?.message ||
          t(vars.kind === 'confirm' ? 'challengeAdmin.held.confirmed' : 'challengeAdmin.held.rejectedDone'),
      );
    } catch (err) {
      toastFailure(
        failureOf(err),
        vars.kind === 'confirm' ? 'challengeAdmin.held.errorConfirm' : 'challengeAdmin.held.errorReject',
      );
    }
  };

  const decideSelected = (kind: HeldDecisionKind) =>
    run({ importId: item.id, kind, decision: { rows: selected.map((r) => r.row_no) } });

  const askAll = (kind: HeldDecisionKind) =>
    openConfirm({
      title: t(kind === 'confirm' ? 'challengeAdmin.held.confirmAllTitle' : 'challengeAdmin.held.rejectAllTitle'),
      size: 500,
      centered: true,
      closeButtonProps: { 'aria-label': t('common.close') },
      children: (
        <Text fz="sm">
          {t(kind === 'confirm' ? 'challengeAdmin.held.confirmAllText' : 'challengeAdmin.held.rejectAllText', {
            rows: t('challengeAdmin.held.rows', { count: item.rows_held }),
            amount: money(item.amount_held),
          })}
        </Text>
      ),
      labels: {
        confirm: t(kind === 'confirm' ? 'challengeAdmin.held.confirmAll' : 'challengeAdmin.held.rejectAll'),
        cancel: t('common.cancel'),
      },
      confirmProps: { color: kind === 'confirm' ? 'green' : 'red' },
      onConfirm: () => run({ importId: item.id, kind, decision: { all: true } }),
    });

  if (!open) return null;

  const columns: DataTableColumn<HeldRowRecord>[] = [
    { accessor: 'row_no', title: t('challengeAdmin.held.row'), sortable: true, textAlign: 'right', width: 80 },
    {
      accessor: 'document',
      title: t('challengeAdmin.held.document'),
      render: (r) => (
        <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
          {r.document} / {r.line}
        </Text>
      ),
    },
    {
      accessor: 'rep',
      title: t('challengeAdmin.held.rep'),
      render: (r) => (
        <Stack gap={0}>
          <Text fz="sm" fw={600}>
            {r.rep.name}
          </Text>
          <Text fz="xs" c="gray.7">
            {r.rep.asseco_id}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'product',
      title: t('challengeAdmin.held.product'),
      render: (r) => (
        <Stack gap={0}>
          <Text fz="sm">{r.product.name}</Text>
          <Text fz="xs" c="gray.7">
            {r.product.code}
          </Text>
        </Stack>
      ),
    },
    { accessor: 'challenge', title: t('challengeAdmin.held.challenge'), render: (r) => r.challenge.name },
    {
      accessor: 'quantity',
      title: t('challengeAdmin.held.quantity'),
      textAlign: 'right',
      render: (r) => count(r.quantity),
    },
    {
      accessor: 'amount',
      title: t('challengeAdmin.held.amount'),
      textAlign: 'right',
      noWrap: true,
      render: (r) => money(r.amount),
    },
    {
      accessor: 'reason',
      title: t('challengeAdmin.held.reason'),
      width: 220,
      render: (r) => <Text fz="sm">{r.reason_text}</Text>,
    },
  ];

  const busy = decide.isPending;
  const none = selected.length === 0;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="held-rows">
      <Stack gap="sm">
        <Title order={3} fz="md">
          {t('challengeAdmin.held.title', {
            rows: t('challengeAdmin.held.rows', { count: item.rows_held }),
            amount: money(item.amount_held),
          })}
        </Title>
        <Text fz="sm">{t('challengeAdmin.held.intro')}</Text>
        <Group gap="xs" wrap="wrap">
          <Button
            color="green"
            leftSection={<IconCheck size={16} aria-hidden />}
            disabled={none}
            loading={busy}
            onClick={() => decideSelected('confirm')}
          >
            {none
              ? t('challengeAdmin.held.confirmSelectedNone')
              : t('challengeAdmin.held.confirmSelected', { count: selected.length })}
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconX size={16} aria-hidden />}
            disabled={none}
            loading={busy}
            onClick={() => decideSelected('reject')}
          >
            {none
              ? t('challengeAdmin.held.rejectSelectedNone')
              : t('challengeAdmin.held.rejectSelected', { count: selected.length })}
          </Button>
          <Button variant="default" disabled={busy} onClick={() => askAll('confirm')}>
            {t('challengeAdmin.held.confirmAll')}
          </Button>
          <Button variant="default" disabled={busy} onClick={() => askAll('reject')}>
            {t('challengeAdmin.held.rejectAll')}
          </Button>
        </Group>
        <PagedTable
          label={t('challengeAdmin.held.tableLabel', { file: item.file_name })}
          state={state}
          data={list.data}
          fetching={list.isFetching}
          columns={columns}
          sortFields={SALES_HELD_SORT_FIELDS}
          selection={{ selected, onChange: setSelected }}
        />
      </Stack>
    </Paper>
  );
}
