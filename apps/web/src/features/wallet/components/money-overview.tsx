import type { MoneyOverview } from '@incentive/contracts';
import { Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { ScrollHint } from '../../../components/table/scroll-hint.tsx';
import { dayjs } from '../../../lib/dayjs.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import { useScrollEdges } from '../../../lib/use-scroll-edges.ts';
import { useMoneyOverview } from '../api/get-money-overview.ts';

/** Rows of the month table: the API sums the current month and the 11 before it. */
const MONTHS = 12;

type Month = MoneyOverview['months'][number];

/**
 * The 12 months the table shows, newest first, each with its sums or, for a month without
 * movements, zeros: the table has the same rows before and after the data arrives, so the page
 * below it never moves (issue 27 point 8: the payout desk's layout shift). The newest month is the
 * later of the browser's and the data's, so a clock a little off never drops a month that has sums.
 */
export function monthRows(months: readonly Month[] | undefined, today: string): (Month | { month: string })[] {
  const newest = [today, ...(months ?? []).map((m) => m.month)].sort().at(-1) ?? today;
  const byMonth = new Map((months ?? []).map((m) => [m.month, m]));
  const start = dayjs(`${newest}-01`);
  return Array.from({ length: MONTHS }, (_, i) => {
    const month = start.subtract(i, 'month').format('YYYY-MM');
    const found = byMonth.get(month);
    if (found) return found;
    return months ? { month, earned: '0.00', requested: '0.00', paid_out: '0.00', returned: '0.00' } : { month };
  });
}

/**
 * The programme's money at a glance: earned, the liability in wallets, on its way, paid out; per
 * month. It keeps one size from its first paint: a dash stands in for each sum until they arrive.
 */
export function MoneyOverviewPanel() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const { data } = useMoneyOverview();
  const tiles = [
    ['overview.earned', data?.totals.earned],
    ['overview.available', data?.totals.available],
    ['overview.inWithdrawal', data?.totals.in_withdrawal],
    ['overview.paidOut', data?.totals.paid_out],
  ] as const;
  return (
    <Card withBorder radius="md" padding="lg" aria-busy={!data || undefined} data-testid="money-overview">
      <Title order={2} fz="lg" mb="md">
        {t('overview.title')}
      </Title>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
        {tiles.map(([label, value]) => (
          <div key={label}>
            <Text fz="xs" tt="uppercase" fw={700} c="dimmed">
              {t(label)}
            </Text>
            <Text fz="lg" fw={800} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {value === undefined ? PENDING : money(value)}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <MonthTable months={monthRows(data?.months, dayjs().format('YYYY-MM'))} />
    </Card>
  );
}

/** What a sum shows until it has arrived. */
const PENDING = '—';

/**
 * Per month. On a phone it is wider than its frame and scrolls sideways as the back-office tables
 * do: the scrollbar stays visible, a hint says so, and the box takes the keyboard's focus so arrow
 * keys scroll it too (axe: scrollable-region-focusable).
 */
function MonthTable({ months }: { months: (Month | { month: string })[] }) {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const viewport = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(viewport);
  return (
    <Stack gap={6} mt="md">
      {edges.overflow && <ScrollHint />}
      <Table.ScrollContainer
        minWidth={520}
        scrollAreaProps={{
          type: 'auto',
          scrollbars: 'x',
          offsetScrollbars: 'x',
          viewportRef: viewport,
          viewportProps: { tabIndex: 0 },
        }}
      >
        <Table striped fz="sm" aria-label={t('overview.byMonth')} style={{ whiteSpace: 'nowrap' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('overview.month')}</Table.Th>
              <Table.Th ta="right">{t('overview.earned')}</Table.Th>
              <Table.Th ta="right">{t('overview.requested')}</Table.Th>
              <Table.Th ta="right">{t('overview.paidOut')}</Table.Th>
              <Table.Th ta="right">{t('overview.returned')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {months.map((m) => {
              const sum = (key: 'earned' | 'requested' | 'paid_out' | 'returned') =>
                'earned' in m ? money(m[key]) : PENDING;
              return (
                <Table.Tr key={m.month}>
                  <Table.Td>{dayjs(`${m.month}-01`).format('MMMM YYYY')}</Table.Td>
                  <Table.Td ta="right">{sum('earned')}</Table.Td>
                  <Table.Td ta="right">{sum('requested')}</Table.Td>
                  <Table.Td ta="right">{sum('paid_out')}</Table.Td>
                  <Table.Td ta="right">{sum('returned')}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
