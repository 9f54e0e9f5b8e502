import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useErrorToast } from '../../../lib/use-error-toast.ts';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/use-table-state.ts';
import { useArticleName, useArticleOptions } from '../api/get-articles.ts';
import type { Picked } from '../lib/challenge-form.ts';

/**
 * A product row's optional article ('more' on the rep's card): a searchable select fed by
 * GET /api/admin/articles. None chosen = the product's newest published article (decision 026).
 * The list loads when the box is first opened, not for every row of a long form.
 */
export function ArticlePicker({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: Picked | null;
  onChange: (article: Picked | null) => void;
  error?: string;
}) {
  const { t } = useTranslation();
  const [wanted, setWanted] = useState(false);
  // A loaded challenge knows its article's id only: its name is read once.
  const name = useArticleName(value?.name.startsWith('#') ? value.id : null);
  const shownName = name.data ?? value?.name ?? '';
  const [search, setSearch] = useState(value?.name ?? '');
  // The box shows the chosen article's name once it is known.
  useEffect(() => {
    if (name.data) setSearch((s) => (s.startsWith('#') ? (name.data ?? s) : s));
  }, [name.data]);
  const typed = search.trim() === shownName ? '' : search.trim();
  const [debounced] = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const articles = useArticleOptions(debounced || undefined, wanted);
  useErrorToast(articles.error, 'article.toast.errorList');

  const options = (articles.data?.data ?? [])
    .filter((a) => a.status !== 'deleted')
    .map((a) => ({ value: String(a.id), label: a.name }));
  if (value && !options.some((o) => o.value === String(value.id))) {
    options.unshift({ value: String(value.id), label: shownName });
  }

  return (
    <Select
      label={label}
      placeholder={t('challengeAdmin.editor.articlePlaceholder')}
      nothingFoundMessage={articles.isFetching ? t('common.loading') : t('challengeAdmin.editor.articleNone')}
      data={options}
      value={value ? String(value.id) : null}
      onChange={(id, option) => onChange(id && option ? { id: Number(id), name: option.label } : null)}
      onDropdownOpen={() => setWanted(true)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      clearable
      error={error}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
