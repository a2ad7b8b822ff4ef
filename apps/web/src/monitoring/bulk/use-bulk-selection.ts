import { BULK_MAX_IDS, type BulkSelection } from '@tagih/contract';
import { useCallback, useMemo, useState } from 'react';

/**
 * The rows picked for a bulk action: ids picked one by one (kept across pages), or
 * every row the list's query matches ("Pilih semua"). `scope` is the list's query without page
 * and sort: when the search, filters, dates or queue change, the selection starts over, so it
 * never holds rows the operator can no longer see.
 */
export function useBulkSelection(scope: string) {
  const [state, setState] = useState<{ scope: string; ids: ReadonlySet<number>; all: boolean }>({
    scope,
    ids: new Set(),
    all: false,
  });
  const current = useMemo(
    () =>
      state.scope === scope
        ? state
        : { scope, ids: new Set<number>() as ReadonlySet<number>, all: false },
    [state, scope],
  );

  const setIds = useCallback(
    (ids: Iterable<number>) => setState({ scope, ids: new Set(ids), all: false }),
    [scope],
  );
  const selectAll = useCallback(() => setState({ scope, ids: new Set(), all: true }), [scope]);
  const clear = useCallback(() => setState({ scope, ids: new Set(), all: false }), [scope]);

  return useMemo(
    () => ({
      ids: current.ids,
      all: current.all,
      /** Rows picked, or null when it is "every row that matches" (the list's total tells how many). */
      pickedCount: current.all ? null : current.ids.size,
      isEmpty: !current.all && current.ids.size === 0,
      tooMany: !current.all && current.ids.size > BULK_MAX_IDS,
      setIds,
      selectAll,
      clear,
      /** What the server is asked to act on; `query` is the list's own query, every page. */
      toRequest: (query: Record<string, string>): BulkSelection =>
        current.all ? { query } : { ids: [...current.ids] },
    }),
    [current, setIds, selectAll, clear],
  );
}

export type BulkSelectionState = ReturnType<typeof useBulkSelection>;
