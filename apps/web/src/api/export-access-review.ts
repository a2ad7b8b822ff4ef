/**
 * GET /audit/access-review.csv: every user with status, roles, companies, last sign-in and a
 * lockout in force; the browser saves it as access_review.csv. The export is itself recorded.
 */
import { useMutation } from '@tanstack/react-query';
import { API_PATHS, AUDIT_CSV_FILES } from '@tagih/contract';
import { apiDownload, saveBlob } from './download.ts';

export async function exportAccessReview(): Promise<void> {
  const blob = await apiDownload(API_PATHS.audit.accessReview, '');
  saveBlob(blob, AUDIT_CSV_FILES.accessReview);
}

export function useExportAccessReview() {
  return useMutation({ mutationFn: exportAccessReview });
}
