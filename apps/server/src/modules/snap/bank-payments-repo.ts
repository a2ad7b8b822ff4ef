/** SQL of the payments banks pushed and we booked, each with the answer we gave (its retries get the same). */
import type { DbOrTx } from '../../db/tables.ts';
import type { SnapAnswer } from './answers.ts';

export interface BankPaymentKey {
  clientId: string;
  service: string;
  requestId: string;
}

export async function insertBankPayment(
  db: DbOrTx,
  key: BankPaymentKey,
  row: {
    bank: string;
    referenceNo: string | null;
    trctId: number;
    answer: SnapAnswer;
    nowIso: string;
  },
): Promise<void> {
  await db
    .insertInto('bank_payments')
    .values({
      bkpyClientId: key.clientId,
      bkpyService: key.service,
      bkpyRequestId: key.requestId,
      bkpyBank: row.bank,
      bkpyReferenceNo: row.referenceNo,
      bkpyTrctId: row.trctId,
      bkpyHttpStatus: row.answer.httpStatus,
      bkpyResponse: JSON.stringify(row.answer.body),
      bkpyCreatedAt: row.nowIso,
    })
    .execute();
}

/** A booked payment as its bill records it: which bill, by what names, and the amount booked. */
export interface FirstPayment {
  answer: SnapAnswer;
  trctId: number | null;
  trctCompId: number | null;
  orderId: string | null;
  paidMinor: number | null;
  partnerServiceId: string | null;
  customerNo: string | null;
  qrisReferenceNo: string | null;
}

/** The payment booked under this key, with its bill's names and paid amount (read to tell a repeat from a reuse of the id). */
export async function firstPayment(
  db: DbOrTx,
  key: BankPaymentKey,
): Promise<FirstPayment | undefined> {
  const row = await db
    .selectFrom('bank_payments as p')
    .leftJoin('transactions as t', 't.trctId', 'p.bkpyTrctId')
    .leftJoin('transaction_va as v', 'v.trvaTrctId', 'p.bkpyTrctId')
    .leftJoin('transaction_qr as q', 'q.trqrTrctId', 'p.bkpyTrctId')
    .select([
      'p.bkpyHttpStatus',
      'p.bkpyResponse',
      'p.bkpyTrctId',
      't.trctCompId',
      't.trctOrderId',
      't.trctTotalAmountPaid',
      'v.trvaPartnerServiceId',
      'v.trvaCustomerNo',
      'q.trqrReferenceNo',
    ])
    .where('p.bkpyClientId', '=', key.clientId)
    .where('p.bkpyService', '=', key.service)
    .where('p.bkpyRequestId', '=', key.requestId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    answer: {
      httpStatus: row.bkpyHttpStatus,
      body: JSON.parse(row.bkpyResponse) as SnapAnswer['body'],
    },
    trctId: row.bkpyTrctId,
    trctCompId: row.trctCompId,
    orderId: row.trctOrderId,
    paidMinor: row.trctTotalAmountPaid,
    partnerServiceId: row.trvaPartnerServiceId,
    customerNo: row.trvaCustomerNo,
    qrisReferenceNo: row.trqrReferenceNo,
  };
}
