import type { ExportParams, ListParams } from '../api/get-list.ts';
import { useListPaging } from '../hooks/use-list-paging.ts';
import type { useDayRange } from './use-day-range.ts';

/**
 * A list asked for a business-day range (transactions, notifications, audit): paging that goes
 * back to page 1 when the finds or the days change, the list call and the export's query —
 * both null while the range is incomplete (spec §5: no fetch).
 */
export function useDatedList(finds: NonNullable<ListParams['finds']>, dates: ReturnType<typeof useDayRange>) {
  const extra = dates.range ?? undefined;
  const paging = useListPaging([finds, extra]);
  const { page, pageSize, order } = paging;
  return {
    paging,
    params: dates.range ? ({ page, max: pageSize, ...order, finds, extra } satisfies ListParams) : null,
    exportParams: dates.range ? ({ ...order, finds, extra } satisfies ExportParams) : null,
  };
}
