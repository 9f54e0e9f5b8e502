import { API } from '@incentive/contracts';
import { Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { downloadCsv } from '../../../lib/download-csv.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { toastError } from '../../../lib/toast.ts';

/**
 * The rep's yearly statement (issue 30 point 4): the years it was paid rewards in, and the PDF of
 * one, downloaded (GET /api/profile/statement, always the signed-in rep's own).
 */
export function YearStatement() {
  const { t } = useTranslation();
  const years = useQuery({
    queryKey: queryKey('users.statement-years'),
    queryFn: ({ signal }) => fetchOrThrow<{ years: number[] }>(API.statementYears, { signal }),
  });
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const list = years.data?.years ?? [];
  const year = chosen ?? list[0] ?? null;

  const download = async () => {
    if (year === null) return;
    setBusy(true);
    const ok = await downloadCsv(API.statement, { year }, `zestawienie-${year}.pdf`);
    setBusy(false);
    if (!ok) toastError(t('profile.statement.error'));
  };

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="year-statement">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('profile.statement.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('profile.statement.intro')}
        </Text>
        {years.data && list.length === 0 ? (
          <Text fz="sm">{t('profile.statement.none')}</Text>
        ) : (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label={t('profile.statement.year')}
              data={list.map(String)}
              value={year === null ? null : String(year)}
              onChange={(v) => v && setChosen(Number(v))}
              allowDeselect={false}
              w={{ base: '100%', xs: 160 }}
              comboboxProps={{ withinPortal: true }}
            />
            <Button
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={download}
              loading={busy}
              disabled={year === null}
            >
              {t('profile.statement.download')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
