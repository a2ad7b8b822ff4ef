import { API_PATHS, listQueryString } from '@tagih/contract';
import { useMemo } from 'react';
import type { ExportParams, ListParams } from '../../api/get-list.ts';
import { useListController, type ListControllerConfig } from '../../hooks/use-list-controller.ts';

/** The queue's filters, in the URL under these names; '' filters nothing. */
export interface BreakFilter {
  /** A listed category (missing_at_bank … expected). */
  category: string;
  /** open (the default view) | resolved | all. */
  status: string;
  /** One bank account's breaks (a statement's "open breaks" link). */
  accountNo: string;
}

export const EMPTY_BREAK_FILTER: BreakFilter = { category: '', status: '', accountNo: '' };
/** status=all in the URL: open and resolved; nothing: open only. */
export const ALL_STATUSES = 'all';

/**
 * The break queue in the URL: the search (company, order id, bank reference, narrative), the
 * category, status and account, and the days of the break (the last 30 by default).
 */
export const BREAK_URL_CONFIG: ListControllerConfig = {
  listPath: API_PATHS.recon.breaks,
  defaultFrom: 'last30',
  searchBy: [],
  filterKeys: Object.keys(EMPTY_BREAK_FILTER),
};

/** The list query of the queue: the controller's state turned into the list call, the export and the counts. */
export function useBreakListState() {
  const list = useListController(BREAK_URL_CONFIG);
  const { q, page, pageSize, filters } = list.state;
  const { range } = list.dates;
  const { order, replaceFilters } = list;

  const derived = useMemo(() => {
    const filter: BreakFilter = { ...EMPTY_BREAK_FILTER, ...filters };
    const status = filter.status === ALL_STATUSES ? undefined : filter.status || 'open';
    const finds: NonNullable<ListParams['finds']> = {
      category: filter.category ? { op: 'equal', value: filter.category } : undefined,
      status: status ? { op: 'equal', value: status } : undefined,
      accountNo: filter.accountNo ? { op: 'equal', value: filter.accountNo } : undefined,
    };
    const extra = range ?? undefined;
    const search = q || undefined;
    // The chips count every category under the other filters.
    const countFinds = { ...finds, category: undefined, status: undefined };
    return {
      filter,
      params: range
        ? ({ page, max: pageSize, ...order, search, finds, extra } satisfies ListParams)
        : null,
      exportParams: range ? ({ ...order, search, finds, extra } satisfies ExportParams) : null,
      countQuery: range ? listQueryString({ search, finds: countFinds, extra }) : null,
    };
  }, [q, filters, range, order, page, pageSize]);

  return {
    ...list,
    searchText: q,
    filter: derived.filter,
    setFilter: (patch: Partial<BreakFilter>) => replaceFilters({ ...derived.filter, ...patch }),
    params: derived.params,
    exportParams: derived.exportParams,
    /** GET /recon/breaks/counts: the queue's search, account and days, every category. */
    countQuery: derived.countQuery,
  };
}

export type BreakListState = ReturnType<typeof useBreakListState>;
