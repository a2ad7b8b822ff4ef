import { transactionDetailUrl, type TransactionKindDef } from '@tagih/contract';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/** A list row's click: opens that transaction's detail view (its own URL). */
export function useOpenTransactionDetail(
  kind: TransactionKindDef,
): (row: { trctId: number }) => void {
  const navigate = useNavigate();
  return useCallback(
    (row: { trctId: number }) => void navigate(transactionDetailUrl(kind.key, row.trctId)),
    [navigate, kind.key],
  );
}
