/**
 * SNAP BI codes that both our bank client and the bank simulator speak (see docs/protocols.md):
 * the payment status a bank reports for a transaction, and the VA paid flag.
 */

/** `latestTransactionStatus` of a SNAP inquiry answer. */
export const SNAP_PAYMENT_STATUS = {
  SUCCESS: '00',
  INITIATED: '01',
  PAYING: '02',
  PENDING: '03',
  REFUNDED: '04',
  CANCELED: '05',
  FAILED: '06',
  NOT_FOUND: '07',
} as const;
export type SnapPaymentStatus = (typeof SNAP_PAYMENT_STATUS)[keyof typeof SNAP_PAYMENT_STATUS];

/** The bank's own words for each status (`transactionStatusDesc`). */
export const SNAP_PAYMENT_STATUS_WORDS: Readonly<Record<SnapPaymentStatus, string>> = {
  '00': 'success',
  '01': 'initiated',
  '02': 'paying',
  '03': 'pending',
  '04': 'refunded',
  '05': 'canceled',
  '06': 'failed',
  '07': 'not found',
};

/** `paymentFlagStatus` of a VA inquiry: paid, or not (yet). */
export const SNAP_VA_FLAG = { PAID: '00', UNPAID: '01' } as const;
