/**
 * Any server-paged list (spec §3, §7): GET {path}?page&max&orderField&orderValue&search…
 * returning { data, pagination, fields }. Data screens describe their query; this fetches it.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listQueryString, type ListPayload } from '@tagih/contract';
import { apiRequest } from './client.ts';

export type ListParams = Parameters<typeof listQueryString>[0];

/** A CSV export's query: the list's filters and order, every page. */
export type ExportParams = Pick<
  ListParams,
  'finds' | 'extra' | 'orderField' | 'orderValue' | 'search'
>;

/** A list's sort: one field, ascending or descending (orderField / orderValue). */
export interface ListSort {
  field: string;
  direction: 'asc' | 'desc';
}

export async function getList<Row>(
  path: string,
  params: ListParams,
  signal?: AbortSignal,
): Promise<ListPayload<Row>> {
  const envelope = await apiRequest<ListPayload<Row>>(path, {
    query: listQueryString(params),
    signal,
  });
  return envelope.data;
}

export const listQueryKey = (path: string, params?: ListParams) =>
  (params ? ['list', path, params] : ['list', path]) as readonly unknown[];

export const listQueryOptions = <Row>(path: string, params: ListParams) =>
  queryOptions({
    queryKey: listQueryKey(path, params),
    queryFn: ({ signal }) => getList<Row>(path, params, signal),
    placeholderData: keepPreviousData,
  });

/** A list that keeps showing the previous page while the next one loads. */
export function useList<Row>(path: string, params: ListParams, enabled = true) {
  return useQuery({ ...listQueryOptions<Row>(path, params), enabled });
}
