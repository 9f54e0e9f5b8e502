import { NOTICE_STATUSES, type NoticeStatus, type QueuedNotice } from '@incentive/contracts';
import { SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { type SimpleColumn, SimplePagedTable } from '../../../components/admin/simple-paged-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useFormatCount } from '../../../lib/use-format-count.ts';
import { useTableState } from '../../../lib/use-table-state.ts';
import { useNoticeCounts, useNoticeQueue } from '../api/notices-api.ts';

/** The notices' queue for root and admin: counts by status, and the messages of one, with their last error. */
export function NoticeQueue() {
  const { t } = useTranslation();
  const count = useFormatCount();
  const [status, setStatus] = useState<NoticeStatus>('failed');
  const state = useTableState<'created_at'>('created_at', 'desc');
  const counts = useNoticeCounts(true);
  const queue = useNoticeQueue({ status, page: state.page, per_page: state.perPage }, true);
  useErrorToast(queue.error, 'notices.errorLoad');
  const columns: SimpleColumn<QueuedNotice, 'created_at'>[] = [
    { key: 'when', title: t('notices.when'), render: (n) => formatDateTime(n.created_at) },
    {
      key: 'to',
      title: t('notices.to'),
      render: (n) => (
        <Stack gap={0}>
          <Text fz="sm" fw={600}>
            {n.user.name}
          </Text>
          <Text fz="xs" c="gray.7">
            {n.user.email}
          </Text>
        </Stack>
      ),
    },
    { key: 'what', title: t('notices.what'), render: (n) => t(`notices.kind.${n.kind}`) },
    { key: 'attempts', title: t('notices.attempts'), align: 'right', render: (n) => n.attempts },
    {
      key: 'error',
      title: t('notices.error'),
      render: (n) => (
        <Text fz="xs" style={{ whiteSpace: 'normal', minWidth: 160, overflowWrap: 'anywhere' }}>
          {n.last_error ?? '—'}
        </Text>
      ),
    },
  ];
  return (
    <Stack gap="sm" data-testid="notice-queue">
      <Title order={2} fz="lg">
        {t('notices.queue')}
      </Title>
      <Text fz="sm" c="gray.7">
        {t('notices.queueIntro')}
      </Text>
      <SegmentedControl
        value={status}
        onChange={(v) => {
          state.setPage(1);
          setStatus(v as NoticeStatus);
        }}
        data={NOTICE_STATUSES.map((s) => ({
          value: s,
          label: `${t(`notices.status.${s}`)}${counts.data ? ` (${count(counts.data[s])})` : ''}`,
        }))}
        fullWidth
        orientation="horizontal"
        style={{ overflowX: 'auto' }}
      />
      <SimplePagedTable<QueuedNotice, 'created_at'>
        label={t('notices.queueLabel')}
        columns={columns}
        data={queue.data}
        fetching={queue.isFetching}
        state={state}
      />
    </Stack>
  );
}
