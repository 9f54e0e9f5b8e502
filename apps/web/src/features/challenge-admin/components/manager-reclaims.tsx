import { Alert, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import { useManagerReclaims } from '../api/get-manager-reclaims.ts';

/**
 * Money earlier imports had credited to regional managers, taken back through the ledger by
 * migration 0020 (decision 045): who, how much, when, why. Shown only when there is any.
 */
export function ManagerReclaims() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const { data, isError } = useManagerReclaims();
  if (isError)
    return (
      <Alert color="red" data-testid="manager-reclaims-error">
        {t('challengeAdmin.import.reclaims.error')}
      </Alert>
    );
  if (!data || data.data.length === 0) return null;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="manager-reclaims">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('challengeAdmin.import.reclaims.title')}
        </Title>
        <Text fz="sm">{t('challengeAdmin.import.reclaims.intro')}</Text>
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('challengeAdmin.import.reclaims.person')}</Table.Th>
                <Table.Th style={{ textAlign: 'right' }}>{t('challengeAdmin.import.reclaims.amount')}</Table.Th>
                <Table.Th>{t('challengeAdmin.import.reclaims.date')}</Table.Th>
                <Table.Th>{t('challengeAdmin.import.reclaims.reason')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.data.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <Text fz="sm" fw={600}>
                      {r.user.name}
                    </Text>
                    <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {r.user.email}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    {money(r.amount)}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(r.created_at)}</Table.Td>
                  <Table.Td>
                    <Text fz="sm">{r.reason ?? '—'}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
