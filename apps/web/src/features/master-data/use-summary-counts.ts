import { useQueries } from '@tanstack/react-query';
import { listQueryOptions } from '../../api/get-list.ts';
import type { SummaryItem } from '../../components/summary-card.tsx';
import type { MasterRow, SummaryCount } from './master-config.ts';

/** The summary card's figures: one count call (max 1) per counted figure; derived ones from those. */
export function useSummaryCounts(path: string, counts: readonly SummaryCount[]): SummaryItem[] {
  const counted = counts.filter((c) => !('derive' in c));
  const results = useQueries({
    queries: counted.map((c) =>
      listQueryOptions<MasterRow>(path, {
        page: 1,
        max: 1,
        finds: 'finds' in c ? c.finds : undefined,
      }),
    ),
  });
  const byLabel: Record<string, number> = {};
  counted.forEach((c, i) => {
    byLabel[c.label] = results[i]?.data?.pagination.totalData ?? 0;
  });
  return counts.map((c) => ({
    label: c.label,
    value: 'derive' in c ? Math.max(0, c.derive(byLabel)) : byLabel[c.label],
  }));
}
