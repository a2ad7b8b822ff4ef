import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { listQueryKey, type ListSort } from '../api/get-list.ts';
import {
  businessToday,
  completeRange,
  defaultDays,
  readListUrl,
  writeListUrl,
  type DayRangeValue,
  type ListUrlConfig,
  type ListUrlState,
} from './list-url.ts';

export interface ListControllerConfig extends ListUrlConfig {
  /** The list's API path: Refresh reloads every list query under it. */
  listPath: string;
}

export interface ListUpdateOptions {
  /** Replace the history entry instead of adding one (typing in the search box). */
  replace?: boolean;
}

/** What changes: the new values, or a function of the current state (e.g. one filter among others). */
export type ListPatch = Partial<ListUrlState> | ((current: ListUrlState) => Partial<ListUrlState>);

/**
 * The one state machine of every list screen (master data, Audit Log, Notifications,
 * transactions): page, page size, sort, search text, search-by field, filters and date range
 * live in the URL (list-url.ts), so reload, Back/Forward and a pasted link give the same view.
 * Any change other than the page itself goes back to page 1; Refresh clears search and filters
 * and reloads. `config` must be a stable object.
 */
export function useListController(config: ListControllerConfig) {
  const [search, setSearch] = useSearchParams();
  const queryClient = useQueryClient();
  const today = businessToday();
  const state = useMemo(() => readListUrl(search, config, today), [search, config, today]);
  // The search in effect when the box hands on a new one: a new search is a step of its own in
  // the history, refining it (the next pause in typing) replaces that step.
  const searching = useRef(state.q);
  searching.current = state.q;
  // Refresh also drops text typed but not searched yet: the search box is keyed by this count.
  const [refreshes, setRefreshes] = useState(0);

  const update = useCallback(
    (change: ListPatch, options: ListUpdateOptions = {}) => {
      setSearch(
        (current) => {
          const previous = readListUrl(current, config, today);
          const patch = typeof change === 'function' ? change(previous) : change;
          const next = { ...previous, ...patch, page: patch.page ?? 1 };
          return writeListUrl(next, config, today);
        },
        { replace: options.replace ?? false },
      );
    },
    [setSearch, config, today],
  );

  const actions = useMemo(
    () => ({
      /** The debounced search: a new search adds a history entry, each further pause in typing replaces it. */
      setSearchText: (q: string) => update({ q }, { replace: searching.current !== '' && q !== '' }),
      /** Changing the search-by field clears the search text (spec §5). */
      changeSearchField: (searchBy: string) => update({ searchBy, q: '' }),
      /** Sets some filters, keeping the others; '' clears one. */
      setFilters: (values: Readonly<Record<string, string>>) =>
        update((current) => ({ filters: { ...current.filters, ...values } })),
      /** Replaces every filter (a filter dialog's Apply). */
      replaceFilters: (filters: Readonly<Record<string, string>>) => update({ filters }),
      setDates: (value: DayRangeValue) => update({ from: value.from, to: value.to }),
      /** Clearing the range goes back to the screen's default range (spec §5). */
      clearDates: () => update(defaultDays(config, today)),
      setPage: (page: number) => update({ page }),
      setPageSize: (pageSize: number) => update({ pageSize }),
      setSort: (sort: ListSort | null) => update({ sort }),
      /** Refresh (spec §2): clears search and filters (keeping range, sort and page size) and reloads the list. */
      refresh: () => {
        update({ q: '', filters: {} });
        setRefreshes((n) => n + 1);
        void queryClient.invalidateQueries({ queryKey: listQueryKey(config.listPath) });
      },
    }),
    [update, config, today, queryClient],
  );

  const { page, pageSize, sort, from, to } = state;
  const derived = useMemo(
    () => ({
      /** The DataTable's paging and sorting props. */
      tableProps: { page, pageSize, sort, onPageChange: actions.setPage, onPageSizeChange: actions.setPageSize, onSortChange: actions.setSort },
      /** orderField/orderValue for the list call; empty = the server's default order. */
      order: sort ? { orderField: sort.field, orderValue: sort.direction } : {},
      /** The date field's value and handlers, and the range to ask for (null while incomplete). */
      dates: {
        value: { from, to } as DayRangeValue,
        onChange: actions.setDates,
        onClear: actions.clearDates,
        range: completeRange({ from, to }),
      },
    }),
    [page, pageSize, sort, from, to, actions],
  );

  return {
    state,
    update,
    ...actions,
    ...derived,
    /** The URL query of this state (saved views keep it). */
    urlQuery: search.toString(),
    /** The search box's key: a new box after each Refresh, empty even if a search was still being typed. */
    searchBoxKey: refreshes,
  };
}

export type ListController = ReturnType<typeof useListController>;
