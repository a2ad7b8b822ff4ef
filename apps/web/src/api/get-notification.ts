/** GET /dashboard/notification/{notiId}: one notification with its notification_history. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationResource, type NotificationDetail } from '@tagih/contract';
import { apiRequest } from './client.ts';

export async function getNotification(notiId: number, signal?: AbortSignal): Promise<NotificationDetail> {
  const envelope = await apiRequest<NotificationDetail>(
    `${notificationResource.path}/${encodeURIComponent(notiId)}`,
    { signal },
  );
  return envelope.data;
}

export const notificationQueryOptions = (notiId: number) =>
  queryOptions({
    queryKey: ['notification', notiId] as const,
    queryFn: ({ signal }) => getNotification(notiId, signal),
  });

/** `notiId` null: nothing to load (the history dialog is closed). */
export function useNotification(notiId: number | null) {
  return useQuery({ ...notificationQueryOptions(notiId ?? 0), enabled: notiId !== null });
}
