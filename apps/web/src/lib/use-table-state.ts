import { DEFAULT_PAGE_SIZE } from '@incentive/contracts';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

/** All searches are debounced by 700 ms (SPEC.md section 7). */
export const SEARCH_DEBOUNCE_MS = 700;

export type SortOrder = 'asc' | 'desc';

export interface TableState<S extends string> {
  page: number;
  setPage: (page: number) => void;
  perPage: number;
  setPerPage: (perPage: number) => void;
  sort: S;
  order: SortOrder;
  setSort: (sort: S, order: SortOrder) => void;
  search: string;
  setSearch: (search: string) => void;
  /** The query of the list call: page, per_page, sort, order and the debounced search. */
  params: { page: number; per_page: number; sort: S; order: SortOrder; search: string | undefined };
}

/**
 * Server-side paging, sorting and search for one table. A new search, sort or page size starts
 * again at page 1 in the same render, so the list is fetched once per change.
 */
export function useTableState<S extends string>(defaultSort: S, defaultOrder: SortOrder = 'asc'): TableState<S> {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [perPage, setPerPageState] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sortState, setSortState] = useState<{ sort: S; order: SortOrder }>({ sort: defaultSort, order: defaultOrder });
  // The page belongs to one search, sort and size: when any of them changes, paging restarts at 1.
  const context = `${debounced}|${sortState.sort}|${sortState.order}|${perPage}`;
  const [pageState, setPageState] = useState({ page: 1, context });
  const page = pageState.context === context ? pageState.page : 1;

  return {
    page,
    setPage: (p) => setPageState({ page: p, context }),
    perPage,
    setPerPage: setPerPageState,
    sort: sortState.sort,
    order: sortState.order,
    setSort: (sort, order) => setSortState({ sort, order }),
    search,
    setSearch,
    params: { page, per_page: perPage, sort: sortState.sort, order: sortState.order, search: debounced || undefined },
  };
}
