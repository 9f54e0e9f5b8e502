import { Button, Group, Text, TextInput } from '@mantine/core';
import { IconDownload, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { downloadCsv } from '../../lib/download-csv.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { toastError } from '../../lib/toast.ts';

interface TableToolbarProps {
  search: string;
  onSearch: (value: string) => void;
  placeholder: string;
  total: number | undefined;
  /** The CSV export of the current search and sort, when the list has one. */
  exportCsv?: { path: string; query: Record<string, string | number | undefined>; filename: string };
}

/** Above a table: the search box (debounced by the table state), the total counter and the CSV export. */
export function TableToolbar({ search, onSearch, placeholder, total, exportCsv }: TableToolbarProps) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  const runExport = async () => {
    if (!exportCsv) return;
    setExporting(true);
    const ok = await downloadCsv(exportCsv.path, exportCsv.query, exportCsv.filename);
    setExporting(false);
    if (!ok) toastError(t('table.exportError'));
  };
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <TextInput
        aria-label={t('table.search')}
        placeholder={placeholder}
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        type="search"
        w={{ base: '100%', sm: 420 }}
      />
      <Group gap="sm" wrap="nowrap">
        {/* Kept in the layout while the count is unknown (loading, or a failed load), so nothing moves when it comes. */}
        <Text
          fz="sm"
          c="dimmed"
          data-testid="table-total"
          style={{ whiteSpace: 'nowrap', visibility: total === undefined ? 'hidden' : undefined }}
        >
          {t('table.total', { count: total ?? 0 })}
        </Text>
        {exportCsv && (
          <Button
            variant="default"
            size="sm"
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={exporting}
            onClick={runExport}
          >
            {t('table.exportCsv')}
          </Button>
        )}
      </Group>
    </Group>
  );
}
