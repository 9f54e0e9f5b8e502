import {
  API,
  PROGRAMME_LIMITS,
  type ProgrammeSettings,
  type ProgrammeSettingsBody,
  type ProgrammeSettingsSaved,
} from '@incentive/contracts';
import { Anchor, Button, Center, Group, Input, Paper, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Loading } from '../../../components/loading.tsx';
import { Page } from '../../../components/page.tsx';
import { RichTextInput } from '../../../components/rich-text-input.tsx';
import { type ApiError, failureOf, fetchOrThrow } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { registerStrings } from '../../../lib/lazy-strings.ts';
import { paths } from '../../../lib/paths.ts';
import { setProgrammeSettings } from '../../../lib/programme-settings.ts';
import { queryKey } from '../../../lib/query-keys.ts';
import { toastError, toastFailure, toastSuccess } from '../../../lib/toast.ts';
import { useLoadFailureRedirect } from '../../../lib/use-load-failure-redirect.ts';
import en from '../../../locales/settings/en.json';
import pl from '../../../locales/settings/pl.json';
import { PersonalData } from '../components/personal-data.tsx';
import { RulesAcceptances } from '../components/rules-acceptances.tsx';

// The page's labels arrive with its chunk, never in a rep's first load.
registerStrings({ pl, en });

type Field = keyof ProgrammeSettingsBody;
type FieldErrors = Partial<Record<Field, string>>;

const valuesOf = (s: ProgrammeSettings): ProgrammeSettingsBody => ({
  organiser: s.organiser,
  address: s.address,
  phone: s.phone,
  email: s.email,
  rules: s.rules?.html ?? '',
  withdrawal_needs_tax_data: s.withdrawal_needs_tax_data,
});

/**
 * `/settings` (root, admin; decision 047): the programme's organiser, address and contact shown in
 * every footer, and its rules in the article editor's rich text editor. The server sanitizes the
 * rules and keeps each changed text as a new version.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  // Read fresh here (not the footer's copy): the form starts from what is stored now.
  const settings = useQuery({
    queryKey: queryKey('programme-settings'),
    queryFn: ({ signal }) => fetchOrThrow<ProgrammeSettings>(API.settings, { signal }),
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: 0,
  });
  useLoadFailureRedirect(settings.error, 'settings.errorLoad', paths.dashboard());
  return (
    <Page title={t('settings.title')} subtitle={t('settings.subtitle')}>
      {settings.data ? (
        <SettingsForm initial={settings.data} />
      ) : (
        <Center py={80}>
          <Loading />
        </Center>
      )}
    </Page>
  );
}

function SettingsForm({ initial }: { initial: ProgrammeSettings }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ProgrammeSettingsBody>(() => valuesOf(initial));
  const [stored, setStored] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useMutation<ProgrammeSettingsSaved, ApiError, ProgrammeSettingsBody>({
    mutationFn: (body) => fetchOrThrow<ProgrammeSettingsSaved>(API.settings, { method: 'PUT', body }),
  });
  const set = (patch: Partial<ProgrammeSettingsBody>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch) as Field[]) delete next[k];
      return next;
    });
  };

  const submit = () => {
    // The server checks every field and answers with a message per field (422), shown under each.
    save.mutate(values, {
      onSuccess: (saved) => {
        setProgrammeSettings(saved.settings);
        setStored(saved.settings);
        setValues(valuesOf(saved.settings));
        setErrors({});
        toastSuccess(saved.message || t('settings.saved'));
      },
      onError: (err) => {
        const result = failureOf(err);
        const fields = result && !result.isSuccess ? result.payload?.errors : undefined;
        if (fields) {
          setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? ''])) as FieldErrors);
          toastError(t('settings.fixFields'));
        } else toastFailure(result, 'settings.errorSave');
      },
    });
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
          noValidate
        >
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <TextInput
                label={t('settings.organiser')}
                placeholder={t('settings.organiserPlaceholder')}
                value={values.organiser}
                maxLength={PROGRAMME_LIMITS.organiser}
                onChange={(e) => set({ organiser: e.currentTarget.value })}
                error={errors.organiser}
                withAsterisk
              />
              <TextInput
                label={t('settings.address')}
                placeholder={t('settings.addressPlaceholder')}
                value={values.address}
                maxLength={PROGRAMME_LIMITS.address}
                onChange={(e) => set({ address: e.currentTarget.value })}
                error={errors.address}
                withAsterisk
              />
              <TextInput
                label={t('settings.phone')}
                description={t('settings.phoneHint')}
                value={values.phone}
                maxLength={PROGRAMME_LIMITS.phone}
                onChange={(e) => set({ phone: e.currentTarget.value })}
                error={errors.phone}
              />
              <TextInput
                label={t('settings.email')}
                type="email"
                value={values.email}
                maxLength={PROGRAMME_LIMITS.email}
                onChange={(e) => set({ email: e.currentTarget.value })}
                error={errors.email}
                withAsterisk
              />
            </SimpleGrid>
            <Input.Wrapper label={t('settings.rules')} description={t('settings.rulesHint')} withAsterisk>
              <RichTextInput
                label={t('settings.rules')}
                value={values.rules}
                onChange={(rules) => set({ rules })}
                error={errors.rules}
              />
            </Input.Wrapper>
            <Text fz="sm" c="dimmed" data-testid="settings-rules-version">
              {stored.rules
                ? t('settings.currentVersion', {
                    version: stored.rules.version,
                    date: formatDate(stored.rules.published_at) ?? '',
                  })
                : t('settings.noRules')}{' '}
              <Anchor href={paths.rules()} target="_blank" rel="noopener" fz="sm" underline="always">
                {t('settings.openRules')}
              </Anchor>
            </Text>
            <Switch
              label={t('settings.withdrawalNeedsTaxData')}
              description={t('settings.withdrawalNeedsTaxDataHint')}
              checked={values.withdrawal_needs_tax_data ?? false}
              onChange={(e) => set({ withdrawal_needs_tax_data: e.currentTarget.checked })}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                {t('settings.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      <RulesAcceptances currentVersion={stored.rules?.version ?? null} />
      <PersonalData />
    </Stack>
  );
}
