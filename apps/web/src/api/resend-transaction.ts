/**
 * resend, the Notif button: POST /dashboard/transactionVa/send_notification/{trctId} (or
 * transactionQr) sends the payment notification to the merchant now. data.responseCode 200 is
 * success, 400 failure, with data.responseMessage (spec §7).
 */
import {
  fillPath,
  transactionPaths,
  type ResendResult,
  type TransactionKindDef,
} from '@tagih/contract';
import { ApiError, apiRequest } from './client.ts';
import { useTransactionAction, type ActionOutcome } from './transaction-action.ts';

const FAILED = 400;

export async function resendTransaction(
  kind: TransactionKindDef,
  trctId: number,
): Promise<ActionOutcome> {
  let envelope;
  try {
    const path = fillPath(transactionPaths(kind).resend, { trctId });
    envelope = await apiRequest<ResendResult>(path, { method: 'POST' });
  } catch (error) {
    // A refused or undelivered notification still says why in data.responseMessage.
    const data =
      error instanceof ApiError ? (error.envelope?.data as Partial<ResendResult> | null) : null;
    if (error instanceof ApiError && data?.responseMessage) {
      throw new ApiError(data.responseMessage, error.httpStatus, error.envelope);
    }
    throw error;
  }
  const { responseCode, responseMessage } = envelope.data;
  if (responseCode === FAILED) throw new Error(responseMessage || envelope.status.message);
  return { message: responseMessage || envelope.status.message };
}

export const useResendTransaction = (kind: TransactionKindDef) =>
  useTransactionAction(kind, resendTransaction);
