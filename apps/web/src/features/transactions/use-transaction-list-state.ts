import {
  NOTIFICATIONS_EPOCH,
  WORK_QUEUE_ATTENTION,
  WORK_QUEUE_PARAM,
  type TransactionKindDef,
} from '@tagih/contract';
import { useCallback, useMemo } from 'react';
import type { ExportParams, ListParams } from '../../api/get-list.ts';
import { businessToday } from '../../hooks/list-url.ts';
import { useListController, type ListControllerConfig } from '../../hooks/use-list-controller.ts';
import { defaultTimeOrder } from '../../monitoring/default-time-order.ts';

export interface TransactionFilter {
  /** Free text, finds[trctBank] (the shown bank: QRIS falls back to trctQrBank on the server). */
  bank: string;
  /** '' or a trctStatus (TRX_STATUS). */
  status: string;
}

export const EMPTY_FILTER: TransactionFilter = { bank: '', status: '' };

export const isEmptyFilter = (f: TransactionFilter) => !f.bank.trim() && !f.status;

const configs = new Map<string, ListControllerConfig>();

/** The first day of "semua tanggal": a range from it to today holds the whole history. */
export const ALL_DATES_FROM = NOTIFICATIONS_EPOCH;

/** The URL layout of a kind's list (stable per kind). */
export function transactionUrlConfig(kind: TransactionKindDef): ListControllerConfig {
  let config = configs.get(kind.key);
  if (!config) {
    config = {
      listPath: kind.resource.path,
      defaultFrom: 'today',
      searchBy: kind.searchBy.map((s) => s.field),
      filterKeys: ['bank', 'status', WORK_QUEUE_PARAM],
      // A bill of this kind paid, expired or opened (api/live-events.ts).
      live: {
        concerns: (event) => event.kind === kind.type && event.type.startsWith('transaction.'),
        noun: 'transaksi',
      },
    };
    configs.set(kind.key, config);
  }
  return config;
}

/**
 * What a transaction list is asked with (spec §2, §5, §9): the list controller's state
 * (search-by field and search, the filter, the date range, page, page size and sort, all in
 * the URL) turned into the list call and the export's query.
 */
export function useTransactionListState(kind: TransactionKindDef) {
  const list = useListController(transactionUrlConfig(kind));
  const { searchBy, q, page, pageSize } = list.state;
  const bank = list.state.filters.bank ?? '';
  const status = list.state.filters.status ?? '';
  /** The work queue "Perlu tindakan": unpaid and not asked at the bank for a while. */
  const attention = list.state.filters[WORK_QUEUE_PARAM] === WORK_QUEUE_ATTENTION;
  const { range } = list.dates;
  const { setFilters } = list;
  const order = list.state.sort ? list.order : defaultTimeOrder('trctCreatedTime', attention);

  const derived = useMemo(() => {
    const finds: NonNullable<ListParams['finds']> = {
      ...(q ? { [searchBy]: q } : {}),
      trctBank: bank.trim() || undefined,
      trctStatus: status ? { op: 'equal', value: status } : undefined,
    };
    const extra = range
      ? { ...range, ...(attention ? { [WORK_QUEUE_PARAM]: WORK_QUEUE_ATTENTION } : {}) }
      : undefined;
    return {
      filter: { bank, status } satisfies TransactionFilter,
      params: range ? ({ page, max: pageSize, ...order, finds, extra } satisfies ListParams) : null,
      exportParams: range ? ({ ...order, finds, extra } satisfies ExportParams) : null,
    };
  }, [searchBy, q, range, bank, status, attention, order, page, pageSize]);

  const actions = useMemo(
    () => ({
      setFilter: (filter: TransactionFilter) =>
        setFilters({ bank: filter.bank, status: filter.status }),
      /** Turns the work queue on or off, keeping the other filters. */
      setAttention: (on: boolean) =>
        setFilters({ [WORK_QUEUE_PARAM]: on ? WORK_QUEUE_ATTENTION : '' }),
    }),
    [setFilters],
  );
  const { setDates } = list;
  /** The same search on the whole history, up to today (a search that found nothing in the chosen range). */
  const searchAllDates = useCallback(
    () => setDates({ from: ALL_DATES_FROM, to: businessToday() }),
    [setDates],
  );
  /** The range is the whole history: shown as "semua tanggal". */
  const onAllDates = list.dates.value.from === ALL_DATES_FROM;

  return {
    ...list,
    ...actions,
    searchField: searchBy,
    searchText: q,
    page,
    pageSize,
    sort: list.state.sort,
    filter: derived.filter,
    attention,
    searchAllDates,
    onAllDates,
    /** The list call; null while the date range is incomplete (no fetch, spec §5). */
    params: derived.params,
    /** The export: same filters, every page. */
    exportParams: derived.exportParams,
  };
}

export type TransactionListState = ReturnType<typeof useTransactionListState>;
