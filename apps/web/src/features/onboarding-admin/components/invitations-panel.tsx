import type { Invitation } from '@incentive/contracts';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { Figure } from '../../../components/admin/figure.tsx';
import { type SimpleColumn, SimplePagedTable } from '../../../components/admin/simple-paged-table.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { failureOf } from '../../../lib/mutation.ts';
import { toastFailure, toastSuccess } from '../../../lib/toast.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useFormatCount } from '../../../lib/use-format-count.ts';
import { useTableState } from '../../../lib/use-table-state.ts';
import {
  useFailedInvitations,
  useInvitationCounts,
  useResendFailed,
  useResendInvitation,
} from '../api/onboarding-api.ts';

/**
 * The activation e-mails of people created in bulk: how many wait in the queue, went out, failed
 * (followed while some wait), and each failure with its last error and "Wyślij ponownie".
 */
export function InvitationsPanel() {
  const { t } = useTranslation();
  const count = useFormatCount();
  const counts = useInvitationCounts();
  const state = useTableState<'created_at'>('created_at', 'desc');
  const failed = useFailedInvitations({ page: state.page, per_page: state.perPage });
  useErrorToast(counts.error ?? failed.error, 'onboarding.invitations.errorLoad');
  const resend = useResendInvitation();
  const resendAll = useResendFailed();
  const done = { onSuccess: (r: { message: string }) => toastSuccess(r.message) };
  const fail = (err: unknown) => toastFailure(failureOf(err), 'onboarding.invitations.errorResend');

  const columns: SimpleColumn<Invitation, 'created_at'>[] = [
    {
      key: 'person',
      title: t('onboarding.invitations.person'),
      render: (i) => (
        <Stack gap={0}>
          <Text fz="sm" fw={600}>
            {i.user.name}
          </Text>
          <Text fz="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            {i.user.email}
          </Text>
        </Stack>
      ),
    },
    { key: 'attempts', title: t('onboarding.invitations.attempts'), align: 'right', render: (i) => count(i.attempts) },
    {
      key: 'error',
      title: t('onboarding.invitations.error'),
      render: (i) => (
        <Text fz="xs" c="red.8" style={{ whiteSpace: 'normal', minWidth: 180, overflowWrap: 'anywhere' }} lineClamp={3}>
          {i.last_error ?? '—'}
        </Text>
      ),
    },
    { key: 'date', title: t('onboarding.invitations.date'), render: (i) => formatDateTime(i.created_at) },
    {
      key: 'actions',
      title: '',
      align: 'right',
      render: (i) => (
        <Button
          variant="default"
          size="compact-sm"
          leftSection={<IconSend size={14} aria-hidden />}
          aria-label={t('onboarding.invitations.resendOf', { email: i.user.email })}
          loading={resend.isPending && resend.variables === i.id}
          onClick={() => resend.mutate(i.id, { ...done, onError: fail })}
        >
          {t('onboarding.invitations.resend')}
        </Button>
      ),
    },
  ];

  const c = counts.data;
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="invitations-panel">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('onboarding.invitations.title')}
        </Title>
        <Text fz="sm" c="gray.7">
          {t('onboarding.invitations.intro')}
        </Text>
        <SimpleGrid cols={3} spacing="md" maw={480}>
          {(['queued', 'sent', 'failed'] as const).map((k) => (
            <Figure
              key={k}
              label={t(`onboarding.invitations.${k}`)}
              value={c ? count(c[k]) : '—'}
              testId={`invitations-${k}`}
              color={k === 'failed' && (c?.failed ?? 0) > 0 ? 'red.8' : undefined}
            />
          ))}
        </SimpleGrid>
        {(c?.failed ?? 0) > 0 && (
          <>
            <Group>
              <Button
                variant="default"
                leftSection={<IconSend size={16} aria-hidden />}
                loading={resendAll.isPending}
                onClick={() => resendAll.mutate(undefined, { ...done, onError: fail })}
              >
                {t('onboarding.invitations.resendAll')}
              </Button>
            </Group>
            <SimplePagedTable<Invitation, 'created_at'>
              label={t('onboarding.invitations.label')}
              columns={columns}
              data={failed.data}
              fetching={failed.isFetching}
              state={state}
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
