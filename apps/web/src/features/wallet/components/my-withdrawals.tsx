import { Card, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { ListLoadError } from '../../../components/list-load-error.tsx';
import { MY_WITHDRAWALS_FIRST_PAGE } from '../../../first-load/first-page-data.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import { useWithdrawals } from '../api/get-withdrawals.ts';
import { StatusBadge } from './status-badge.tsx';

/** A rep's own withdrawals as a phone-first list: amount, status, date and card. */
export function MyWithdrawals() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const [page, setPage] = useState(1);
  const { data, isFetching, error, refetch } = useWithdrawals({ ...MY_WITHDRAWALS_FIRST_PAGE, page });
  // A failed load (of this page, or of the first with nothing shown yet) says so and offers a retry.
  const failed = error !== null;
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="lg" mb="sm">
        {t('withdrawals.toCard')}
      </Title>
      {failed && <ListLoadError testId="my-withdrawals-failed" retrying={isFetching} onRetry={() => void refetch()} />}
      {!failed && data && data.data.length === 0 && <Text c="dimmed">{t('withdrawals.none')}</Text>}
      <Stack gap={0} style={{ opacity: isFetching ? 0.6 : 1 }} hidden={failed}>
        {data?.data.map((w) => (
          <Group
            key={w.id}
            justify="space-between"
            wrap="nowrap"
            py="xs"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={700} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {money(w.amount)}
              </Text>
              <Text fz="xs" c="dimmed">
                {formatDateTime(w.created_at)} ·{' '}
                <span style={{ whiteSpace: 'nowrap' }}>
                  {t('withdrawals.card')} {w.card_number}
                </span>
              </Text>
              {w.failure_reason && (
                <Text fz="xs" c="red.8">
                  {w.failure_reason}
                </Text>
              )}
            </Stack>
            <StatusBadge status={w.status} />
          </Group>
        ))}
      </Stack>
      {data && data.last_page > 1 && (
        <Pagination mt="md" size="sm" total={data.last_page} value={page} onChange={setPage} />
      )}
    </Card>
  );
}
