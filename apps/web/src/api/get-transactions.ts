/**
 * GET /dashboard/transactionVa/ or /dashboard/transactionQr/ (spec §7): a page of rows plus
 * data.total {nominal_lunas, count_lunas} of the whole filtered set.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { listQueryString, type ListPayload, type TransactionTotals } from '@tagih/contract';
import { apiRequest } from './client.ts';
import { listQueryKey, type ListParams } from './get-list.ts';

export interface TransactionListPayload<Row> extends ListPayload<Row> {
  total: TransactionTotals;
  /** The search text was exactly an id: its rows of every date, whatever the range asked. */
  searchedAllDates?: true;
}

export async function getTransactions<Row>(
  path: string,
  params: ListParams,
  signal?: AbortSignal,
): Promise<TransactionListPayload<Row>> {
  const envelope = await apiRequest<TransactionListPayload<Row>>(`${path}/`, {
    query: listQueryString(params),
    signal,
  });
  return envelope.data;
}

/** Keyed like every list (listQueryKey), so actions invalidate it through the path. */
export function useTransactions<Row>(path: string, params: ListParams, enabled: boolean) {
  return useQuery({
    queryKey: listQueryKey(path, params),
    queryFn: ({ signal }) => getTransactions<Row>(path, params, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}
