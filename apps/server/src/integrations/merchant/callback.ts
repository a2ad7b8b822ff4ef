/** The merchant callback: its JSON body and its Stripe-style signature header. */
import { createHmac } from 'node:crypto';
import { plainMinor, TRX_STATUS } from '@tagih/contract';
import { snapTimestamp } from '../bank/snap-signature.ts';

export const SIGNATURE_HEADER = 'x-tagih-signature';

/** What a callback tells the merchant: the notification, its transaction and the detail row's fallbacks. */
export interface CallbackFacts {
  notiId: number;
  trctId: number;
  trctType: string;
  trctOrderId: string;
  trctStatus: string;
  trctBank: string | null;
  trctQrBank: string | null;
  trctVirtualAccountNo: string | null;
  trvaVirtualAccountNo: string | null;
  trqrReferenceNo: string | null;
  trctTotalAmount: number | null;
  trqrTotalAmount: number | null;
  trctTotalAmountPaid: number | null;
  trctLunasTime: string | null;
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + rawBody)>` */
export function signCallback(secret: string, rawBody: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** The signature header as history shows it: the timestamp, never the MAC. */
export const redactSignature = (header: string): string =>
  header.replace(/v1=[0-9a-f]+/i, 'v1=[redacted]');

const money = (minor: number | null) => (minor === null ? null : plainMinor(minor));

export function callbackBody(row: CallbackFacts, timeZone: string): Record<string, unknown> {
  const va = row.trctType === 'VA';
  return {
    event: row.trctStatus === TRX_STATUS.PAID ? 'payment.paid' : 'payment.status',
    orderId: row.trctOrderId,
    transactionId: row.trctId,
    channel: row.trctType,
    bank: row.trctBank ?? row.trctQrBank,
    ...(va
      ? { virtualAccountNo: row.trctVirtualAccountNo ?? row.trvaVirtualAccountNo }
      : { referenceNo: row.trqrReferenceNo }),
    amount: money(row.trctTotalAmount ?? row.trqrTotalAmount),
    paidAmount: money(row.trctTotalAmountPaid),
    status: row.trctStatus,
    paidAt: row.trctLunasTime ? snapTimestamp(new Date(row.trctLunasTime), timeZone) : null,
    notificationId: row.notiId,
  };
}
