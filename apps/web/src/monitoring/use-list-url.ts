import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { defaultDays, readListUrl, writeListUrl, type ListUrlConfig, type ListUrlState } from './list-url.ts';
import { businessToday } from './use-day-range.ts';

export interface ListUrlUpdateOptions {
  /** Replace the history entry instead of adding one (typing in the search box). */
  replace?: boolean;
}

/** What changes: the new values, or a function of the current state (e.g. one filter among others). */
export type ListUrlPatch = Partial<ListUrlState> | ((current: ListUrlState) => Partial<ListUrlState>);

/**
 * A monitoring list's state, read from and written to the URL (list-url.ts): reload,
 * back/forward and a pasted link give the same list. Any change other than the page itself
 * goes back to page 1. `config` must be a stable object.
 */
export function useListUrl(config: ListUrlConfig) {
  const [search, setSearch] = useSearchParams();
  const today = businessToday();
  const state = useMemo(() => readListUrl(search, config, today), [search, config, today]);
  const update = useCallback(
    (change: ListUrlPatch, options: ListUrlUpdateOptions = {}) => {
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
  /** Back to the default range (spec §5: clearing the range). */
  const clearDates = useCallback(() => update(defaultDays(config, today)), [update, config, today]);
  return { state, update, clearDates, search: search.toString() };
}

export type ListUrl = ReturnType<typeof useListUrl>;
