import type { Paged } from '@incentive/contracts';
import { ActionIcon, Group, Stack, Tooltip } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import type { TableState } from '../../lib/use-table-state.ts';
import { PagedTable } from '../table/paged-table.tsx';
import { TableToolbar } from '../table/table-toolbar.tsx';

/**
 * A back-office list (articles, challenges, quizzes, sales imports, a warehouse's admins): what sits
 * above it (`above`: a heading, a filter), the search box and the total, then the server-side paged,
 * sorted table. The page gives the columns, usually ending with `actionsColumn`.
 */
export function ListTable<T, S extends string>({
  above,
  state,
  list,
  searchPlaceholder,
  label,
  columns,
  sortFields,
  onRowClick,
}: {
  above?: ReactNode;
  state: TableState<S>;
  list: { data: Paged<T> | undefined; isFetching: boolean };
  searchPlaceholder: string;
  /** The table's accessible name. */
  label: string;
  columns: DataTableColumn<T>[];
  sortFields: readonly S[];
  onRowClick?: (record: T) => void;
}) {
  return (
    <Stack gap="sm">
      {above}
      <TableToolbar
        search={state.search}
        onSearch={state.setSearch}
        placeholder={searchPlaceholder}
        total={list.data?.total}
      />
      <PagedTable
        label={label}
        state={state}
        data={list.data}
        fetching={list.isFetching}
        columns={columns}
        sortFields={sortFields}
        onRowClick={onRowClick}
      />
    </Stack>
  );
}

/** The last column of a list: a row's actions, at the right, pinned there when the table scrolls sideways. */
export function actionsColumn<T>(
  title: string,
  render: (row: T) => ReactNode,
  more: Partial<Pick<DataTableColumn<T>, 'hidden'>> = {},
): DataTableColumn<T> {
  return { accessor: 'actions', title, textAlign: 'right', pinned: 'right', ...more, render };
}

/** A row's icons side by side (links, then the edit and delete icons). */
export function RowIcons({ children }: { children: ReactNode }) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {children}
    </Group>
  );
}

/** An icon in a row that opens another page (the summary, the ranking, the preview); a click does not open the row. */
export function RowLink({ to, label, icon }: { to: string; label: string; icon: ReactNode }) {
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="subtle"
        component={Link}
        to={to}
        aria-label={label}
        onClick={(e: MouseEvent) => e.stopPropagation()}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
}
