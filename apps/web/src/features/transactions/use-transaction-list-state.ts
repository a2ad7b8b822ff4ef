import { SEARCH_DEBOUNCE_MS, type TransactionKindDef } from '@tagih/contract';
import { useState } from 'react';
import type { ListParams } from '../../api/get-list.ts';
import { useSearchText } from '../../hooks/use-search-text.ts';
import { useDatedList } from '../../monitoring/use-dated-list.ts';
import { useDayRange } from '../../monitoring/use-day-range.ts';

export interface TransactionFilter {
  /** Free text, finds[trctBank] (the shown bank: QRIS falls back to trctQrBank on the server). */
  bank: string;
  /** '' or a trctStatus (TRX_STATUS). */
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
  // An emptied box (or a new search-by field) applies at once: no stale text on the new field.
  const { searchText, setSearchText, search } = useSearchText(SEARCH_DEBOUNCE_MS.default);
  const [filter, setFilter] = useState<TransactionFilter>(EMPTY_FILTER);
  const dates = useDayRange('today');

  const finds: NonNullable<ListParams['finds']> = {
    ...(search ? { [searchField]: search } : {}),
    trctBank: filter.bank.trim() || undefined,
    trctStatus: filter.status ? { op: 'equal', value: filter.status } : undefined,
  };
  const { paging, params, exportParams } = useDatedList(finds, dates);

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
    ...paging,
    /** Refresh clears search and filters (spec §2). */
    clearSearchAndFilter: () => {
      setSearchText('');
      setFilter(EMPTY_FILTER);
    },
    /** The list call; null while the date range is incomplete (no fetch, spec §5). */
    params,
    /** The export: same filters, every page. */
    exportParams,
  };
}

export type TransactionListState = ReturnType<typeof useTransactionListState>;
