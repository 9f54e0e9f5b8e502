import { API, AUDIT_KINDS, AUDIT_OBJECTS, type AuditKind, type AuditObject, can } from '@incentive/contracts';
import { Button, Grid, Group, Paper, Pill, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconDownload, IconFilterOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Page } from '../../../components/page.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { downloadCsv } from '../../../lib/download-csv.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { registerStrings } from '../../../lib/lazy-strings.ts';
import { toastError } from '../../../lib/toast.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useTableState } from '../../../lib/use-table-state.ts';
import { useAuditPage } from '../api/audit-api.ts';
import { AuditTable } from '../components/audit-table.tsx';
import { useAuditFilters } from '../lib/filters.ts';
import { auditStrings } from '../lib/strings.ts';

registerStrings(auditStrings);

/**
 * `/audit` (issue 31 point 1): who changed what, when and from where. Filters by kind, object and
 * Warsaw days; a click on a person or an object narrows the list to it; every filter is in the
 * address. A wholesaler and a regional manager see their warehouses' events only (the server decides).
 */
export function AuditPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const [filters, setFilters] = useAuditFilters();
  const state = useTableState<'at'>('at', 'desc');
  const page = useAuditPage({ ...filters, page: state.page, per_page: state.perPage });
  useErrorToast(page.error, 'audit.errorLoad');
  const [downloading, setDownloading] = useState(false);
  // Root and admin read the whole trail (and the addresses); the scoped roles their warehouses' part.
  const scoped = !can(me.role, 'wallet.audit');
  const update = (next: Partial<typeof filters>) => {
    state.setPage(1);
    setFilters({ ...filters, ...next });
  };
  const first = page.data?.data[0];
  const personName =
    filters.actor_id !== undefined
      ? (page.data?.data.find((e) => e.actor?.id === filters.actor_id)?.actor?.name ?? `#${filters.actor_id}`)
      : null;
  const objectName =
    filters.object_type !== undefined && filters.object_id !== undefined
      ? `${t(`audit.objectType.${filters.object_type}`)} #${filters.object_id}${
          first?.object_type === filters.object_type && first.object_id === filters.object_id && first.object_name
            ? `: ${first.object_name}`
            : ''
        }`
      : null;

  const download = async () => {
    setDownloading(true);
    const ok = await downloadCsv(API.auditExport, { ...filters }, 'historia-zmian.csv');
    setDownloading(false);
    if (!ok) toastError(t('audit.downloadError'));
  };

  return (
    <Page title={t('audit.title')} subtitle={t('audit.subtitle')}>
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <Stack gap="sm">
          {scoped && (
            <Text fz="sm" c="gray.7">
              {t('audit.scoped')}
            </Text>
          )}
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, xs: 6, md: 3 }}>
              <Select
                label={t('audit.kindFilter')}
                placeholder={t('audit.anyKind')}
                data={AUDIT_KINDS.map((k) => ({ value: k, label: t(`audit.kind.${k}`) }))}
                value={filters.kind ?? null}
                onChange={(v) => update({ kind: (v as AuditKind | null) ?? undefined })}
                searchable
                clearable
                comboboxProps={{ withinPortal: true }}
                data-testid="audit-kind"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 6, md: 3 }}>
              <Select
                label={t('audit.objectFilter')}
                placeholder={t('audit.anyObject')}
                data={AUDIT_OBJECTS.map((o) => ({ value: o, label: t(`audit.objectType.${o}`) }))}
                value={filters.object_type ?? null}
                onChange={(v) => update({ object_type: (v as AuditObject | null) ?? undefined, object_id: undefined })}
                clearable
                comboboxProps={{ withinPortal: true }}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 3 }}>
              <TextInput
                type="date"
                label={t('audit.from')}
                value={filters.from ?? ''}
                max={filters.to}
                onChange={(e) => update({ from: e.currentTarget.value || undefined })}
                data-testid="audit-from"
              />
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 3 }}>
              <TextInput
                type="date"
                label={t('audit.to')}
                value={filters.to ?? ''}
                min={filters.from}
                onChange={(e) => update({ to: e.currentTarget.value || undefined })}
                data-testid="audit-to"
              />
            </Grid.Col>
          </Grid>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Group gap="xs" wrap="wrap">
              {personName && (
                <Pill
                  size="md"
                  withRemoveButton
                  removeButtonProps={{ 'aria-label': t('audit.removeFilter') }}
                  onRemove={() => update({ actor_id: undefined })}
                >
                  {t('audit.person', { name: personName })}
                </Pill>
              )}
              {objectName && (
                <Pill
                  size="md"
                  withRemoveButton
                  removeButtonProps={{ 'aria-label': t('audit.removeFilter') }}
                  onRemove={() => update({ object_id: undefined })}
                >
                  {t('audit.object', { name: objectName })}
                </Pill>
              )}
            </Group>
            <Group gap="sm">
              {Object.values(filters).some((v) => v !== undefined) && (
                <Button
                  variant="subtle"
                  leftSection={<IconFilterOff size={16} aria-hidden />}
                  onClick={() => setFilters({})}
                >
                  {t('audit.clear')}
                </Button>
              )}
              <Button
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={download}
                loading={downloading}
              >
                {t('audit.downloadCsv')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </Paper>
      <AuditTable
        label={t('audit.label')}
        data={page.data}
        fetching={page.isFetching}
        state={state}
        onPerson={(id) => update({ actor_id: id })}
        onObject={(type, id) => update({ object_type: type, object_id: id })}
      />
    </Page>
  );
}
