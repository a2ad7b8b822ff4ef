/**
 * GET /dashboard/transactionVa/export.csv (or transactionQr): the server streams the CSV of
 * the same filters as the list; the browser saves it as transactions_VA.csv / _QRIS.csv.
 */
import { useMutation } from '@tanstack/react-query';
import { listQueryString, transactionPaths, type TransactionKindDef } from '@tagih/contract';
import { apiDownload, saveBlob } from './download.ts';
import type { ExportParams } from './get-list.ts';

export async function exportTransactions(
  kind: TransactionKindDef,
  params: ExportParams,
): Promise<void> {
  const blob = await apiDownload(transactionPaths(kind).export, listQueryString(params));
  saveBlob(blob, kind.csvFile);
}

export function useExportTransactions(kind: TransactionKindDef) {
  return useMutation({ mutationFn: (params: ExportParams) => exportTransactions(kind, params) });
}
