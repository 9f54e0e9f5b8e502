import { type AnonymisedPerson, API, apiPath, type PrivacyPerson } from '@incentive/contracts';
import { ActionIcon, Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconDownload, IconSearch, IconUserOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { openConfirm } from '../../../components/admin/open-confirm.ts';
import { fetchOrThrow } from '../../../lib/api-client.ts';
import { downloadCsv } from '../../../lib/download-csv.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { failureOf, useApiMutation } from '../../../lib/mutation.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { toastError, toastFailure, toastSuccess } from '../../../lib/toast.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';

const anonymise = (id: number) => fetchOrThrow<AnonymisedPerson>(apiPath(API.anonymise, { id }), { method: 'POST' });

/**
 * Personal data on request (issue 30 point 5, decision 063): find a person, deactivated ones too;
 * download everything held about them (JSON, or a page to read); anonymise a deactivated one.
 */
export function PersonalData() {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const people = useQuery({
    queryKey: queryKey('users.privacy-people', search),
    queryFn: ({ signal }) => fetchOrThrow<PrivacyPerson[]>(API.privacyPeople, { query: { search }, signal }),
    enabled: search.length >= 2,
    retry: false,
  });
  useErrorToast(people.error, 'settings.privacy.errorSearch');
  const mutation = useApiMutation({ mutationFn: anonymise, invalidates: ['users'] });

  const download = async (p: PrivacyPerson, format: 'json' | 'html') => {
    const ok = await downloadCsv(apiPath(API.personalData, { id: p.id }), { format }, `dane-osobowe-${p.id}.${format}`);
    if (!ok) toastError(t('settings.privacy.exportError'));
  };
  const askAnonymise = (p: PrivacyPerson) =>
    openConfirm({
      title: t('settings.privacy.anonymiseTitle'),
      centered: true,
      closeButtonProps: { 'aria-label': t('common.close') },
      children: <Text fz="sm">{t('settings.privacy.anonymiseConfirm', { name: p.name })}</Text>,
      labels: { confirm: t('settings.privacy.anonymise'), cancel: t('settings.privacy.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        mutation.mutate(p.id, {
          onSuccess: (res) => {
            toastSuccess(res.message);
            void people.refetch();
          },
          onError: (err) => toastFailure(failureOf(err), 'settings.privacy.errorAnonymise'),
        }),
    });

  const status = (p: PrivacyPerson) =>
    p.anonymised_at ? (
      <Badge color="gray" variant="light">
        {t('settings.privacy.anonymised')}
      </Badge>
    ) : p.deleted_at ? (
      <Badge color="red" variant="light">
        {t('settings.privacy.deleted')}
      </Badge>
    ) : (
      <Badge color="green" variant="light">
        {t('settings.privacy.active')}
      </Badge>
    );

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="personal-data">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('settings.privacy.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('settings.privacy.intro')}
        </Text>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setSearch(typed.trim());
          }}
        >
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label={t('settings.privacy.search')}
              placeholder={t('settings.privacy.searchPlaceholder')}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              maxLength={100}
              style={{ flex: '1 1 16rem' }}
            />
            <Button type="submit" variant="default" leftSection={<IconSearch size={16} aria-hidden />}>
              {t('settings.privacy.find')}
            </Button>
          </Group>
        </form>
        {people.data && people.data.length === 0 && <Text fz="sm">{t('settings.privacy.none')}</Text>}
        {people.data && people.data.length > 0 && (
          <Table.ScrollContainer minWidth={300}>
            <Table aria-label={t('settings.privacy.label')} verticalSpacing="xs">
              <Table.Tbody>
                {people.data.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <Stack gap={2}>
                        <Group gap={6}>
                          <Text fz="sm" fw={600}>
                            {p.name}
                          </Text>
                          {status(p)}
                        </Group>
                        <Text fz="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                          {p.email}
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        {(['json', 'html'] as const).map((f) => (
                          <Tooltip
                            key={f}
                            label={t('settings.privacy.exportOf', { name: p.name, format: f.toUpperCase() })}
                          >
                            <Button
                              variant="subtle"
                              size="compact-sm"
                              leftSection={<IconDownload size={14} aria-hidden />}
                              aria-label={t('settings.privacy.exportOf', { name: p.name, format: f.toUpperCase() })}
                              onClick={() => download(p, f)}
                            >
                              {t(`settings.privacy.${f}`)}
                            </Button>
                          </Tooltip>
                        ))}
                        {p.deleted_at && !p.anonymised_at && (
                          <Tooltip label={t('settings.privacy.anonymiseOf', { name: p.name })}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={t('settings.privacy.anonymiseOf', { name: p.name })}
                              onClick={() => askAnonymise(p)}
                              loading={mutation.isPending && mutation.variables === p.id}
                            >
                              <IconUserOff size={18} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
