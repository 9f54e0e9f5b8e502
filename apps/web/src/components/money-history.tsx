import type { LedgerEntry } from '@incentive/contracts';
import { Card, Group, Pagination, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../lib/format.ts';
import { useTranslation } from '../lib/i18n.ts';
import { useMoneyHistory } from '../lib/money-history.ts';
import { useFormatMoney } from '../lib/use-format-money.ts';
import { ListLoadError } from './list-load-error.tsx';

function sign(e: LedgerEntry): 'in' | 'out' | 'neutral' {
  if (e.kind === 'withdrawal_paid') return 'neutral';
  return e.amount.startsWith('-') ? 'out' : 'in';
}

/** Every movement of a rep's money: date, what it was, where it came from, how much. Phone-first list. */
export function MoneyHistory({ userId }: { userId?: number }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const [page, setPage] = useState(1);
  const { data, isFetching, error, refetch } = useMoneyHistory(page, userId);
  const failed = error !== null;
  return (
    <Card withBorder radius="md" padding="lg">
      <Title order={2} fz="lg" mb="sm">
        {t('history.title')}
      </Title>
      {failed && <ListLoadError testId="money-history-failed" retrying={isFetching} onRetry={() => void refetch()} />}
      {!failed && data && data.data.length === 0 && <Text c="dimmed">{t('history.empty')}</Text>}
      <Stack gap={0} style={{ opacity: isFetching ? 0.6 : 1 }} hidden={failed}>
        {data?.data.map((e) => {
          const s = sign(e);
          return (
            <Group
              key={e.id}
              justify="space-between"
              wrap="nowrap"
              py="xs"
              style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
            >
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fz="sm" fw={600}>
                  {t(`history.kind.${e.kind}`)}
                </Text>
                <Text fz="xs" c="dimmed" truncate>
                  {formatDateTime(e.created_at)}
                  {e.reason ? ` · ${e.reason}` : ''}
                </Text>
              </Stack>
              <Text
                fw={700}
                c={s === 'in' ? 'green.8' : s === 'out' ? 'red.8' : 'dimmed'}
                style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
              >
                {money(e.amount, { signed: s === 'in' })}
              </Text>
            </Group>
          );
        })}
      </Stack>
      {data && data.last_page > 1 && (
        <Pagination mt="md" size="sm" total={data.last_page} value={page} onChange={setPage} />
      )}
    </Card>
  );
}
