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
  notiAttempts: z.number(),
  notiNextAttemptAt: z.string().nullable(),
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
