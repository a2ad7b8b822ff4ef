/**
 * inquiry: POST /dashboard/transactionVa/inquiry_status/{trctId} (or transactionQr) asks the bank
 * for the payment status. status.error 0 is success; status.message says what happened.
 */
import {
  fillPath,
  transactionPaths,
  type InquiryResult,
  type TransactionKindDef,
} from '@tagih/contract';
import { apiRequest } from './client.ts';
import { useTransactionAction, type ActionOutcome } from './transaction-action.ts';

export async function inquireTransaction(
  kind: TransactionKindDef,
  trctId: number,
): Promise<ActionOutcome> {
  const path = fillPath(transactionPaths(kind).inquiry, { trctId });
  const envelope = await apiRequest<InquiryResult>(path, { method: 'POST' });
  return { message: envelope.status.message };
}

export const useInquireTransaction = (kind: TransactionKindDef) =>
  useTransactionAction(kind, inquireTransaction);
