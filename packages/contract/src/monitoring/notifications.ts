/** Notifications screen (spec §2 "Notifications", §3): the list's rows and one notification with its history. */
import { z } from 'zod';

export const notificationRow = z.object({
  notiId: z.number(),
  notiTrctId: z.number(),
  notiOrderId: z.string().nullable(),
  trctVirtualAccountNo: z.string().nullable(),
  trctType: z.string(),
  notiStatus: z.number(),
  notiCreatedTime: z.string(),
  /** Delivery attempts made so far (one history row each). */
  notiAttempts: z.number(),
  /** When the next attempt is due; null when delivered, or given up after the last retry. */
  notiNextAttemptAt: z.string().nullable(),
  /** The merchant's HTTP status at the last attempt; null before the first or when it was not reached. */
  notiLastHttpStatus: z.number().nullable(),
  /** Why the last attempt failed (delivery-attempt.ts); null before the first or when it was delivered. */
  notiLastError: z.string().nullable(),
});
export type NotificationRow = z.infer<typeof notificationRow>;

export const notificationHistoryRow = z.object({
  nohiId: z.number(),
  nohiNotiId: z.number(),
  nohiRequest: z.string().nullable(),
  nohiResponse: z.string().nullable(),
  nohiCreatedTime: z.string(),
});
export type NotificationHistoryRow = z.infer<typeof notificationHistoryRow>;

export const notificationDetail = notificationRow.extend({
  notification_history: z.array(notificationHistoryRow),
});
export type NotificationDetail = z.infer<typeof notificationDetail>;
