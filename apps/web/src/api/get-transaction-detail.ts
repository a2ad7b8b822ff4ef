/**
 * GET /dashboard/transactionVa/{trctId} (or transactionQr): one transaction with its VA/QRIS
 * detail, notification and timeline. Keyed under its list (listQueryKey), so Inquiry and Notif,
 * which reload the list, reload it too.
 */
import { useQuery } from '@tanstack/react-query';
import {
  fillPath,
  transactionPaths,
  type TransactionDetail,
  type TransactionKindDef,
} from '@tagih/contract';
import { apiRequest } from './client.ts';
import { listQueryKey } from './get-list.ts';
import { useLiveReload } from './live-events.ts';

export async function getTransactionDetail(
  kind: TransactionKindDef,
  trctId: number,
  signal?: AbortSignal,
): Promise<TransactionDetail> {
  const envelope = await apiRequest<TransactionDetail>(
    fillPath(transactionPaths(kind).detail, { trctId }),
    { signal },
  );
  return envelope.data;
}

export const transactionDetailQueryKey = (kind: TransactionKindDef, trctId: number) =>
  [...listQueryKey(kind.resource.path), 'detail', trctId] as readonly unknown[];

/** `trctId` null (not a number in the URL): nothing to load. */
export function useTransactionDetail(kind: TransactionKindDef, trctId: number | null) {
  // Its payment, expiry and the merchant's answers show in the open timeline at once.
  useLiveReload(
    transactionDetailQueryKey(kind, trctId ?? 0),
    (event) => event.trctId === trctId,
    trctId !== null,
  );
  return useQuery({
    queryKey: transactionDetailQueryKey(kind, trctId ?? 0),
    queryFn: ({ signal }) => getTransactionDetail(kind, trctId ?? 0, signal),
    enabled: trctId !== null,
    retry: false,
  });
}
