import { PAGE_SIZES, type Paged } from '@incentive/contracts';
import { Group, LoadingOverlay, Pagination, Paper, Select, Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconSelector } from '@tabler/icons-react';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { useScrollEdges } from '../../lib/use-scroll-edges.ts';
import type { TableState } from '../../lib/use-table-state.ts';

export interface SimpleColumn<T, S extends string> {
  key: string;
  title: string;
  sortField?: S;
  align?: 'left' | 'right';
  render: (record: T) => ReactNode;
}

/**
 * A small server-paged table on plain Mantine parts, for the sales rep details page (logins, cards):
 * a rep opening its own profile does not download the data-table library.
 */
export function SimplePagedTable<T extends { id: number }, S extends string>({
  label,
  columns,
  data,
  fetching,
  state,
}: {
  label: string;
  columns: SimpleColumn<T, S>[];
  data: Paged<T> | undefined;
  fetching: boolean;
  state: TableState<S>;
}) {
  const { t } = useTranslation();
  const records = data?.data ?? [];
  const total = data?.total ?? 0;
  const from = total === 0 ? 0 : (state.page - 1) * state.perPage + 1;
  const to = Math.min(total, state.page * state.perPage);
  const tall = records.length > 10;
  const viewport = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(viewport);
  const sortBy = (field: S) => state.setSort(field, state.sort === field && state.order === 'asc' ? 'desc' : 'asc');

  return (
    <Paper withBorder radius="md" pos="relative">
      <LoadingOverlay visible={fetching} overlayProps={{ blur: 1 }} loaderProps={{ size: 'sm' }} />
      <Table.ScrollContainer
        minWidth={320}
        maxHeight={records.length > 10 ? '60vh' : undefined}
        // A box that scrolls takes the keyboard's focus, so arrow keys scroll it (axe: scrollable-region-focusable).
        scrollAreaProps={{ viewportRef: viewport, viewportProps: edges.overflow || tall ? { tabIndex: 0 } : undefined }}
      >
        <Table striped highlightOnHover aria-label={label} verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              {columns.map((c) => (
                <Table.Th key={c.key} ta={c.align ?? 'left'} style={{ whiteSpace: 'nowrap' }}>
                  {c.sortField ? (
                    <UnstyledButton onClick={() => sortBy(c.sortField as S)} fw={700} fz="sm">
                      <Group gap={4} wrap="nowrap" component="span">
                        {c.title}
                        {state.sort === c.sortField ? (
                          state.order === 'asc' ? (
                            <IconArrowUp size={14} aria-hidden />
                          ) : (
                            <IconArrowDown size={14} aria-hidden />
                          )
                        ) : (
                          <IconSelector size={14} aria-hidden />
                        )}
                      </Group>
                    </UnstyledButton>
                  ) : (
                    c.title
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {records.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" fz="sm" ta="center" py="md">
                    {fetching ? t('common.loading') : t('table.noRecords')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              records.map((r) => (
                <Table.Tr key={r.id}>
                  {columns.map((c) => (
                    <Table.Td key={c.key} ta={c.align ?? 'left'} style={{ whiteSpace: 'nowrap' }}>
                      {c.render(r)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group
        justify="space-between"
        gap="sm"
        p="sm"
        wrap="wrap"
        style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group gap="xs" wrap="nowrap">
          <Text fz="sm" c="dimmed">
            {t('table.perPage')}
          </Text>
          <Select
            aria-label={t('table.perPage')}
            size="xs"
            w={80}
            data={PAGE_SIZES.map(String)}
            value={String(state.perPage)}
            onChange={(v) => v && state.setPerPage(Number(v))}
            allowDeselect={false}
          />
          <Text fz="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('table.pagination', { from, to, total })}
          </Text>
        </Group>
        <Pagination
          size="sm"
          total={Math.max(1, data?.last_page ?? 1)}
          value={state.page}
          onChange={state.setPage}
          siblings={0}
        />
      </Group>
    </Paper>
  );
}
