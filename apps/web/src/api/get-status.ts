/** GET /security/authentication/status: access map, user and companies (spec §3, §6). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, type AccessMap, type StatusData } from '@tagih/contract';
import { apiRequest, isSessionError } from './client.ts';

export const statusQueryKey = ['auth', 'status'] as const;

export async function getStatus(): Promise<StatusData> {
  const envelope = await apiRequest<StatusData>(API_PATHS.auth.status);
  return envelope.data;
}

export const statusQueryOptions = () =>
  queryOptions({ queryKey: statusQueryKey, queryFn: getStatus, staleTime: 0 });

/**
 * How long a status counts as fresh for a component that starts showing it: the dashboard
 * refetches the status on every screen change (use-dashboard-status.ts), so the screen that then
 * mounts uses that answer instead of asking a second time.
 */
export const STATUS_FRESH_MS = 5_000;

/** The status; `retry` retries failures other than an ended session (select company: 3 × 300 ms). */
export function useStatus(retry: { count: number; delayMs: number } | null = null) {
  return useQuery({
    ...statusQueryOptions(),
    staleTime: STATUS_FRESH_MS,
    ...(retry
      ? {
          retry: (failures: number, error: Error) =>
            !isSessionError(error) && failures < retry.count,
          retryDelay: retry.delayMs,
        }
      : {}),
  });
}

/** A status without any granted area counts as "no access" (spec §4). */
export function hasAnyAccess(status: StatusData | null | undefined): status is StatusData {
  if (!status || typeof status.access !== 'object' || status.access === null) return false;
  return Object.values(status.access).some(
    (actions) => Array.isArray(actions) && actions.length > 0,
  );
}

/** The access map, undefined while loading. */
export function useAccess(): { access: AccessMap | undefined; isPending: boolean } {
  const { data, isPending } = useStatus();
  return { access: data?.access, isPending };
}

/**
 * True when the signed-in user holds the Superadmin role (the status says so), so that screens
 * offer only what the server allows it; false while the status loads. The server alone decides,
 * and answers 403 otherwise.
 */
export function useIsSuperadmin(): boolean {
  const { data } = useStatus();
  return data?.isSuperadmin === true;
}
