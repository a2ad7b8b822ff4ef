/**
 * The order a monitoring list opens in when the operator has chosen none: newest first by its
 * created time, and a work queue ("Perlu tindakan") oldest first, the longest waiting at the top.
 * The API's own default (spec: the id, descending) stays for callers that send no order.
 */
export function defaultTimeOrder(field: string, workQueue: boolean) {
  return { orderField: field, orderValue: workQueue ? 'asc' : 'desc' } as const;
}
