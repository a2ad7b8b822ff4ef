import { DEFAULT_PAGE_SIZE, SEARCH_DEBOUNCE_MS, type TransactionKindDef } from '@tagih/contract';
import { useState } from 'react';
import type { ListParams } from '../../api/get-list.ts';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';
import type { DataTableSort } from '../data-table.tsx';
import { useDayRange } from '../monitoring/use-day-range.ts';

export interface TransactionFilter {
  /** Free text, finds[trctBank] (the shown bank: QRIS falls back to trctQrBank on the server). */
  bank: string;
  /** '' or a trctStatus ('03', '00', '05'). */
  status: string;
}

export const EMPTY_FILTER: TransactionFilter = { bank: '', status: '' };

export const isEmptyFilter = (f: TransactionFilter) => !f.bank.trim() && !f.status;

/**
 * Everything a transaction list is asked with (spec §2, §5, §9): search-by field and text
 * (300 ms debounce), the filter, the date range, page, page size and sort. Any change
 * except paging goes back to page 1.
 */
export function useTransactionListState(kind: TransactionKindDef) {
  const [searchField, setSearchField] = useState(kind.searchBy[0]!.field);
  const [searchText, setSearchText] = useState('');
  const debounced = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS.default);
  // An emptied box (or a new search-by field) applies at once: no stale text on the new field.
  const search = searchText.trim() === '' ? '' : debounced;
  const [filter, setFilter] = useState<TransactionFilter>(EMPTY_FILTER);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<DataTableSort | null>(null);
  const dates = useDayRange('today');

  const finds: NonNullable<ListParams['finds']> = {
    ...(search ? { [searchField]: search } : {}),
    trctBank: filter.bank.trim() || undefined,
    trctStatus: filter.status ? { op: 'equal', value: filter.status } : undefined,
  };
  const extra = dates.range ? { from: dates.range.from, to: dates.range.to } : undefined;
  const order = sort ? { orderField: sort.field, orderValue: sort.direction } : {};

  const resetKey = JSON.stringify([finds, extra, order, pageSize]);
  const [paging, setPaging] = useState({ key: resetKey, page: 1 });
  const page = paging.key === resetKey ? paging.page : 1;

  return {
    searchField,
    /** Changing the search-by field clears the search text (spec §5). */
    changeSearchField: (field: string) => {
      setSearchField(field);
      setSearchText('');
    },
    searchText,
    setSearchText,
    filter,
    setFilter,
    dates,
    page,
    setPage: (next: number) => setPaging({ key: resetKey, page: next }),
    pageSize,
    setPageSize,
    sort,
    setSort,
    /** Refresh clears search and filters (spec §2). */
    clearSearchAndFilter: () => {
      setSearchText('');
      setFilter(EMPTY_FILTER);
    },
    /** The list call; null while the date range is incomplete (no fetch, spec §5). */
    params: dates.range ? ({ page, max: pageSize, ...order, finds, extra } satisfies ListParams) : null,
    /** The export: same filters, every page. */
    exportParams: dates.range ? { ...order, finds, extra } : null,
  };
}

export type TransactionListState = ReturnType<typeof useTransactionListState>;
