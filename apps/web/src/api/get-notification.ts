/** GET /dashboard/notification/{notiId}: one notification with its notification_history. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_PATHS, fillPath, type NotificationDetail } from '@tagih/contract';
import { apiRequest } from './client.ts';
import { useLiveReload } from './live-events.ts';

export async function getNotification(
  notiId: number,
  signal?: AbortSignal,
): Promise<NotificationDetail> {
  const envelope = await apiRequest<NotificationDetail>(
    fillPath(API_PATHS.notifications.one, { notiId }),
    {
      signal,
    },
  );
  return envelope.data;
}

/** One notification's key; without an id, every notification's. */
export const notificationQueryKey = (notiId?: number) =>
  (notiId === undefined ? ['notification'] : ['notification', notiId]) as readonly unknown[];

export const notificationQueryOptions = (notiId: number) =>
  queryOptions({
    queryKey: notificationQueryKey(notiId),
    queryFn: ({ signal }) => getNotification(notiId, signal),
  });

/** `notiId` null: nothing to load (the history dialog is closed). */
export function useNotification(notiId: number | null) {
  // A new attempt to the merchant shows in the open history at once.
  useLiveReload(
    notificationQueryKey(notiId ?? 0),
    (event) => event.notiId === notiId,
    notiId !== null,
  );
  return useQuery({ ...notificationQueryOptions(notiId ?? 0), enabled: notiId !== null });
}
