/**
 * The wire shapes of the transaction lists (spec §3, §7): rows, totals and the answers of
 * Inquiry and Notif. The screens' descriptions (TRANSACTION_KINDS) are plain data in
 * transaction-kinds.ts.
 */
import { z } from 'zod';
import { MAX_BIG_ID } from '../field-limits.ts';
import { pathId } from '../ids.ts';

/** `/{trctId}` of a transaction's detail, Inquiry and Notif (a bigint column). */
export const transactionIdParams = z.strictObject({ trctId: pathId(MAX_BIG_ID) });

/** `/export.{format}` of a transaction list other than export.csv and export.xlsx (answered 400). */
export const exportFormatParams = z.strictObject({ format: z.string().max(20) });

/** A row's notification: `{ notiStatus }`, or [] when it has none (spec §3). */
export const notificationRef = z.union([z.object({ notiStatus: z.number() }), z.array(z.never())]);

const money = z.number().nullable();
const instant = z.string().nullable();

export const transactionVaRow = z.object({
  trctId: z.number(),
  trctOrderId: z.string(),
  trctVirtualAccountNo: z.string().nullable(),
  trctVirtualAccountName: z.string().nullable(),
  trctBank: z.string().nullable(),
  trctTotalAmount: money,
  trctTotalAmountPaid: money,
  trctCreatedTime: z.string(),
  trvaExpiredDate: instant,
  trctLunasTime: instant,
  trctStatus: z.string(),
  trvaVirtualAccountNo: z.string().nullable(),
  trvaVirtualAccountName: z.string().nullable(),
  notification: notificationRef,
});
export type TransactionVaRow = z.infer<typeof transactionVaRow>;

export const transactionQrRow = z.object({
  no: z.number(),
  trctId: z.number(),
  trctOrderId: z.string(),
  trctQrName: z.string().nullable(),
  trctQrBank: z.string().nullable(),
  trqrReferenceNo: z.string().nullable(),
  trctTotalAmount: money,
  trctTotalAmountPaid: money,
  trctBank: z.string().nullable(),
  trctCreatedTime: z.string(),
  trqrCreatedTime: instant,
  trctStatus: z.string(),
  notification: notificationRef,
});
export type TransactionQrRow = z.infer<typeof transactionQrRow>;

/**
 * One status's share of a filtered set: its rows and their amount (rupiah; the paid
 * amount where there is one, else the bill's total).
 */
export const transactionStatusTotal = z.object({
  status: z.string(),
  count: z.number(),
  amount: z.number(),
});
export type TransactionStatusTotal = z.infer<typeof transactionStatusTotal>;

/**
 * data.total of a transaction list: paid transactions of the whole filtered set (spec), and
 * `by_status`: every status of TRANSACTION_STATUSES, in that order, with its count and amount.
 * Not counted (the list's pagination says `totalCapped`: more rows matched than the server
 * counts): null, null and an empty `by_status`.
 */
export const transactionTotals = z.object({
  nominal_lunas: z.number().nullable(),
  count_lunas: z.number().nullable(),
  by_status: z.array(transactionStatusTotal),
});
export type TransactionTotals = z.infer<typeof transactionTotals>;

/**
 * What a transaction list's `data` has beside the page: `total`, and `searchedAllDates` (true when
 * the search text was exactly an order id, VA number or reference: the rows are of every date, the
 * range asked for was set aside; absent otherwise).
 */
export const transactionListExtras = {
  total: transactionTotals,
  searchedAllDates: z.literal(true).optional(),
};

/** POST inquiry_status answer (data); status.message says what happened. */
export const inquiryResult = z.object({
  trctId: z.number(),
  trctStatus: z.string(),
  paid: z.boolean(),
  bankResponseCode: z.string().nullable(),
  notification: z
    .object({ notiId: z.number(), notiStatus: z.number(), delivered: z.boolean() })
    .nullable(),
});
export type InquiryResult = z.infer<typeof inquiryResult>;

/** POST send_notification answer (data) of a resend: responseCode 200, or 400 on failure (spec §7). */
export const resendResult = z.object({
  responseCode: z.number(),
  responseMessage: z.string(),
  notiId: z.number().optional(),
  notiStatus: z.number().optional(),
});
export type ResendResult = z.infer<typeof resendResult>;
