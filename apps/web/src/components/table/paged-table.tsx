import 'mantine-datatable/styles.css';
import { PAGE_SIZES, type Paged } from '@incentive/contracts';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import type { TableState } from '../../lib/use-table-state.ts';

/** More than this many rows and the table is 60vh tall and scrolls (SPEC.md section 9). */
const ROWS_BEFORE_SCROLL = 10;

/** Row selection (checkboxes), for tables that act on several rows at once. */
export interface PagedTableSelection<T> {
  selected: T[];
  onChange: (records: T[]) => void;
  isSelectable?: (record: T) => boolean;
}

interface PagedTableProps<T, S extends string> {
  state: TableState<S>;
  data: Paged<T> | undefined;
  fetching: boolean;
  columns: DataTableColumn<T>[];
  /** Columns whose accessor is one of these sort server-side. */
  sortFields: readonly S[];
  onRowClick?: (record: T) => void;
  /** An accessible name for the table. */
  label: string;
  selection?: PagedTableSelection<T>;
}

/**
 * The server-side paged and sorted table of the back office: pages of 10/25/50/100, one sort column,
 * 60vh with its own scroll above 10 rows, and a horizontal scroll inside its frame on phones.
 */
export function PagedTable<T, S extends string>({
  state,
  data,
  fetching,
  columns,
  sortFields,
  onRowClick,
  label,
  selection,
}: PagedTableProps<T, S>) {
  const { t } = useTranslation();
  const records = data?.data ?? [];
  return (
    <DataTable<T>
      aria-label={label}
      withTableBorder
      borderRadius="md"
      striped
      highlightOnHover
      verticalAlign="center"
      minHeight={records.length === 0 ? 180 : undefined}
      height={records.length > ROWS_BEFORE_SCROLL ? '60vh' : undefined}
      records={records}
      columns={columns}
      fetching={fetching}
      idAccessor="id"
      totalRecords={data?.total ?? 0}
      page={state.page}
      onPageChange={state.setPage}
      recordsPerPage={state.perPage}
      recordsPerPageOptions={[...PAGE_SIZES]}
      onRecordsPerPageChange={state.setPerPage}
      recordsPerPageLabel={t('table.perPage')}
      paginationText={({ from, to, totalRecords }) => t('table.pagination', { from, to, total: totalRecords })}
      paginationWrapBreakpoint="sm"
      paginationSize="sm"
      noRecordsText={t('table.noRecords')}
      loadingText={t('common.loading')}
      sortStatus={{ columnAccessor: state.sort, direction: state.order }}
      onSortStatusChange={(s) => {
        const field = sortFields.find((f) => f === String(s.columnAccessor));
        if (field) state.setSort(field, s.direction);
      }}
      onRowClick={onRowClick ? ({ record }) => onRowClick(record) : undefined}
      {...(selection
        ? {
            selectedRecords: selection.selected,
            onSelectedRecordsChange: selection.onChange,
            isRecordSelectable: selection.isSelectable,
          }
        : {})}
    />
  );
}
