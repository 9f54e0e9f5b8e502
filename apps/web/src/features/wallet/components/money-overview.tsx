import { Card, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { dayjs } from '../../../lib/dayjs.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
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
      {/* It scrolls sideways on a phone: its box takes the keyboard's focus so arrow keys scroll it too. */}
      {data.months.length > 0 && (
        <Table.ScrollContainer minWidth={520} mt="md" scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
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
              {data.months.map((m) => (
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
      )}
    </Card>
  );
}
