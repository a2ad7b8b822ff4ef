import { DEFAULT_PAGE_SIZE } from '@tagih/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { listQueryKey, useList, type ListParams, type ListSort } from '../../api/get-list.ts';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import type { Finds, MasterRow, MasterScreenConfig } from './master-config.ts';

export type FilterValues = Record<string, string | number | ''>;

/**
 * The list state of a master screen (spec §2, §4): search (debounced), filters, page, page
 * size and sort; any change reloads, and a new search, filter or page size goes back to page 1.
 */
export function useMasterList(config: MasterScreenConfig) {
  const { resource } = config;
  const queryClient = useQueryClient();
  const [search, setSearchText] = useState('');
  const [filters, setFiltersState] = useState<FilterValues>({});
  const [page, setPage] = useState(1);
  const [pageSize, setPageSizeState] = useState(DEFAULT_PAGE_SIZE);
  const [sort, setSortState] = useState<ListSort | null>(null);
  const debouncedSearch = useDebouncedValue(search.trim(), config.searchDebounceMs);

  const searchFields = useMemo(
    () => config.searchFields ?? resource.fields.filter((f) => f.searchable).map((f) => f.name),
    [config.searchFields, resource.fields],
  );

  const params: ListParams = useMemo(() => {
    const finds: Finds = {};
    for (const [field, value] of Object.entries(filters)) if (value !== '') finds[field] = value;
    const order = sort ?? resource.defaultOrder;
    return {
      page,
      max: pageSize,
      orderField: order.field,
      orderValue: order.direction,
      search: debouncedSearch || undefined,
      searchFields: debouncedSearch ? searchFields : undefined,
      finds,
    };
  }, [filters, sort, resource.defaultOrder, page, pageSize, debouncedSearch, searchFields]);

  const list = useList<MasterRow>(resource.path, params);

  const [searchedFor, setSearchedFor] = useState(debouncedSearch);
  if (searchedFor !== debouncedSearch) {
    setSearchedFor(debouncedSearch);
    setPage(1);
  }

  return {
    list,
    params,
    rows: list.data?.data ?? [],
    rowCount: list.data?.pagination.totalData ?? 0,
    search,
    setSearch: setSearchText,
    filters,
    setFilters: (next: FilterValues) => {
      setFiltersState(next);
      setPage(1);
    },
    page,
    setPage,
    pageSize,
    setPageSize: (size: number) => {
      setPageSizeState(size);
      setPage(1);
    },
    sort,
    setSort: setSortState,
    /** Refresh: clears search and filters and reloads (spec §2). */
    refresh: () => {
      setSearchText('');
      setFiltersState({});
      setPage(1);
      void queryClient.invalidateQueries({ queryKey: listQueryKey(resource.path) });
    },
  };
}
