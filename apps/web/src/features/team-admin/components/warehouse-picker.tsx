import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/use-table-state.ts';
import { useWarehouses } from '../../../lib/warehouses.ts';
import { IdPicker, type PickerOption } from './id-picker.tsx';

/** The form list of warehouses: page 1 of 100 (SPEC.md section 7), searched on the server as the user types. */
export function WarehousePicker({
  multiple,
  value,
  onChange,
  known,
  error,
  disabled,
  required,
}: {
  multiple: boolean;
  value: number[];
  onChange: (ids: number[]) => void;
  known?: PickerOption[];
  error?: string;
  disabled?: boolean;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const knownLabels = new Set((known ?? []).map((k) => k.label));
  // A single picker shows the chosen name in its box; that is not a search.
  const term = knownLabels.has(debounced) ? '' : debounced;
  const list = useWarehouses(
    { page: 1, per_page: 100, sort: 'name', order: 'asc', search: term || undefined },
    !disabled,
  );
  useErrorToast(list.error, 'warehouse.toast.errorWarehouseList');
  const options = (list.data?.data ?? []).map((w) => ({ id: w.id, label: w.name }));
  return (
    <IdPicker
      multiple={multiple}
      value={value}
      onChange={onChange}
      options={options}
      known={known}
      search={search}
      onSearchChange={setSearch}
      label={multiple ? t('warehouse.picker.labelMultiple') : t('warehouse.picker.label')}
      placeholder={disabled ? undefined : t('warehouse.picker.placeholder')}
      nothingFound={t('warehouse.picker.nothingFound')}
      error={error}
      disabled={disabled}
      required={required}
      loading={list.isFetching}
    />
  );
}
