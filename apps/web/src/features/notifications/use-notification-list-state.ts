import { NOTIFICATIONS_EPOCH, SEARCH_DEBOUNCE_MS } from '@tagih/contract';
import { useState } from 'react';
import { useSearchText } from '../../hooks/use-search-text.ts';
import { useDatedList } from '../../monitoring/use-dated-list.ts';
import { useDayRange } from '../../monitoring/use-day-range.ts';

/**
 * The Notifications list query (spec §2, §5, §9): Order ID search (500 ms debounce), status
 * filter, 1970-01-01..today by default, page, page size and sort; changes go to page 1.
 */
export function useNotificationListState() {
  const { searchText, setSearchText, search } = useSearchText(SEARCH_DEBOUNCE_MS.slow);
  /** '' or a notiStatus (1 Pending, 2 Success). */
  const [status, setStatus] = useState('');
  const dates = useDayRange(NOTIFICATIONS_EPOCH);

  const finds = { notiOrderId: search || undefined, notiStatus: status || undefined };
  const { paging, params } = useDatedList(finds, dates);

  return {
    searchText,
    setSearchText,
    status,
    setStatus,
    dates,
    ...paging,
    /** Refresh clears search and filters (spec §2). */
    clearSearchAndFilter: () => {
      setSearchText('');
      setStatus('');
    },
    /** Null while the date range is incomplete: no fetch (spec §5). */
    params,
  };
}
