/**
 * The Home figures: for the active company, today and the last 7 business days
 * (BUSINESS_TZ): per transaction kind, count and amount by status and a daily series; the
 * notification delivery rate; the work queues' sizes. A part the user may not read is null (no VA read: no VA figures).
 */
import { z } from 'zod';
import { transactionStatusTotal } from './transactions.ts';

/** How many business days the week figures and the chart cover (today included). */
export const HOME_WEEK_DAYS = 7;

/** One business day of a kind: its statuses (TRANSACTION_STATUSES order). */
export const homeDay = z.object({ day: z.string(), byStatus: z.array(transactionStatusTotal) });
export type HomeDay = z.infer<typeof homeDay>;

/** A kind's figures: today, the week (from..to), and each day of the week, oldest first. */
export const homeKindFigures = z.object({
  today: z.array(transactionStatusTotal),
  week: z.array(transactionStatusTotal),
  daily: z.array(homeDay),
});
export type HomeKindFigures = z.infer<typeof homeKindFigures>;

/** Notifications created in a period and how many of them were delivered. */
export const homeDelivery = z.object({ total: z.number(), delivered: z.number() });
export type HomeDelivery = z.infer<typeof homeDelivery>;

export const homeFigures = z.object({
  /** Business days: today, and the first day of the week (today - 6). */
  today: z.string(),
  weekFrom: z.string(),
  va: homeKindFigures.nullable(),
  qris: homeKindFigures.nullable(),
  notifications: z.object({ today: homeDelivery, week: homeDelivery }).nullable(),
  /**
   * Rows in each screen's work queue ("Perlu tindakan", `queue=attention`, no date range): the
   * total its list shows. null where the user may not read that screen.
   */
  workQueues: z.object({
    va: z.number().nullable(),
    qris: z.number().nullable(),
    notifications: z.number().nullable(),
  }),
});
export type HomeFigures = z.infer<typeof homeFigures>;
