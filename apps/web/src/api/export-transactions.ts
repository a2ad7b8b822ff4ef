/**
 * GET /dashboard/transactionVa/export.csv (or transactionQr): the server streams the CSV of
 * the same filters as the list; the browser saves it as transactions_VA.csv / _QRIS.csv.
 * export.xlsx: the same rows as an Excel workbook, saved as transactions_VA.xlsx / _QRIS.xlsx.
 */
import { useMutation } from '@tanstack/react-query';
import { listQueryString, transactionPaths, type TransactionKindDef } from '@tagih/contract';
import { apiDownload, saveBlob } from './download.ts';
import type { ExportParams } from './get-list.ts';

/** The spec's CSV, or the same export as an Excel workbook. */
export type ExportFileFormat = 'csv' | 'xlsx';

export interface TransactionExport {
  params: ExportParams;
  format: ExportFileFormat;
}

export async function exportTransactions(
  kind: TransactionKindDef,
  { params, format }: TransactionExport,
): Promise<void> {
  const paths = transactionPaths(kind);
  const xlsx = format === 'xlsx';
  const blob = await apiDownload(xlsx ? paths.exportXlsx : paths.export, listQueryString(params));
  saveBlob(blob, xlsx ? kind.xlsxFile : kind.csvFile);
}

export function useExportTransactions(kind: TransactionKindDef) {
  return useMutation({
    mutationFn: (request: TransactionExport) => exportTransactions(kind, request),
  });
}
