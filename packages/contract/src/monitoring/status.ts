/**
 * Transaction and notification statuses (spec §3, §4) by name (which action a status allows:
 * transaction-actions.ts). The codes are the stored values; nothing outside this file spells them.
 */

/** trctStatus values. */
export const TRX_STATUS = { UNPAID: '03', PAID: '00', EXPIRED: '05' } as const;
export type TransactionStatus = (typeof TRX_STATUS)[keyof typeof TRX_STATUS];

/** Word and chip colour of each status (spec §4), in the order the filter lists them. */
export const TRANSACTION_STATUS: Readonly<
  Record<TransactionStatus, { label: string; color: 'warning' | 'success' | 'error' }>
> = {
  [TRX_STATUS.UNPAID]: { label: 'Belum Lunas', color: 'warning' },
  [TRX_STATUS.PAID]: { label: 'Lunas', color: 'success' },
  [TRX_STATUS.EXPIRED]: { label: 'Kadaluarsa', color: 'error' },
};
export const TRANSACTION_STATUSES = Object.keys(TRANSACTION_STATUS) as TransactionStatus[];

export function isTransactionStatus(value: unknown): value is TransactionStatus {
  return typeof value === 'string' && (TRANSACTION_STATUSES as readonly string[]).includes(value);
}

export function transactionStatusLabel(status: string | null | undefined): string {
  return isTransactionStatus(status) ? TRANSACTION_STATUS[status].label : '';
}

/** notiStatus values: pending (waiting for, or retrying, delivery) and delivered. */
export const NOTI_STATUS = { PENDING: 1, DELIVERED: 2 } as const;
export type NotificationStatus = (typeof NOTI_STATUS)[keyof typeof NOTI_STATUS];

export const NOTIFICATION_STATUS: Readonly<Record<NotificationStatus, string>> = {
  [NOTI_STATUS.PENDING]: 'Pending',
  [NOTI_STATUS.DELIVERED]: 'Sukses',
};

export function notificationStatusLabel(status: number | null | undefined): string {
  return status === NOTI_STATUS.PENDING || status === NOTI_STATUS.DELIVERED
    ? NOTIFICATION_STATUS[status]
    : '';
}
