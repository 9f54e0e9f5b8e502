import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useProducts } from '../../../lib/products.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/use-table-state.ts';

export interface PickedProduct {
  id: number;
  name: string;
}

/**
 * The article's optional product: a searchable select fed by GET /api/products, searched on the
 * server (debounced 700 ms, SPEC.md section 7). The chosen product stays among the options even
 * when the current search does not find it.
 */
export function ProductSelect({
  value,
  onChange,
  error,
}: {
  value: PickedProduct | null;
  onChange: (product: PickedProduct | null) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(value?.name ?? '');
  // Typing searches; the text Mantine puts in the box when an option is chosen is the chosen name.
  const typed = search.trim() === (value?.name ?? '') ? '' : search.trim();
  const [debounced] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const products = useProducts(debounced || undefined);
  useErrorToast(products.error, 'products.toast.errorGetProductList');

  const found = products.data?.data ?? [];
  const options = found.map((p) => ({ value: String(p.id), label: p.name }));
  if (value && !found.some((p) => p.id === value.id)) options.unshift({ value: String(value.id), label: value.name });

  return (
    <Select
      label={t('articleAdmin.fields.product')}
      description={t('articleAdmin.editor.productHint')}
      placeholder={t('articleAdmin.editor.productPlaceholder')}
      nothingFoundMessage={products.isFetching ? t('common.loading') : t('articleAdmin.editor.productNone')}
      data={options}
      value={value ? String(value.id) : null}
      onChange={(id, option) => onChange(id && option ? { id: Number(id), name: option.label } : null)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already searched: every option it sent matches.
      filter={({ options: all }) => all}
      clearable
      error={error}
      comboboxProps={{ withinPortal: true }}
      data-testid="product-select"
    />
  );
}
