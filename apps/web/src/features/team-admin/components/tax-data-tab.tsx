import { type RepProfile, type RepTaxData, repProfileBodySchema } from '@incentive/contracts';
import { TAX_OFFICES, taxOfficeName } from '@incentive/contracts/tax-offices';
import {
  Badge,
  Button,
  type ComboboxItem,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useEffect } from 'react';
import { PageLoader } from '../../../components/admin/page-loader.tsx';
import { fieldErrors } from '../../../components/admin/server-errors.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { registerStrings } from '../../../lib/lazy-strings.ts';
import { failureOf } from '../../../lib/mutation.ts';
import { toastFailure, toastSuccess } from '../../../lib/toast.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { zodValidate } from '../../../lib/zod-form.ts';
import en from '../../../locales/profile/en.json';
import pl from '../../../locales/profile/pl.json';
import { useMyProfile, useSaveProfile } from '../api/profile.ts';
import { InfoList } from './info-list.tsx';
import { YearStatement } from './year-statement.tsx';

// The tab's labels and the validation messages (the form checks with the server's schema; its texts
// are the server's, tax-data-strings.unit.test.ts) come with the rep details page's chunk, not in
// everyone's first load. Imported from the contracts' server messages, they split the entry into
// six more files (decision 059).
registerStrings({ pl, en });

const FIELDS = ['phone', 'pesel', 'tax_office_code', 'street', 'postcode', 'city'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

/** The offices as the picker lists them: by name, in Polish order. */
const OFFICE_OPTIONS: ComboboxItem[] = [...TAX_OFFICES]
  .sort((a, b) => a[1].localeCompare(b[1], 'pl'))
  .map(([code, name]) => ({ value: code, label: name }));

/** Lower case without Polish marks: 'lodz' finds 'Łódź', as a rep on a phone types it. */
const fold = (s: string) =>
  s
    .toLocaleLowerCase('pl')
    .replace(/ł/g, 'l')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

/** The rep details' tax-data tab: the rep's own form, or what the back office may read of it. */
export function TaxDataTab({ isSelf, data }: { isSelf: boolean; data: RepTaxData | null }) {
  return isSelf ? (
    <Stack gap="lg">
      <ProfileForm />
      <YearStatement />
    </Stack>
  ) : (
    <TaxDataView data={data} />
  );
}

function ProfileForm() {
  const { t } = useTranslation();
  const profile = useMyProfile(true);
  useErrorToast(profile.error, 'profile.loadError');
  const save = useSaveProfile();
  const form = useForm<Values>({
    initialValues: { phone: '', pesel: '', tax_office_code: '', street: '', postcode: '', city: '' },
    validate: zodValidate(repProfileBodySchema),
  });
  const loaded = profile.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the form once, when the profile arrives.
  useEffect(() => {
    if (!loaded) return;
    const values = valuesOf(loaded);
    form.setValues(values);
    form.resetDirty(values);
  }, [loaded]);
  if (!loaded) return <PageLoader />;

  const submit = form.onSubmit((values) =>
    save.mutate(values, {
      onSuccess: (res) => {
        toastSuccess(res.message);
        form.resetDirty(valuesOf(res.profile));
      },
      onError: (err) => {
        form.setErrors(fieldErrors(failureOf(err), FIELDS));
        toastFailure(failureOf(err), 'profile.saveError');
      },
    }),
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <CompleteBadge complete={loaded.tax_data_complete} />
          <Text fz="sm" c="dimmed">
            {t('profile.intro')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('profile.pesel')}
              placeholder={t('profile.peselHint')}
              inputMode="numeric"
              autoComplete="off"
              maxLength={11}
              {...form.getInputProps('pesel')}
            />
            <TextInput
              label={t('profile.phone')}
              type="tel"
              autoComplete="tel"
              maxLength={30}
              {...form.getInputProps('phone')}
            />
          </SimpleGrid>
          <Select
            label={t('profile.taxOffice')}
            placeholder={t('profile.taxOfficePlaceholder')}
            nothingFoundMessage={t('profile.taxOfficeNothing')}
            data={OFFICE_OPTIONS}
            searchable
            clearable
            limit={50}
            filter={({ options, search }) => {
              const words = fold(search).split(/\s+/).filter(Boolean);
              return (options as ComboboxItem[]).filter((o) => {
                const label = fold(o.label);
                return words.every((w) => label.includes(w)) || o.value.startsWith(search.trim());
              });
            }}
            {...form.getInputProps('tax_office_code')}
            value={form.values.tax_office_code || null}
            onChange={(code) => form.setFieldValue('tax_office_code', code ?? '')}
          />
          <TextInput
            label={t('profile.street')}
            autoComplete="street-address"
            maxLength={200}
            {...form.getInputProps('street')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput
              label={t('profile.postcode')}
              placeholder="00-000"
              inputMode="numeric"
              autoComplete="postal-code"
              maxLength={6}
              {...form.getInputProps('postcode')}
            />
            <TextInput
              label={t('profile.city')}
              autoComplete="address-level2"
              maxLength={100}
              {...form.getInputProps('city')}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

function valuesOf(p: RepProfile): Values {
  return {
    phone: p.phone ?? '',
    pesel: p.pesel ?? '',
    tax_office_code: p.tax_office_code ?? '',
    street: p.street ?? '',
    postcode: p.postcode ?? '',
    city: p.city ?? '',
  };
}

function CompleteBadge({ complete }: { complete: boolean }) {
  const { t } = useTranslation();
  return (
    <Group>
      <Badge
        variant="light"
        color={complete ? 'green' : 'red'}
        leftSection={complete ? <IconCircleCheck size={14} aria-hidden /> : <IconAlertTriangle size={14} aria-hidden />}
      >
        {t(complete ? 'profile.complete' : 'profile.incomplete')}
      </Badge>
    </Group>
  );
}

/** The back office's read of a rep's tax data: in full for root and admin, masked for the others (the server decides). */
function TaxDataView({ data }: { data: RepTaxData | null }) {
  const { t } = useTranslation();
  if (!data) return null;
  const none = t('profile.none');
  const office = data.tax_office_code ? `${taxOfficeName(data.tax_office_code) ?? ''} (${data.tax_office_code})` : none;
  return (
    <Stack gap="sm">
      <Group gap="sm">
        <CompleteBadge complete={data.complete} />
        {data.masked && (
          <Text fz="sm" c="dimmed">
            {t('profile.masked')}
          </Text>
        )}
      </Group>
      <InfoList
        items={[
          { label: t('profile.pesel'), value: data.pesel ?? none },
          { label: t('profile.taxOffice'), value: office },
          ...(data.masked
            ? []
            : [
                { label: t('profile.street'), value: data.street ?? none },
                { label: t('profile.postcode'), value: data.postcode ?? none },
              ]),
          { label: t('profile.city'), value: data.city ?? none },
        ]}
      />
    </Stack>
  );
}
