/**
 * POST /dashboard/transactionVa/inquiry_status/{trctId} (or transactionQr): asks the bank
 * for the payment status. status.error 0 is success; status.message says what happened.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { inquiryPath, notificationResource, type InquiryResult, type TransactionKindDef } from '@tagih/contract';
import { apiRequest } from './client.ts';
import { listQueryKey } from './get-list.ts';

export interface ActionOutcome {
  /** The server's words (shown under the toast title). */
  message: string;
}

export async function inquireTransaction(kind: TransactionKindDef, trctId: number): Promise<ActionOutcome> {
  const envelope = await apiRequest<InquiryResult>(inquiryPath(kind, trctId), { method: 'POST' });
  return { message: envelope.status.message };
}

/** Reloads the list afterwards (a paid answer changes the row and creates a notification). */
export function useInquireTransaction(kind: TransactionKindDef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (trctId: number) => inquireTransaction(kind, trctId),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listQueryKey(kind.resource.path) }),
        queryClient.invalidateQueries({ queryKey: listQueryKey(notificationResource.path) }),
      ]),
  });
}
