import 'mantine-datatable/styles.css';
import { PAGE_SIZES, type Paged } from '@incentive/contracts';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { type CSSProperties, useRef } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { useScrollEdges } from '../../lib/use-scroll-edges.ts';
import type { TableState } from '../../lib/use-table-state.ts';
import { ScrollHint } from './scroll-hint.tsx';

/** More than this many rows and the table is 60vh tall and scrolls (SPEC.md section 9). */
const ROWS_BEFORE_SCROLL = 10;

/**
 * The shade where rows slide under a pinned column or past the frame's edge: the library's 5% black
 * is all but invisible, and it is the sign that the table goes on sideways.
 */
const EDGE_SHADOWS = {
  '--mantine-datatable-shadow-background-left': 'linear-gradient(90deg, rgba(0,0,0,.16), transparent)',
  '--mantine-datatable-shadow-background-right': 'linear-gradient(270deg, rgba(0,0,0,.16), transparent)',
} as CSSProperties;

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
 * 60vh with its own scroll above 10 rows. A table wider than its frame scrolls inside it: the
 * scrollbar stays visible, a hint says so, and columns marked `pinned` (a row's name, its actions)
 * stay in view with a shade where the others slide under them.
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
  const tall = records.length > ROWS_BEFORE_SCROLL;
  const viewport = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(viewport);
  return (
    <>
      {edges.overflow && <ScrollHint />}
      <DataTable<T>
        aria-label={label}
        scrollViewportRef={viewport}
        // Scrollbars show whenever the table overflows (not only on hover), below the rows rather than over
        // them; the vertical one only when the table is 60vh tall, not for a sub-pixel overflow.
        // A box that scrolls takes the keyboard's focus, so arrow keys scroll it (axe: scrollable-region-focusable).
        scrollAreaProps={{
          type: 'auto',
          scrollbars: tall ? 'xy' : 'x',
          offsetScrollbars: 'x',
          viewportProps: tall || edges.overflow ? { tabIndex: 0 } : undefined,
        }}
        style={EDGE_SHADOWS}
        withTableBorder
        borderRadius="md"
        striped
        highlightOnHover
        verticalAlign="center"
        minHeight={records.length === 0 ? 180 : undefined}
        height={tall ? '60vh' : undefined}
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
    </>
  );
}
