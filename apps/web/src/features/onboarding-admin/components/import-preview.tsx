import type { OnboardingAction, OnboardingImport, OnboardingRow } from '@incentive/contracts';
import {
  Alert,
  Badge,
  Button,
  CloseButton,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Figure } from '../../../components/admin/figure.tsx';
import { openConfirm } from '../../../components/admin/open-confirm.ts';
import { type SimpleColumn, SimplePagedTable } from '../../../components/admin/simple-paged-table.tsx';
import { downloadCsv } from '../../../lib/download-csv.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { failureOf } from '../../../lib/mutation.ts';
import { toastError, toastFailure, toastSuccess } from '../../../lib/toast.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useFormatCount } from '../../../lib/use-format-count.ts';
import { useTableState } from '../../../lib/use-table-state.ts';
import { ONBOARDING_API } from '../api/endpoints.ts';
import { useApplyImport, useCancelImport, useOnboardingImport, useOnboardingRows } from '../api/onboarding-api.ts';
import { OnboardingStatusBadge } from './import-status-badge.tsx';

/** Downloads the refused rows of an import as the CSV the admin fixes and loads again. */
export async function downloadRefused(i: OnboardingImport, failed: string) {
  if (!(await downloadCsv(ONBOARDING_API.refused(i.id), {}, `odrzucone-${i.id}.csv`))) toastError(failed);
}

type RowItem = OnboardingRow & { id: number };

/** What a row does: the changes of an update, the reasons of a refusal. */
function RowDetails({ row }: { row: OnboardingRow }) {
  const { t } = useTranslation();
  if (row.action === 'refused') {
    return (
      <List size="sm" spacing={2} c="red.8" style={{ whiteSpace: 'normal', minWidth: 200 }}>
        {row.reasons.map((r) => (
          <List.Item key={`${r.field}:${r.message}`}>{r.message}</List.Item>
        ))}
      </List>
    );
  }
  if (row.action === 'update') {
    return (
      <List size="sm" spacing={2} style={{ whiteSpace: 'normal', minWidth: 200 }}>
        {row.changes.map((c) => (
          <List.Item key={c.field}>
            <Text span fz="sm" fw={600}>
              {c.field}:
            </Text>{' '}
            {c.before ? (
              <>
                <Text span fz="sm" td="line-through" c="gray.7">
                  {c.before}
                </Text>{' '}
                →{' '}
              </>
            ) : null}
            {c.after}
          </List.Item>
        ))}
      </List>
    );
  }
  return (
    <Text fz="sm" c="gray.7">
      {row.action === 'create' ? t('onboarding.preview.newRecord') : t('onboarding.preview.noChanges')}
    </Text>
  );
}

function RowsTable({ imp, action }: { imp: OnboardingImport; action: OnboardingAction }) {
  const { t } = useTranslation();
  const state = useTableState<'row_no'>('row_no');
  const rows = useOnboardingRows(imp.id, { action, page: state.page, per_page: state.perPage });
  useErrorToast(rows.error, 'onboarding.preview.errorLoad');
  const data = rows.data && { ...rows.data, data: rows.data.data.map((r) => ({ ...r, id: r.row_no })) };
  const people = imp.kind === 'people';
  // On a phone the details go under the person: three columns would leave them off the screen.
  const wide = useMediaQuery('(min-width: 48em)', true);
  const columns: SimpleColumn<RowItem, 'row_no'>[] = [
    { key: 'row', title: t('onboarding.preview.row'), align: 'right', render: (r) => r.row_no },
    {
      key: 'who',
      title: people ? t('onboarding.preview.who') : t('onboarding.preview.warehouse'),
      render: (r) => (
        <Stack gap={4} style={{ whiteSpace: 'normal' }}>
          <Stack gap={0}>
            <Group gap={6} wrap="nowrap">
              <Text fz="sm" fw={600}>
                {r.label || '—'}
              </Text>
              {people && r.role && (
                <Badge size="sm" variant="light" color="gray" style={{ flexShrink: 0 }}>
                  {r.role}
                </Badge>
              )}
            </Group>
            <Text fz="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
              {r.key}
            </Text>
          </Stack>
          {!wide && <RowDetails row={r} />}
        </Stack>
      ),
    },
    ...(wide
      ? [{ key: 'details', title: t('onboarding.preview.details'), render: (r: RowItem) => <RowDetails row={r} /> }]
      : []),
  ];
  return (
    <SimplePagedTable<RowItem, 'row_no'>
      label={t('onboarding.preview.tableLabel', { tab: t(`onboarding.preview.${action}`) })}
      columns={columns}
      data={data}
      fetching={rows.isFetching}
      state={state}
    />
  );
}

/**
 * One import: what its preview found (to add, to change, unchanged, refused), the rows of each with
 * the changes and the reasons, and "Zastosuj import" (after a confirm) or "Anuluj import". A 409
 * because the records changed meanwhile brings the new preview. Once applied: what it did and its
 * activation e-mails, followed while they are queued.
 */
