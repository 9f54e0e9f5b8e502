import { CHALLENGE_LIMITS } from '@incentive/contracts';
import { ActionIcon, Alert, Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconPackage, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { type ChallengeErrors, emptyRow, type ProductRowValues, type RowField } from '../lib/challenge-form.ts';
import { ArticlePicker } from './article-picker.tsx';
import { ProductDialog } from './product-dialog.tsx';
import { ProductPicker } from './product-picker.tsx';

/**
 * The challenge's products: per row a catalogue product, its reward per unit in PLN (Polish decimal
 * comma) and an optional article; rows are added and removed; 'Nowy produkt' creates a catalogue
 * product and puts it in the row that asked (or a new row). Errors come per row and above the rows.
 */
export function ProductRows({
  rows,
  onChange,
  errors,
  canCreateProduct,
}: {
  rows: ProductRowValues[];
  onChange: (rows: ProductRowValues[], touched?: { index: number; field: RowField }) => void;
  errors: ChallengeErrors;
  canCreateProduct: boolean;
}) {
  const { t } = useTranslation();
  const [dialogFor, setDialogFor] = useState<number | null>(null);

  const patch = (index: number, field: RowField, change: Partial<ProductRowValues>) =>
    onChange(
      rows.map((r, i) => (i === index ? { ...r, ...change } : r)),
      { index, field },
    );

  return (
    <Stack gap="sm">
      {errors.fields.products && (
        <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert" data-testid="products-error">
          {errors.fields.products}
        </Alert>
      )}
      {rows.map((row, i) => {
        const rowErrors = errors.rows[i] ?? {};
        const n = i + 1;
        return (
          <Paper key={row.key} withBorder radius="md" p="sm" data-testid="product-row">
            <Stack gap="xs">
              <Group justify="space-between" gap="xs">
                <Text fw={600} fz="sm">
                  {t('challengeAdmin.editor.productRow', { n })}
                </Text>
                <Group gap={4}>
                  {canCreateProduct && (
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      leftSection={<IconPackage size={16} aria-hidden />}
                      onClick={() => setDialogFor(i)}
                    >
                      {t('challengeAdmin.editor.newProduct')}
                    </Button>
                  )}
                  <Tooltip label={t('challengeAdmin.editor.removeRow', { n })} withArrow>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('challengeAdmin.editor.removeRow', { n })}
                      onClick={() => onChange(rows.filter((_, j) => j !== i))}
                      disabled={rows.length === 1}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <ProductPicker
                  key={row.product?.id ?? 'none'}
                  label={t('challengeAdmin.fields.product')}
                  value={row.product}
                  onChange={(product) => patch(i, 'product_id', { product })}
                  error={rowErrors.product_id}
                />
                <NumberInput
                  label={t('challengeAdmin.fields.reward')}
                  description={t('challengeAdmin.editor.rewardHint')}
                  value={row.reward}
                  onChange={(reward) => patch(i, 'reward', { reward })}
                  decimalSeparator=","
                  thousandSeparator=" "
                  decimalScale={2}
                  min={0}
                  max={CHALLENGE_LIMITS.rewardMaxPln}
                  allowNegative={false}
                  hideControls
                  suffix=" zł"
                  inputMode="decimal"
                  error={rowErrors.reward}
                  withAsterisk
                />
                <ArticlePicker
                  label={t('challengeAdmin.fields.article')}
                  value={row.article}
                  onChange={(article) => patch(i, 'article_id', { article })}
                  error={rowErrors.article_id}
                />
              </SimpleGrid>
            </Stack>
          </Paper>
        );
      })}
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => onChange([...rows, emptyRow()])}
          disabled={rows.length >= CHALLENGE_LIMITS.products}
        >
          {t('challengeAdmin.editor.addRow')}
        </Button>
      </Group>
      {canCreateProduct && (
        <ProductDialog
          opened={dialogFor !== null}
          onClose={() => setDialogFor(null)}
          onCreated={(product) => {
            const index = dialogFor ?? rows.length;
            if (index < rows.length) patch(index, 'product_id', { product });
            else onChange([...rows, { ...emptyRow(), product }]);
          }}
        />
      )}
    </Stack>
  );
}
