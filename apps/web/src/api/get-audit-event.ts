/** GET /audit/{audtId}: one audit event. The server records the reading itself (audit.viewed). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, fillPath, type AuditEventRow } from '@tagih/contract';
import { apiRequest } from './client.ts';

export async function getAuditEvent(audtId: number, signal?: AbortSignal): Promise<AuditEventRow> {
  const envelope = await apiRequest<AuditEventRow>(fillPath(API_PATHS.audit.one, { audtId }), {
    signal,
  });
  return envelope.data;
}

export const auditEventQueryOptions = (audtId: number) =>
  queryOptions({
    queryKey: ['audit-event', audtId] as const,
    queryFn: ({ signal }) => getAuditEvent(audtId, signal),
  });

/**
 * `audtId` null: nothing to load (the detail dialog is closed). `shown` is what the dialog
 * may show meanwhile (the list's copy of the row), replaced by the server's answer.
 */
export function useAuditEvent(audtId: number | null, shown?: AuditEventRow) {
  return useQuery({
    ...auditEventQueryOptions(audtId ?? 0),
    enabled: audtId !== null,
    placeholderData: shown,
  });
}
