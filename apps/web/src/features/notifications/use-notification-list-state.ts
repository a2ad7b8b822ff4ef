import {
  DEFAULT_PAGE_SIZE,
  NOTIFICATIONS_EPOCH,
  SEARCH_DEBOUNCE_MS,
} from '@tagih/contract';
import { useState } from 'react';
import type { ListParams } from '../../api/get-list.ts';
import type { DataTableSort } from '../../components/data-table.tsx';
import { useDayRange } from '../../components/monitoring/use-day-range.ts';
import { useDebouncedValue } from '../../hooks/use-debounced-value.ts';

type Order = Pick<ListParams, 'orderField' | 'orderValue'>;

/**
 * The Notifications list query (spec §2, §5, §9): Order ID search (500 ms debounce), status
 * filter, 1970-01-01..today by default, page, page size and sort; changes go to page 1.
 */
export function useNotificationListState() {
  const [searchText, setSearchText] = useState('');
  const debounced = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS.slow);
  const search = searchText.trim() === '' ? '' : debounced;
  /** '' or a notiStatus (1 Pending, 2 Success). */
  const [status, setStatus] = useState('');
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [sort, setSort] = useState<DataTableSort | null>(null);
  const dates = useDayRange(NOTIFICATIONS_EPOCH);

  const finds = { notiOrderId: search || undefined, notiStatus: status || undefined };
  const extra = dates.range ?? undefined;
  const order: Order = sort ? { orderField: sort.field, orderValue: sort.direction } : {};
  const resetKey = JSON.stringify([finds, extra, order, pageSize]);
  const [paging, setPaging] = useState({ key: resetKey, page: 1 });
  const page = paging.key === resetKey ? paging.page : 1;

  return {
    searchText,
    setSearchText,
    status,
    setStatus,
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
      setStatus('');
    },
    /** Null while the date range is incomplete: no fetch (spec §5). */
    params: dates.range ? ({ page, max: pageSize, ...order, finds, extra } satisfies ListParams) : null,
  };
}
