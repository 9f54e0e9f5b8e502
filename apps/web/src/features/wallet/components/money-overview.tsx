import type { MoneyOverview } from '@incentive/contracts';
import { Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { ScrollHint } from '../../../components/table/scroll-hint.tsx';
import { dayjs } from '../../../lib/dayjs.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import { useScrollEdges } from '../../../lib/use-scroll-edges.ts';
import { useMoneyOverview } from '../api/get-money-overview.ts';

/** The programme's money at a glance: earned, the liability in wallets, on its way, paid out; per month. */
export function MoneyOverviewPanel() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const { data } = useMoneyOverview();
  if (!data) return null;
  const tiles = [
    ['overview.earned', data.totals.earned],
    ['overview.available', data.totals.available],
    ['overview.inWithdrawal', data.totals.in_withdrawal],
    ['overview.paidOut', data.totals.paid_out],
  ] as const;
  return (
    <Card withBorder radius="md" padding="lg">
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
              {money(value)}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      {data.months.length > 0 && <MonthTable months={data.months} />}
    </Card>
  );
}

/**
 * Per month. On a phone it is wider than its frame and scrolls sideways as the back-office tables
 * do: the scrollbar stays visible, a hint says so, and the box takes the keyboard's focus so arrow
 * keys scroll it too (axe: scrollable-region-focusable).
 */
function MonthTable({ months }: { months: MoneyOverview['months'] }) {
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
            {months.map((m) => (
              <Table.Tr key={m.month}>
                <Table.Td>{dayjs(`${m.month}-01`).format('MMMM YYYY')}</Table.Td>
                <Table.Td ta="right">{money(m.earned)}</Table.Td>
                <Table.Td ta="right">{money(m.requested)}</Table.Td>
                <Table.Td ta="right">{money(m.paid_out)}</Table.Td>
                <Table.Td ta="right">{money(m.returned)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
