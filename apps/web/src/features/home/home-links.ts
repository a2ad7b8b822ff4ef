/**
 * Where a Home figure leads: the list it sums, filtered the same way (the lists keep their state
 * in the URL: from, to, status — monitoring/list-url.ts), so the list's totals equal the figure.
 */
import {
  NOTIFICATIONS_EPOCH,
  TRANSACTION_LIST_PATHS,
  WORK_QUEUE_ATTENTION,
  WORK_QUEUE_PARAM,
  dashboardUrl,
  type TransactionKindKey,
} from '@tagih/contract';

export interface FigurePeriod {
  from: string;
  to: string;
}

function withQuery(path: string, params: Record<string, string | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) query.set(key, value);
  return `${path}?${query.toString()}`;
}

export const transactionListLink = (
  kind: TransactionKindKey,
  period: FigurePeriod,
  status?: string,
): string =>
  withQuery(dashboardUrl(TRANSACTION_LIST_PATHS[kind]), {
    from: period.from,
    to: period.to,
    status,
  });

/** notiStatus: '2' delivered (Sukses); none: every notification of the period. */
export const notificationListLink = (period: FigurePeriod, status?: string): string =>
  withQuery(dashboardUrl('notifications'), { from: period.from, to: period.to, status });

/**
 * A work queue ("Perlu tindakan"): the list narrowed to it over every day (Home counts the queue
 * without a date range), so the list's total equals the Home figure.
 */
export const workQueueLink = (list: TransactionKindKey | 'notifications', today: string): string =>
  withQuery(
    dashboardUrl(list === 'notifications' ? 'notifications' : TRANSACTION_LIST_PATHS[list]),
    {
      from: NOTIFICATIONS_EPOCH,
      to: today,
      [WORK_QUEUE_PARAM]: WORK_QUEUE_ATTENTION,
    },
  );

/**
 * The break queue narrowed to one category's open breaks over every day (Home counts them
 * without a date range), so the queue's total equals the Home figure.
 */
export const reconQueueLink = (category: string, today: string): string =>
  withQuery(dashboardUrl('reconciliation'), { from: NOTIFICATIONS_EPOCH, to: today, category });
