import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import type { LiveEvent } from '@tagih/contract';
import { listQueryKey, type ListSort } from '../api/get-list.ts';
import { useLiveEvents } from './use-live-events.ts';
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
  /** The live changes that concern this list (api/live-events.ts); absent: it does not follow them. */
  live?: {
    concerns: (event: LiveEvent) => boolean;
    /** What its rows are called in "N transaksi baru". */
    noun: string;
  };
}

/** Changes that arrive together are loaded with one reload, this long after the first. */
export const LIVE_RELOAD_GATHER_MS = 300;

/** The view a change may reload under the operator's eyes: page 1, no search, no filter, the default order. */
const followsLive = (state: ListUrlState): boolean =>
  state.page === 1 &&
  state.q === '' &&
  state.sort === null &&
  Object.values(state.filters).every((v) => !v);

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
  const stillHere = useStillOnScreen();
  const queryClient = useQueryClient();
  const today = businessToday();
  const state = useMemo(() => readListUrl(search, config, today), [search, config, today]);
  // The search in effect when the box hands on a new one: a new search is a step of its own in
  // the history, refining it (the next pause in typing) replaces that step.
  const searching = useRef(state.q);
  searching.current = state.q;
  // Refresh also drops text typed but not searched yet: the search box is keyed by this count.
  const [refreshes, setRefreshes] = useState(0);
  const { view: liveView, forget: forgetLive } = useLiveList(config, state, search.toString());

  const update = useCallback(
    (change: ListPatch, options: ListUpdateOptions = {}) => {
      if (!stillHere()) return;
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
    [setSearch, config, today, stillHere],
  );

  const actions = useMemo(
    () => ({
      /** The debounced search: a new search adds a history entry, each further pause in typing replaces it. */
      setSearchText: (q: string) =>
        update({ q }, { replace: searching.current !== '' && q !== '' }),
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
        forgetLive();
        void queryClient.invalidateQueries({ queryKey: listQueryKey(config.listPath) });
      },
    }),
    [update, config, today, queryClient, forgetLive],
  );

  const { page, pageSize, sort, from, to } = state;
  const derived = useMemo(
    () => ({
      /** The DataTable's paging and sorting props. */
      tableProps: {
        page,
        pageSize,
        sort,
        onPageChange: actions.setPage,
        onPageSizeChange: actions.setPageSize,
        onSortChange: actions.setSort,
      },
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
    /**
     * The search box's key: a new box for each list and after each Refresh, so text typed but not
     * searched yet neither survives Refresh nor follows the operator to the next screen.
     */
    searchBoxKey: `${config.listPath}#${refreshes}`,
    /** Live changes (config.live): reloaded quietly on the default view, else counted for "N … baru". */
    live: liveView,
  };
}

/**
 * Whether the screen that rendered this list is still the one shown: false once it has unmounted,
 * or once the browser is on another path (a navigation under way renders the new screen in a
 * transition while the old one, and its search box's pending pause, still live). A change asked
 * for by a screen the operator has left (a debounced search ending, a box losing the focus as it
 * goes) is dropped, never written into the next screen's URL.
 */
function useStillOnScreen(): () => boolean {
  const { pathname } = useLocation();
  const latest = useRef(pathname);
  latest.current = pathname;
  const mounted = useRef(true);
  useLayoutEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  // A browser router: the address bar is the router's; a memory router (tests) has its own.
  const browserBacked = typeof window !== 'undefined' && window.location.pathname === pathname;
  // Made for this path: the screen of another path gets another, and the old one says no.
  return useCallback(
    () =>
      mounted.current &&
      latest.current === pathname &&
      (!browserBacked || window.location.pathname === pathname),
    [pathname, browserBacked],
  );
}

/**
 * Follows the live changes that concern the list. On the default view (followsLive) it reloads
 * quietly: the table keeps its rows on screen, no spinner. A view the operator has paged, sorted,
 * searched or filtered does not move: the changed rows are counted (each once) and `loadNew`
 * reloads when the operator asks. Another view starts the count again.
 */
function useLiveList(config: ListControllerConfig, state: ListUrlState, urlQuery: string) {
  const queryClient = useQueryClient();
  // The rows changed since the view `view` loaded: another view (the URL) starts with none.
  const [pending, setPending] = useState<{ view: string; ids: ReadonlySet<number> }>(() => ({
    view: urlQuery,
    ids: new Set(),
  }));
  const [reloadingQuietly, setReloadingQuietly] = useState(false);
  const current = useRef({ follows: followsLive(state), view: urlQuery });
  current.current = { follows: followsLive(state), view: urlQuery };
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const reload = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: listQueryKey(config.listPath) });
  }, [queryClient, config.listPath]);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  useLiveEvents((event) => {
    if (!config.live?.concerns(event)) return;
    const { follows, view } = current.current;
    if (!follows) {
      setPending((p) => {
        if (p.view !== view) return { view, ids: new Set([event.trctId]) };
        return p.ids.has(event.trctId) ? p : { view, ids: new Set(p.ids).add(event.trctId) };
      });
      return;
    }
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      setReloadingQuietly(true);
      void reload().finally(() => setReloadingQuietly(false));
    }, LIVE_RELOAD_GATHER_MS);
  });

  const forget = useCallback(() => setPending({ view: '', ids: new Set() }), []);
  const newCount = pending.view === urlQuery ? pending.ids.size : 0;
  const view = useMemo(
    () => ({
      /** Rows changed since this view loaded (0 while it follows the changes itself). */
      newCount,
      noun: config.live?.noun ?? '',
      /** Loads what changed, where the operator is. */
      loadNew: () => {
        forget();
        void reload();
      },
      /** A quiet reload is under way: the table shows no loading state for it. */
      reloadingQuietly,
    }),
    [newCount, config.live, reload, reloadingQuietly, forget],
  );
  return { view, forget };
}

export type ListController = ReturnType<typeof useListController>;
