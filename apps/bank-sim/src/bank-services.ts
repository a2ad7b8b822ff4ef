/** The two SNAP services the simulator offers: VA inquiry status (26) and QRIS MPM query (51). */
import { randomUUID } from 'node:crypto';
import { SNAP_PAYMENT_STATUS, SNAP_VA_FLAG, type SnapPaymentStatus } from '@tagih/contract';
import { outcomeOf } from '@tagih/contract/demo-bank';
import { jakartaTimestamp } from './snap-verify.ts';

export interface ServiceAnswer {
  status: number;
  body: Record<string, unknown>;
  /** Answer only after this many milliseconds. */
  delayMs?: number;
}

export interface ServiceContext {
  slowMs: number;
  /** The amount ('150000.00') of the bill any of `keys` names, when the simulator was told it (setAmount) or can look it up (billAmount). */
  amountOf(keys: readonly string[]): Promise<string | undefined>;
  /** The bank's clock: a paid answer's time. */
  now(): Date;
  /** When a statement already booked the payment of the bill any of `keys` names (statements/): a paid answer's time. */
  bookedAt?(keys: readonly string[]): string | undefined;
}

const error = (status: number, responseCode: string, responseMessage: string): ServiceAnswer => ({
  status,
  body: { responseCode, responseMessage },
});
const idr = (value: string | undefined) =>
  value === undefined ? undefined : { value, currency: 'IDR' };

export async function vaInquiryStatus(
  body: Record<string, unknown>,
  ctx: ServiceContext,
): Promise<ServiceAnswer> {
  for (const field of ['partnerServiceId', 'customerNo', 'virtualAccountNo']) {
    if (typeof body[field] !== 'string' || body[field] === '')
      return error(400, '4002602', `Invalid Mandatory Field ${field}`);
  }
  const partnerServiceId = body.partnerServiceId as string;
  const customerNo = body.customerNo as string;
  const virtualAccountNo = body.virtualAccountNo as string;
  if (
    partnerServiceId.length !== 8 ||
    customerNo.length > 20 ||
    virtualAccountNo !== `${partnerServiceId}${customerNo}`
  ) {
    return error(400, '4002601', 'Invalid Field Format virtualAccountNo');
  }
  const outcome = outcomeOf(customerNo);
  if (outcome === 'not-found') return error(404, '4042601', 'Transaction Not Found');
  if (outcome === 'bank-error') return error(500, '5002600', 'General Error');
  const paid = outcome === 'paid';
  const amount = idr(await ctx.amountOf([virtualAccountNo.trim(), customerNo]));
  return {
    status: 200,
    delayMs: outcome === 'slow' ? ctx.slowMs : 0,
    body: {
      responseCode: '2002600',
      responseMessage: 'Successful',
      virtualAccountData: {
        paymentFlagReason: paid
          ? { english: 'Success', indonesia: 'Sukses' }
          : { english: 'Bill not paid', indonesia: 'Tagihan belum dibayar' },
        partnerServiceId,
        customerNo,
        virtualAccountNo,
        inquiryRequestId: body.inquiryRequestId ?? null,
        ...(paid && amount ? { paidAmount: amount, totalAmount: amount } : {}),
        ...(paid
          ? {
              trxDateTime: jakartaTimestamp(
                new Date(ctx.bookedAt?.([virtualAccountNo.trim()]) ?? ctx.now()),
              ),
              referenceNo: randomUUID().slice(0, 12),
            }
          : {}),
        paymentFlagStatus: paid ? SNAP_VA_FLAG.PAID : SNAP_VA_FLAG.UNPAID,
      },
    },
  };
}

const S = SNAP_PAYMENT_STATUS;
const QR_STATUS: Record<string, SnapPaymentStatus> = {
  paid: S.SUCCESS,
  unpaid: S.PENDING,
  slow: S.PENDING,
  canceled: S.CANCELED,
  failed: S.FAILED,
  'not-found': S.NOT_FOUND,
};
/** This bank's words for the statuses it reports. */
const QR_STATUS_DESC: Partial<Record<SnapPaymentStatus, string>> = {
  [S.SUCCESS]: 'Success',
  [S.PENDING]: 'Pending',
  [S.CANCELED]: 'Cancelled',
  [S.FAILED]: 'Failed',
  [S.NOT_FOUND]: 'Not Found',
};

export async function qrisQuery(
  body: Record<string, unknown>,
  ctx: ServiceContext,
): Promise<ServiceAnswer> {
  const orderId = body.originalPartnerReferenceNo;
  if (typeof orderId !== 'string' || orderId === '')
    return error(400, '4005102', 'Invalid Mandatory Field originalPartnerReferenceNo');
  if (body.serviceCode !== '47') return error(400, '4005101', 'Invalid Field Format serviceCode');
  const outcome = outcomeOf(orderId);
  if (outcome === 'bank-error') return error(500, '5005100', 'General Error');
  const status = QR_STATUS[outcome]!;
  const amount = idr(await ctx.amountOf([orderId]));
  return {
    status: 200,
    delayMs: outcome === 'slow' ? ctx.slowMs : 0,
    body: {
      responseCode: '2005100',
      responseMessage: 'Successful',
      originalReferenceNo: body.originalReferenceNo ?? null,
      originalPartnerReferenceNo: orderId,
      serviceCode: '47',
      latestTransactionStatus: status,
      transactionStatusDesc: QR_STATUS_DESC[status],
      ...(status === S.SUCCESS
        ? { paidTime: jakartaTimestamp(ctx.now()), ...(amount ? { amount } : {}) }
        : {}),
    },
  };
}
