import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/use-table-state.ts';
import { useUsers } from '../api/get-users.ts';
import { IdPicker, type PickerOption } from './id-picker.tsx';

/** The warehouse form's admins: warehouse admins (role wholesaler), page 1 of 100, searched on the server. */
export function AdminUsersPicker({
  value,
  onChange,
  known,
  error,
}: {
  value: number[];
  onChange: (ids: number[]) => void;
  known?: PickerOption[];
  error?: string;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const list = useUsers({
    page: 1,
    per_page: 100,
    role: 'wholesaler',
    sort: 'name',
    order: 'asc',
    search: debounced || undefined,
  });
  useErrorToast(list.error, 'admin.toast.errorList');
  const options = (list.data?.data ?? []).map((u) => ({ id: u.id, label: `${u.name} (${u.email})` }));
  return (
    <IdPicker
      multiple
      value={value}
      onChange={onChange}
      options={options}
      known={known}
      search={search}
      onSearchChange={setSearch}
      label={t('warehouse.fields.admins')}
      placeholder={t('warehouse.adminsPlaceholder')}
      nothingFound={t('table.noRecords')}
      error={error}
      loading={list.isFetching}
    />
  );
}