export function ImportPreview({
  id,
  initial,
  onClose,
}: {
  id: number;
  initial?: OnboardingImport;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const count = useFormatCount();
  const query = useOnboardingImport(id, initial);
  useErrorToast(query.error, 'onboarding.preview.errorLoad');
  const apply = useApplyImport();
  const cancel = useCancelImport();
  const imp = query.data;
  const [tab, setTab] = useState<OnboardingAction | null>(null);
  if (!imp) return null;
  const actions: OnboardingAction[] = ['create', 'update', 'unchanged', 'refused'];
  const counts: Record<OnboardingAction, number> = {
    create: imp.to_create,
    update: imp.to_update,
    unchanged: imp.unchanged,
    refused: imp.refused,
  };
  const current =
    tab ?? (imp.refused > 0 && imp.status === 'previewed' ? 'refused' : imp.to_create > 0 ? 'create' : 'update');
  const applied = imp.status === 'applied';
  const title =
    imp.status === 'applied'
      ? 'onboarding.preview.appliedTitle'
      : imp.status === 'cancelled'
        ? 'onboarding.preview.cancelledTitle'
        : 'onboarding.preview.title';
  const nothing = imp.to_create + imp.to_update === 0;

  const askApply = () =>
    openConfirm({
      title: t('onboarding.preview.applyTitle'),
      centered: true,
      closeButtonProps: { 'aria-label': t('common.close') },
      children: (
        <Text fz="sm">
          {t(
            imp.kind === 'people'
              ? 'onboarding.preview.applyConfirmPeople'
              : 'onboarding.preview.applyConfirmWarehouses',
            {
              create: count(imp.to_create),
              update: count(imp.to_update),
              refused: count(imp.refused),
            },
          )}
        </Text>
      ),
      labels: { confirm: t('onboarding.preview.apply'), cancel: t('onboarding.preview.keep') },
      onConfirm: () =>
        apply.mutate(imp.id, {
          onSuccess: (res) => toastSuccess(res.message ?? t('onboarding.status.applied')),
          onError: (err) => toastFailure(failureOf(err), 'onboarding.preview.errorApply'),
        }),
    });

  const askCancel = () =>
    openConfirm({
      title: t('onboarding.preview.cancelTitle'),
      centered: true,
      closeButtonProps: { 'aria-label': t('common.close') },
      children: <Text fz="sm">{t('onboarding.preview.cancelConfirm')}</Text>,
      labels: { confirm: t('onboarding.preview.cancel'), cancel: t('onboarding.preview.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        cancel.mutate(imp.id, {
          onSuccess: (res) => toastSuccess(res.message ?? t('onboarding.status.cancelled')),
          onError: (err) => toastFailure(failureOf(err), 'onboarding.preview.errorCancel'),
        }),
    });

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      data-testid="onboarding-preview"
      data-status={imp.status}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Title order={2} fz="lg" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {t(title, { file: imp.file_name })}
          </Title>
          <Group gap={4} wrap="nowrap">
            <OnboardingStatusBadge status={imp.status} />
            <CloseButton
              size="sm"
              aria-label={t('onboarding.preview.close', { file: imp.file_name })}
              onClick={onClose}
            />
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <Figure
            label={t(applied ? 'onboarding.preview.created' : 'onboarding.preview.create')}
            value={count(imp.to_create)}
            testId="preview-create"
          />
          <Figure
            label={t(applied ? 'onboarding.preview.updated' : 'onboarding.preview.update')}
            value={count(imp.to_update)}
            testId="preview-update"
          />
          <Figure label={t('onboarding.preview.unchanged')} value={count(imp.unchanged)} testId="preview-unchanged" />
          <Figure
            label={t('onboarding.preview.refused')}
            value={count(imp.refused)}
            testId="preview-refused"
            color={imp.refused > 0 ? 'red.8' : undefined}
          />
        </SimpleGrid>
        {imp.invitations && (
          <Text fz="sm" data-testid="preview-invitations" role="status">
            {t('onboarding.preview.invitations', {
              queued: count(imp.invitations.queued),
              sent: count(imp.invitations.sent),
              failed: count(imp.invitations.failed),
            })}
          </Text>
        )}
        {imp.status === 'previewed' && nothing && (
          <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {t('onboarding.preview.nothing')}
          </Alert>
        )}
        <Tabs value={current} onChange={(v) => v && setTab(v as OnboardingAction)} keepMounted={false}>
          <Tabs.List style={{ flexWrap: 'wrap' }}>
            {actions.map((a) => (
              <Tabs.Tab key={a} value={a}>
                {t(`onboarding.preview.${a}`)} ({count(counts[a])})
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {actions.map((a) => (
            <Tabs.Panel key={a} value={a} pt="sm">
              <RowsTable imp={imp} action={a} />
            </Tabs.Panel>
          ))}
        </Tabs>
        <Group gap="sm" wrap="wrap">
          {imp.status === 'previewed' && (
            <>
              <Button onClick={askApply} loading={apply.isPending} disabled={nothing}>
                {t('onboarding.preview.apply')}
              </Button>
              <Button variant="default" color="red" onClick={askCancel} loading={cancel.isPending}>
                {t('onboarding.preview.cancel')}
              </Button>
            </>
          )}
          {imp.refused > 0 && (
            <Button
              variant="subtle"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => downloadRefused(imp, t('onboarding.preview.reportError'))}
            >
              {t('onboarding.preview.report')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
