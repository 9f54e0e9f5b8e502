import {
  API,
  type Paged,
  RULES_ACCEPTANCE_STATUSES,
  type RulesAcceptanceRow,
  type RulesVersion,
} from '@incentive/contracts';
import { Button, Group, Paper, Radio, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SimplePagedTable } from '../../../components/admin/simple-paged-table.tsx';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { buildUrl } from '../../../lib/build-url.ts';
import { downloadCsv } from '../../../lib/download-csv.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { toastError } from '../../../lib/toast.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useTableState } from '../../../lib/use-table-state.ts';

type Status = (typeof RULES_ACCEPTANCE_STATUSES)[number];
type Sort = 'name' | 'accepted_at';

/**
 * Who accepted which version of the rules, and when (issue 30 point 3, decision 060): a version's
 * active reps, filtered by whether they accepted it, searched, paged on the server, and exported.
 */
export function RulesAcceptances({ currentVersion }: { currentVersion: number | null }) {
  const { t } = useTranslation();
  const versions = useQuery({
    queryKey: queryKey('programme-settings.rules-versions', currentVersion),
    queryFn: ({ signal }) => fetchOrThrow<RulesVersion[]>(API.rulesVersions, { signal }),
    retry: false,
  });
  useErrorToast(versions.error, 'settings.acceptances.errorList');
  const [picked, setPicked] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>('all');
  const [exporting, setExporting] = useState(false);
  const state = useTableState<Sort>('name');
  const chosen = versions.data?.find((v) => String(v.version) === picked) ?? versions.data?.[0];
  const params = { ...state.params, version: chosen?.version, status };
  const rows = useQuery({
    queryKey: queryKey('programme-settings.rules-acceptances', params),
    queryFn: ({ signal }) =>
      fetchOrThrow<Paged<RulesAcceptanceRow>>(buildUrl(API.rulesAcceptances, params), { signal }),
    enabled: chosen !== undefined,
    placeholderData: keepPreviousData,
    retry: false,
  });
  useErrorToast(rows.error, 'settings.acceptances.errorList');

  const exportCsv = async () => {
    if (!chosen) return;
    setExporting(true);
    const ok = await downloadCsv(
      API.rulesAcceptancesExport,
      { version: chosen.version, status, search: state.params.search },
      `rules-v${chosen.version}-acceptances.csv`,
    );
    setExporting(false);
    if (!ok) toastError(t('table.exportError'));
  };

  if (!versions.data || versions.data.length === 0 || !chosen) return null;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            {t('settings.acceptances.title')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('settings.acceptances.subtitle')}
          </Text>
        </div>
        <Group align="flex-end" gap="md" wrap="wrap">
          <Select
            label={t('settings.acceptances.version')}
            data={versions.data.map((v) => ({
              value: String(v.version),
              label:
                t('settings.acceptances.versionLabel', { version: v.version, date: formatDate(v.published_at) ?? '' }) +
                (v.current ? t('settings.acceptances.current') : ''),
            }))}
            value={String(chosen.version)}
            onChange={(v) => {
              setPicked(v);
              state.setPage(1);
            }}
            allowDeselect={false}
            w={{ base: '100%', sm: 300 }}
          />
          {/* Radios, not a segmented control: on a phone the three labels wrap instead of running off the screen. */}
          <Radio.Group
            label={t('settings.acceptances.status')}
            value={status}
            onChange={(v) => {
              setStatus(v as Status);
              state.setPage(1);
            }}
          >
            <Group gap="md" mt={8} mb={6} wrap="wrap">
              {RULES_ACCEPTANCE_STATUSES.map((s) => (
                <Radio key={s} value={s} label={t(`settings.acceptances.${s}`)} />
              ))}
            </Group>
          </Radio.Group>
        </Group>
        <Text fz="sm" data-testid="acceptance-counts">
          {t('settings.acceptances.counts', { accepted: chosen.accepted, reps: chosen.reps })}
        </Text>
        <Group justify="space-between" align="flex-end" gap="sm">
          <TextInput
            label={t('settings.acceptances.search')}
            placeholder={t('settings.acceptances.searchPlaceholder')}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={state.search}
            onChange={(e) => state.setSearch(e.currentTarget.value)}
            w={{ base: '100%', sm: 320 }}
          />
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={exporting}
            onClick={() => void exportCsv()}
          >
            {t('settings.acceptances.export')}
          </Button>
        </Group>
        <SimplePagedTable<RulesAcceptanceRow, Sort>
          label={t('settings.acceptances.title')}
          state={state}
          data={rows.data}
          fetching={rows.isFetching}
          columns={[
            {
              key: 'name',
              title: t('settings.acceptances.name'),
              sortField: 'name',
              render: (r) => [r.name, r.surname].filter(Boolean).join(' '),
            },
            { key: 'email', title: t('settings.acceptances.email'), render: (r) => r.email },
            {
              key: 'accepted_at',
              title: t('settings.acceptances.acceptedAt'),
              sortField: 'accepted_at',
              render: (r) =>
                r.accepted_at ? (
                  formatDateTime(r.accepted_at)
                ) : (
                  <Text component="span" fz="sm" c="dimmed">
                    {t('settings.acceptances.notYet')}
                  </Text>
                ),
            },
          ]}
        />
      </Stack>
    </Paper>
  );
}
