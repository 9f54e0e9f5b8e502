import { MAX_AMOUNT_GROSZE, SALES_PLAUSIBILITY, type SalesImportSettings } from '@incentive/contracts';
import { Button, Center, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { Loading } from '../../../components/loading.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { failureOf } from '../../../lib/mutation.ts';
import { toastError, toastFailure, toastSuccess } from '../../../lib/toast.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { useFormatCount } from '../../../lib/use-format-count.ts';
import { useFormatMoney } from '../../../lib/use-format-money.ts';
import {
  type SalesImportSettingsInput,
  useSalesImportSettings,
  useSaveSalesImportSettings,
} from '../api/sales-import-settings.ts';

type Field = keyof SalesImportSettingsInput;
type FieldErrors = Partial<Record<Field, string>>;

/** '10000.00' → '10000', '12.50' → '12,50' in Polish: what a person would type. */
function plnInput(amount: string, lang: string): string {
  const whole = amount.endsWith('.00') ? amount.slice(0, -3) : amount;
  return lang === 'en' ? whole : whole.replace('.', ',');
}

const valuesOf = (s: SalesImportSettings, lang: string): SalesImportSettingsInput => ({
  max_row_quantity: String(s.max_row_quantity),
  max_rep_amount: plnInput(s.max_rep_amount, lang),
});

/**
 * The plausibility limits of sales imports (issue 28 point 4; GET/PUT /api/sales-imports/settings):
 * units per row and PLN per rep in one import above which rows are held for a decision. The server
 * checks both and answers a message per field; the help says what the limits do and that one import
 * never pays a rep more than 1 000 000 zł whatever is confirmed.
 */
export function ImportSettingsForm() {
  const { t } = useTranslation();
  const money = useFormatMoney();
  const settings = useSalesImportSettings();
  useErrorToast(settings.error, 'challengeAdmin.limits.errorLoad');
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="import-limits">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('challengeAdmin.limits.title')}
        </Title>
        <Text fz="sm">{t('challengeAdmin.limits.help', { cap: money(MAX_AMOUNT_GROSZE / 100, { whole: true }) })}</Text>
        {settings.data ? (
          <LimitsForm initial={settings.data} />
        ) : (
          <Center py="md">
            <Loading size="sm" />
          </Center>
        )}
      </Stack>
    </Paper>
  );
}

function LimitsForm({ initial }: { initial: SalesImportSettings }) {
  const { t, i18n } = useTranslation();
  const count = useFormatCount();
  const money = useFormatMoney();
  const pln = (grosze: number) => money(grosze / 100, { whole: grosze % 100 === 0 });
  const [values, setValues] = useState<SalesImportSettingsInput>(() => valuesOf(initial, i18n.language));
  const [updatedAt, setUpdatedAt] = useState(initial.updated_at);
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveSalesImportSettings();

  const set = (patch: Partial<SalesImportSettingsInput>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch) as Field[]) delete next[k];
      return next;
    });
  };

  const submit = () =>
    save.mutate(values, {
      onSuccess: (saved) => {
        // The stored values as the server normalised them ('10 000,50' → '10000.50').
        if (typeof saved?.max_row_quantity === 'number') {
          setValues(valuesOf(saved, i18n.language));
          setUpdatedAt(saved.updated_at);
        }
        setErrors({});
        toastSuccess(saved.message || t('challengeAdmin.limits.saved'));
      },
      onError: (err) => {
        const result = failureOf(err);
        const fields = result && !result.isSuccess ? result.payload?.errors : undefined;
        if (fields && Object.keys(fields).length > 0) {
          setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v[0] ?? ''])) as FieldErrors);
          toastError(result?.payload?.message || t('challengeAdmin.toast.fixFields'));
        } else toastFailure(result, 'challengeAdmin.limits.errorSave');
      },
    });

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      noValidate
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('challengeAdmin.limits.rowQuantity')}
            description={t('challengeAdmin.limits.rowQuantityHint', {
              max: count(SALES_PLAUSIBILITY.maxRowQuantity),
              default: count(SALES_PLAUSIBILITY.defaultMaxRowQuantity),
            })}
            inputMode="numeric"
            value={values.max_row_quantity}
            onChange={(e) => set({ max_row_quantity: e.currentTarget.value })}
            error={errors.max_row_quantity}
            rightSection={<Text fz="sm">{t('challengeAdmin.limits.units')}</Text>}
            rightSectionWidth={48}
            withAsterisk
          />
          <TextInput
            label={t('challengeAdmin.limits.repAmount')}
            description={t('challengeAdmin.limits.repAmountHint', {
              min: pln(100),
              max: pln(MAX_AMOUNT_GROSZE),
              default: pln(SALES_PLAUSIBILITY.defaultMaxRepAmount),
            })}
            inputMode="decimal"
            value={values.max_rep_amount}
            onChange={(e) => set({ max_rep_amount: e.currentTarget.value })}
            error={errors.max_rep_amount}
            rightSection={<Text fz="sm">zł</Text>}
            rightSectionWidth={40}
            withAsterisk
          />
        </SimpleGrid>
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text fz="xs" c="gray.7" data-testid="import-limits-updated">
            {updatedAt
              ? t('challengeAdmin.limits.updated', { date: formatDateTime(updatedAt) })
              : t('challengeAdmin.limits.defaults')}
          </Text>
          <Button type="submit" loading={save.isPending}>
            {t('challengeAdmin.limits.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
