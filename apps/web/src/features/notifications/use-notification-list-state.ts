import { NOTIFICATIONS_EPOCH, WORK_QUEUE_ATTENTION, WORK_QUEUE_PARAM } from '@tagih/contract';
import { useMemo } from 'react';
import type { ExportParams, ListParams, ListSort } from '../../api/get-list.ts';
import type { DateRangeValue } from '../../components/date-range-field.tsx';
import type { ListUrlConfig } from '../../monitoring/list-url.ts';
import { completeRange } from '../../monitoring/use-day-range.ts';
import { useListUrl } from '../../monitoring/use-list-url.ts';

/** The Notifications list in the URL: the Order ID search, the status filter, the days. */
export const NOTIFICATION_URL_CONFIG: ListUrlConfig = { defaultFrom: NOTIFICATIONS_EPOCH, searchBy: [], filterKeys: ['status', WORK_QUEUE_PARAM] };

/**
 * The Notifications list query (spec §2, §5, §9), kept in the URL (issue 11): Order ID search
 * (debounced by the search box), status filter, 1970-01-01..today by default, page, page size
 * and sort; changes go to page 1.
 */
export function useNotificationListState() {
  const { state, update, clearDates, search: urlQuery } = useListUrl(NOTIFICATION_URL_CONFIG);
  const { q, from, to, sort, page, pageSize } = state;
  /** '' or a notiStatus (1 Pending, 2 Success). */
  const status = state.filters.status ?? '';
  /** The work queue "Perlu tindakan" (issue 11): not delivered, retries given up. */
  const attention = state.filters[WORK_QUEUE_PARAM] === WORK_QUEUE_ATTENTION;

  const derived = useMemo(() => {
    const range = completeRange({ from, to });
    const finds = { notiOrderId: q || undefined, notiStatus: status || undefined };
    const order = sort ? { orderField: sort.field, orderValue: sort.direction } : {};
    const extra = range ? { ...range, ...(attention ? { [WORK_QUEUE_PARAM]: WORK_QUEUE_ATTENTION } : {}) } : undefined;
    return {
      range,
      params: range ? ({ page, max: pageSize, ...order, finds, extra } satisfies ListParams) : null,
      allPagesParams: range ? ({ ...order, finds, extra } satisfies ExportParams) : null,
    };
  }, [q, from, to, status, attention, sort, page, pageSize]);

  const actions = useMemo(
    () => ({
      setSearchText: (text: string) => update({ q: text }, { replace: true }),
      setStatus: (next: string) => update((current) => ({ filters: { ...current.filters, status: next } })),
      /** Turns the work queue on or off, keeping the status filter. */
      setAttention: (on: boolean) =>
        update((current) => ({ filters: { ...current.filters, [WORK_QUEUE_PARAM]: on ? WORK_QUEUE_ATTENTION : '' } })),
      setDates: (value: DateRangeValue) => update({ from: value.from, to: value.to }),
      setPage: (next: number) => update({ page: next }),
      setPageSize: (next: number) => update({ pageSize: next }),
      setSort: (next: ListSort | null) => update({ sort: next }),
      /** Refresh clears search and filters (spec §2). */
      clearSearchAndFilter: () => update({ q: '', filters: {} }),
    }),
    [update],
  );
  const tableProps = useMemo(
    () => ({ page, pageSize, sort, onPageChange: actions.setPage, onPageSizeChange: actions.setPageSize, onSortChange: actions.setSort }),
    [page, pageSize, sort, actions],
  );

  return {
    searchText: q,
    status,
    dates: { value: { from, to } as DateRangeValue, onChange: actions.setDates, onClear: clearDates, range: derived.range },
    page,
    pageSize,
    sort,
    tableProps,
    ...actions,
    /** Null while the date range is incomplete: no fetch (spec §5). */
    params: derived.params,
    /** The same query for every page (bulk "all that match"). */
    allPagesParams: derived.allPagesParams,
    attention,
    urlQuery,
  };
}
