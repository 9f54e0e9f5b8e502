import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useProducts } from '../../../lib/products.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/use-table-state.ts';
import type { ProductRowValues } from '../lib/challenge-form.ts';

type PickedProduct = NonNullable<ProductRowValues['product']>;

const labelOf = (p: PickedProduct) => (p.code ? `${p.name} (${p.code})` : p.name);

/**
 * A product row's catalogue product: a searchable select fed by GET /api/products, searched on the
 * server (debounced 700 ms). Each option shows its ERP code, which the sales files name it by.
 */
export function ProductPicker({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: PickedProduct | null;
  onChange: (product: PickedProduct | null) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(value ? labelOf(value) : '');
  // Typing searches; the text Mantine puts in the box when an option is chosen is the chosen label.
  const typed = search.trim() === (value ? labelOf(value) : '') ? '' : search.trim();
  const [debounced] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const products = useProducts(debounced || undefined);
  useErrorToast(products.error, 'products.toast.errorGetProductList');

  const found: PickedProduct[] = (products.data?.data ?? []).map((p) => ({ id: p.id, name: p.name, code: p.code }));
  if (value && !found.some((p) => p.id === value.id)) found.unshift(value);
  const byId = new Map(found.map((p) => [String(p.id), p]));

  return (
    <Select
      label={label}
      placeholder={t('challengeAdmin.editor.productPlaceholder')}
      nothingFoundMessage={products.isFetching ? t('common.loading') : t('challengeAdmin.editor.productNone')}
      data={found.map((p) => ({ value: String(p.id), label: labelOf(p) }))}
      value={value ? String(value.id) : null}
      onChange={(id) => onChange(id ? (byId.get(id) ?? null) : null)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already searched: every option it sent matches.
      filter={({ options }) => options}
      clearable
      error={error}
      withAsterisk
      comboboxProps={{ withinPortal: true }}
    />
  );
}
