import { WORK_QUEUE_ATTENTION, WORK_QUEUE_PARAM, type TransactionKindDef } from '@tagih/contract';
import { useMemo } from 'react';
import type { ExportParams, ListParams, ListSort } from '../../api/get-list.ts';
import type { DateRangeValue } from '../../components/date-range-field.tsx';
import type { ListUrlConfig } from '../../monitoring/list-url.ts';
import { completeRange } from '../../monitoring/use-day-range.ts';
import { useListUrl } from '../../monitoring/use-list-url.ts';

export interface TransactionFilter {
  /** Free text, finds[trctBank] (the shown bank: QRIS falls back to trctQrBank on the server). */
  bank: string;
  /** '' or a trctStatus (TRX_STATUS). */
  status: string;
}

export const EMPTY_FILTER: TransactionFilter = { bank: '', status: '' };

export const isEmptyFilter = (f: TransactionFilter) => !f.bank.trim() && !f.status;

const configs = new Map<string, ListUrlConfig>();

/** The URL layout of a kind's list (stable per kind). */
export function transactionUrlConfig(kind: TransactionKindDef): ListUrlConfig {
  let config = configs.get(kind.key);
  if (!config) {
    config = { defaultFrom: 'today', searchBy: kind.searchBy.map((s) => s.field), filterKeys: ['bank', 'status', WORK_QUEUE_PARAM] };
    configs.set(kind.key, config);
  }
  return config;
}

/**
 * Everything a transaction list is asked with (spec §2, §5, §9), kept in the URL (issue 11):
 * search-by field and the (debounced) search, the filter, the date range, page, page size
 * and sort. Any change except paging goes back to page 1.
 */
export function useTransactionListState(kind: TransactionKindDef) {
  const { state, update, clearDates, search: urlQuery } = useListUrl(transactionUrlConfig(kind));
  const { searchBy, q, from, to, sort, page, pageSize } = state;
  const bank = state.filters.bank ?? '';
  const status = state.filters.status ?? '';
  /** The work queue "Perlu tindakan" (issue 11): unpaid and not asked at the bank for a while. */
  const attention = state.filters[WORK_QUEUE_PARAM] === WORK_QUEUE_ATTENTION;

  const derived = useMemo(() => {
    const range = completeRange({ from, to });
    const finds: NonNullable<ListParams['finds']> = {
      ...(q ? { [searchBy]: q } : {}),
      trctBank: bank.trim() || undefined,
      trctStatus: status ? { op: 'equal', value: status } : undefined,
    };
    const order = sort ? { orderField: sort.field, orderValue: sort.direction } : {};
    const extra = range ? { ...range, ...(attention ? { [WORK_QUEUE_PARAM]: WORK_QUEUE_ATTENTION } : {}) } : undefined;
    return {
      filter: { bank, status } satisfies TransactionFilter,
      range,
      params: range ? ({ page, max: pageSize, ...order, finds, extra } satisfies ListParams) : null,
      exportParams: range ? ({ ...order, finds, extra } satisfies ExportParams) : null,
    };
  }, [searchBy, q, from, to, bank, status, attention, sort, page, pageSize]);

  const actions = useMemo(() => {
    const setPage = (next: number) => update({ page: next });
    const setPageSize = (next: number) => update({ pageSize: next });
    const setSort = (next: ListSort | null) => update({ sort: next });
    return {
      /** Changing the search-by field clears the search text (spec §5). */
      changeSearchField: (field: string) => update({ searchBy: field, q: '' }),
      /** The debounced search; typing replaces the history entry instead of adding one per pause. */
      setSearchText: (text: string) => update({ q: text }, { replace: true }),
      setFilter: (filter: TransactionFilter) =>
        update((current) => ({ filters: { ...current.filters, bank: filter.bank, status: filter.status } })),
      /** Turns the work queue on or off, keeping the other filters. */
      setAttention: (on: boolean) =>
        update((current) => ({ filters: { ...current.filters, [WORK_QUEUE_PARAM]: on ? WORK_QUEUE_ATTENTION : '' } })),
      setDates: (value: DateRangeValue) => update({ from: value.from, to: value.to }),
      /** Clearing the range goes back to today (spec §5). */
      clearDates,
      setPage,
      setPageSize,
      setSort,
      /** Refresh clears search and filters (spec §2). */
      clearSearchAndFilter: () => update({ q: '', filters: {} }),
    };
  }, [update, clearDates]);
  const tableProps = useMemo(
    () => ({ page, pageSize, sort, onPageChange: actions.setPage, onPageSizeChange: actions.setPageSize, onSortChange: actions.setSort }),
    [page, pageSize, sort, actions],
  );

  return {
    searchField: searchBy,
    searchText: q,
    dates: {
      value: { from, to } as DateRangeValue,
      onChange: actions.setDates,
      onClear: actions.clearDates,
      range: derived.range,
    },
    page,
    pageSize,
    sort,
    /** The DataTable's paging and sorting props. */
    tableProps,
    ...actions,
    filter: derived.filter,
    attention,
    /** The list call; null while the date range is incomplete (no fetch, spec §5). */
    params: derived.params,
    /** The export: same filters, every page. */
    exportParams: derived.exportParams,
    /** The URL query of this state (saved views keep it). */
    urlQuery,
  };
}

export type TransactionListState = ReturnType<typeof useTransactionListState>;
