/**
 * GET /audit/export.csv: the server streams every audit event of the same filters as the list
 * (newest first); the browser saves it as audit_events.csv. The export is itself recorded.
 */
import { useMutation } from '@tanstack/react-query';
import { API_PATHS, AUDIT_CSV_FILES, listQueryString } from '@tagih/contract';
import { apiDownload, saveBlob } from './download.ts';
import type { ExportParams } from './get-list.ts';

export async function exportAuditEvents(params: ExportParams): Promise<void> {
  const blob = await apiDownload(API_PATHS.audit.export, listQueryString(params));
  saveBlob(blob, AUDIT_CSV_FILES.events);
}

export function useExportAuditEvents() {
  return useMutation({ mutationFn: exportAuditEvents });
}
