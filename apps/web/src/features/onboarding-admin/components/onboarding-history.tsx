import type { OnboardingImport } from '@incentive/contracts';
import { ActionIcon, Button, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { type SimpleColumn, SimplePagedTable } from '../../../components/admin/simple-paged-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useFormatCount } from '../../../lib/use-format-count.ts';
import { useTableState } from '../../../lib/use-table-state.ts';
import { useOnboardingImports } from '../api/onboarding-api.ts';
import { downloadRefused } from './import-preview.tsx';
import { OnboardingStatusBadge } from './import-status-badge.tsx';

/** The imports so far, newest first (a scoped role sees its own): open one's preview, or its refused rows. */
export function OnboardingHistory({ onOpen }: { onOpen: (i: OnboardingImport) => void }) {
  const { t } = useTranslation();
  const count = useFormatCount();
  const state = useTableState<'created_at'>('created_at', 'desc');
  const list = useOnboardingImports({ page: state.page, per_page: state.perPage });
  useErrorToast(list.error, 'onboarding.history.errorLoad');
  const columns: SimpleColumn<OnboardingImport, 'created_at'>[] = [
    { key: 'date', title: t('onboarding.history.date'), render: (i) => formatDateTime(i.created_at) },
    {
      key: 'file',
      title: t('onboarding.history.file'),
      render: (i) => (
        <Stack gap={0}>
          <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere', whiteSpace: 'normal', maxWidth: 260 }}>
            {i.file_name}
          </Text>
          <Text fz="xs" c="gray.7">
            {t(i.kind === 'people' ? 'onboarding.upload.people' : 'onboarding.upload.warehouses')}
            {i.created_by ? ` · ${i.created_by.name}` : ''}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'status',
      title: t('onboarding.history.status'),
      render: (i) => <OnboardingStatusBadge status={i.status} />,
    },
    { key: 'create', title: t('onboarding.preview.create'), align: 'right', render: (i) => count(i.to_create) },
    { key: 'update', title: t('onboarding.preview.update'), align: 'right', render: (i) => count(i.to_update) },
    { key: 'refused', title: t('onboarding.preview.refused'), align: 'right', render: (i) => count(i.refused) },
    {
      key: 'actions',
      title: '',
      align: 'right',
      render: (i) => (
        <Group gap={4} wrap="nowrap" justify="flex-end">
          {i.refused > 0 && (
            <Tooltip label={t('onboarding.history.reportOf', { file: i.file_name })} withArrow>
              <ActionIcon
                variant="subtle"
                aria-label={t('onboarding.history.reportOf', { file: i.file_name })}
                onClick={() => downloadRefused(i, t('onboarding.preview.reportError'))}
              >
                <IconDownload size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => onOpen(i)}
            aria-label={t('onboarding.history.openOf', { file: i.file_name })}
          >
            {t('onboarding.history.open')}
          </Button>
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        {t('onboarding.history.title')}
      </Title>
      <SimplePagedTable<OnboardingImport, 'created_at'>
        label={t('onboarding.history.label')}
        columns={columns}
        data={list.data}
        fetching={list.isFetching}
        state={state}
      />
    </Stack>
  );
}
