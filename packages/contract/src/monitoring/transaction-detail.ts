/**
 * One transaction's whole story: every field of the transaction and its VA or
 * QRIS detail, its notification, and one timeline in time order (GET transactionPaths(kind).detail).
 */
import { z } from 'zod';

const instant = z.string();
const maybe = z.string().nullable();
const money = z.number().nullable();

/** The transaction's own columns; amounts in rupiah (2 decimals). */
export const transactionDetailFields = z.object({
  trctId: z.number(),
  trctType: z.string(),
  trctOrderId: z.string(),
  trctStatus: z.string(),
  trctBank: maybe,
  trctVirtualAccountNo: maybe,
  trctVirtualAccountName: maybe,
  trctQrName: maybe,
  trctQrBank: maybe,
  trctTotalAmount: money,
  trctTotalAmountPaid: money,
  trctCreatedTime: instant,
  trctLunasTime: maybe,
  trctUpdatedTime: maybe,
});

export const transactionVaDetail = z.object({
  trvaPartnerServiceId: z.string(),
  trvaCustomerNo: z.string(),
  trvaVirtualAccountNo: z.string(),
  trvaVirtualAccountName: maybe,
  trvaExpiredDate: maybe,
});

export const transactionQrDetail = z.object({
  trqrReferenceNo: maybe,
  trqrMerchantId: maybe,
  trqrTotalAmount: money,
  trqrCreatedTime: maybe,
  trqrExpiredDate: maybe,
});

export const transactionNotificationDetail = z.object({
  notiId: z.number(),
  notiStatus: z.number(),
  notiAttempts: z.number(),
  notiCreatedTime: instant,
  notiUpdatedTime: maybe,
  notiNextAttemptAt: maybe,
});

/** What the bank answered an inquiry: paid, not paid, a "paid" not believed (refused: payment-evidence rule), or no usable answer (error). */
export const INQUIRY_ATTEMPT_OUTCOMES = ['paid', 'unpaid', 'refused', 'error'] as const;
export type InquiryAttemptOutcome = (typeof INQUIRY_ATTEMPT_OUTCOMES)[number];

const json = z.record(z.string(), z.unknown());

/** The transaction was created (trctCreatedTime). */
const createdEntry = z.object({ type: z.literal('created'), at: instant });
/** Its status became Lunas (the bank's paid time) or Kadaluarsa (its expiry, else its last update). */
const statusEntry = z.object({ type: z.literal('status'), at: instant, status: z.string() });
/** One bank inquiry: what was asked (no secrets) and what the bank answered, with its latency. */
const inquiryEntry = z.object({
  type: z.literal('inquiry'),
  at: instant,
  id: z.number(),
  bank: z.string(),
  actor: maybe,
  request: json,
  outcome: z.enum(INQUIRY_ATTEMPT_OUTCOMES),
  responseCode: maybe,
  /** The bank's reason (unpaid), its status word, why its "paid" was refused, or the error. */
  message: maybe,
  /** Our answer's HTTP status when the bank gave no usable answer (502, 503, 504) or one we refused (502). */
  httpStatus: z.number().nullable(),
  latencyMs: z.number(),
});
/** One delivery attempt to the merchant (a notification_history row). */
const notificationEntry = z.object({
  type: z.literal('notification'),
  at: instant,
  id: z.number(),
  notiId: z.number(),
  request: maybe,
  response: maybe,
  /** The merchant's HTTP status; null when it was not reached. */
  httpStatus: z.number().nullable(),
  latencyMs: z.number().nullable(),
  delivered: z.boolean(),
});
/** An operator's action on it from the audit trail (Inquiry, Notif). */
const operatorEntry = z.object({
  type: z.literal('operator'),
  at: instant,
  id: z.number(),
  action: z.string(),
  actor: maybe,
  outcome: z.string(),
  details: json,
});

/**
 * The bank statement line it was matched to (reconciliation), at the time of the match; shown to
 * users who may read reconciliation. `rbrkId`: a break about the line or the transaction, if any.
 */
const statementEntry = z.object({
  type: z.literal('statement'),
  at: instant,
  id: z.number(),
  stmtId: z.number(),
  rbrkId: z.number().nullable(),
  rule: z.string(),
  bank: z.string(),
  accountNo: z.string(),
  day: z.string(),
  amount: z.number(),
  reference: maybe,
  narrative: z.string(),
});

export const timelineEntry = z.discriminatedUnion('type', [
  createdEntry,
  statusEntry,
  inquiryEntry,
  notificationEntry,
  operatorEntry,
  statementEntry,
]);
export type TimelineEntry = z.infer<typeof timelineEntry>;
export type TimelineEntryType = TimelineEntry['type'];

export const transactionDetail = z.object({
  transaction: transactionDetailFields,
  va: transactionVaDetail.nullable(),
  qr: transactionQrDetail.nullable(),
  notification: transactionNotificationDetail.nullable(),
  timeline: z.array(timelineEntry),
});
export type TransactionDetail = z.infer<typeof transactionDetail>;
