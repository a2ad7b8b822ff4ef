/**
 * POST /dashboard/transactionVa/send_notification/{trctId} (or transactionQr): sends the
 * payment notification to the merchant now. data.responseCode 200 is success, 400 failure,
 * with data.responseMessage (spec §7).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  notificationResource,
  sendNotificationPath,
  type NotifyResult,
  type TransactionKindDef,
} from '@tagih/contract';
import { ApiError, apiRequest } from './client.ts';
import { listQueryKey } from './get-list.ts';
import type { ActionOutcome } from './inquire-transaction.ts';

const FAILED = 400;

export async function sendTransactionNotification(
  kind: TransactionKindDef,
  trctId: number,
): Promise<ActionOutcome> {
  let envelope;
  try {
    envelope = await apiRequest<NotifyResult>(sendNotificationPath(kind, trctId), { method: 'POST' });
  } catch (error) {
    // A refused or undelivered notification still says why in data.responseMessage.
    const data = error instanceof ApiError ? (error.envelope?.data as Partial<NotifyResult> | null) : null;
    if (error instanceof ApiError && data?.responseMessage) {
      throw new ApiError(data.responseMessage, error.httpStatus, error.envelope);
    }
    throw error;
  }
  const { responseCode, responseMessage } = envelope.data;
  if (responseCode === FAILED) throw new Error(responseMessage || envelope.status.message);
  return { message: responseMessage || envelope.status.message };
}

/** Reloads the transaction list and the notifications afterwards, whatever the answer. */
export function useSendTransactionNotification(kind: TransactionKindDef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (trctId: number) => sendTransactionNotification(kind, trctId),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: listQueryKey(kind.resource.path) }),
        queryClient.invalidateQueries({ queryKey: listQueryKey(notificationResource.path) }),
        queryClient.invalidateQueries({ queryKey: ['notification'] }),
      ]),
  });
}
