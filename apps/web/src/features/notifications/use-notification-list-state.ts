import { notificationResource, WORK_QUEUE_ATTENTION, WORK_QUEUE_PARAM } from '@tagih/contract';
import { useMemo } from 'react';
import type { ExportParams, ListParams } from '../../api/get-list.ts';
import { useListController, type ListControllerConfig } from '../../hooks/use-list-controller.ts';
import { defaultTimeOrder } from '../../monitoring/default-time-order.ts';

/** The Notifications list in the URL: the Order ID search, the status filter, the days. */
export const NOTIFICATION_URL_CONFIG: ListControllerConfig = {
  listPath: notificationResource.path,
  // The last 30 days (issue 35): what an operator looks at; older ones are a range away.
  defaultFrom: 'last30',
  searchBy: [],
  filterKeys: ['status', WORK_QUEUE_PARAM],
  // A payment queues a notification; each attempt to the merchant changes it (api/live-events.ts).
  live: {
    concerns: (event) => event.type === 'transaction.paid' || event.type === 'notification.sent',
    noun: 'notifikasi',
  },
};

/**
 * The Notifications list query (spec §2, §5, §9): the list controller's state (Order ID
 * search, status filter, the last 30 days by default, page, page size and sort; newest first
 * unless sorted, the work queue oldest first) turned into
 * the list call and the query of every page.
 */
export function useNotificationListState() {
  const list = useListController(NOTIFICATION_URL_CONFIG);
  const { q, page, pageSize } = list.state;
  /** '' or a notiStatus (1 Pending, 2 Success). */
  const status = list.state.filters.status ?? '';
  /** The work queue "Perlu tindakan": not delivered, retries given up. */
  const attention = list.state.filters[WORK_QUEUE_PARAM] === WORK_QUEUE_ATTENTION;
  const { range } = list.dates;
  const { setFilters } = list;
  const order = list.state.sort ? list.order : defaultTimeOrder('notiCreatedTime', attention);

  const derived = useMemo(() => {
    const finds = { notiOrderId: q || undefined, notiStatus: status || undefined };
    const extra = range
      ? { ...range, ...(attention ? { [WORK_QUEUE_PARAM]: WORK_QUEUE_ATTENTION } : {}) }
      : undefined;
    return {
      params: range ? ({ page, max: pageSize, ...order, finds, extra } satisfies ListParams) : null,
      allPagesParams: range ? ({ ...order, finds, extra } satisfies ExportParams) : null,
    };
  }, [q, range, status, attention, order, page, pageSize]);

  const actions = useMemo(
    () => ({
      setStatus: (next: string) => setFilters({ status: next }),
      /** Turns the work queue on or off, keeping the status filter. */
      setAttention: (on: boolean) =>
        setFilters({ [WORK_QUEUE_PARAM]: on ? WORK_QUEUE_ATTENTION : '' }),
    }),
    [setFilters],
  );

  return {
    ...list,
    ...actions,
    searchText: q,
    status,
    page,
    pageSize,
    sort: list.state.sort,
    /** Null while the date range is incomplete: no fetch (spec §5). */
    params: derived.params,
    /** The same query for every page (bulk "all that match"). */
    allPagesParams: derived.allPagesParams,
    attention,
  };
}
