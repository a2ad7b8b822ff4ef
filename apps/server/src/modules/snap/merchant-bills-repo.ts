/** SQL of the bills merchants opened over SNAP (merchant_bills): the answer first given, and the bill as it stands now. */
import type { DbOrTx } from '../../db/tables.ts';
import type { SnapAnswer } from './answers.ts';

export interface MerchantBillKey {
  clntid: number;
  /** trxId (create-va) or partnerReferenceNo (qr-mpm-generate). */
  requestId: string;
}

/** What was asked first with this id, and what we answered. */
export async function firstRequest(
  db: DbOrTx,
  key: MerchantBillKey,
): Promise<{ service: string; requestHash: string; answer: SnapAnswer } | undefined> {
  const row = await db
    .selectFrom('merchant_bills')
    .select(['mbilService', 'mbilRequestHash', 'mbilHttpStatus', 'mbilResponse'])
    .where('mbilClntId', '=', key.clntid)
    .where('mbilRequestId', '=', key.requestId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    service: row.mbilService,
    requestHash: row.mbilRequestHash,
    answer: {
      httpStatus: row.mbilHttpStatus,
      body: JSON.parse(row.mbilResponse) as SnapAnswer['body'],
    },
  };
}

export async function insertMerchantBill(
  db: DbOrTx,
  key: MerchantBillKey,
  row: { service: string; requestHash: string; trctId: number; answer: SnapAnswer; nowIso: string },
): Promise<void> {
  await db
    .insertInto('merchant_bills')
    .values({
      mbilClntId: key.clntid,
      mbilRequestId: key.requestId,
      mbilService: row.service,
      mbilRequestHash: row.requestHash,
      mbilTrctId: row.trctId,
      mbilHttpStatus: row.answer.httpStatus,
      mbilResponse: JSON.stringify(row.answer.body),
      mbilCancelledAt: null,
      mbilCreatedAt: row.nowIso,
    })
    .execute();
}

const BILL_COLUMNS = [
  'm.mbilId',
  'm.mbilService',
  'm.mbilRequestId',
  'm.mbilCancelledAt',
  't.trctId',
  't.trctCompId',
  't.trctOrderId',
  't.trctStatus',
  't.trctBank',
  't.trctTotalAmount',
  't.trctTotalAmountPaid',
  't.trctLunasTime',
  't.trctCreatedTime',
  'v.trvaPartnerServiceId',
  'v.trvaCustomerNo',
  'v.trvaVirtualAccountName',
  'v.trvaExpiredDate',
  'q.trqrReferenceNo',
  'q.trqrExpiredDate',
] as const;

function bills(db: DbOrTx, clntid: number) {
  return db
    .selectFrom('merchant_bills as m')
    .innerJoin('transactions as t', 't.trctId', 'm.mbilTrctId')
    .leftJoin('transaction_va as v', 'v.trvaTrctId', 't.trctId')
    .leftJoin('transaction_qr as q', 'q.trqrTrctId', 't.trctId')
    .select(BILL_COLUMNS)
    .where('m.mbilClntId', '=', clntid);
}

/** The client's bill its own id names, as it stands now; undefined for another client's. */
export function billByRequestId(db: DbOrTx, key: MerchantBillKey) {
  return bills(db, key.clntid).where('m.mbilRequestId', '=', key.requestId).executeTakeFirst();
}

/** The client's QRIS bill with this reference of ours. */
export function qrisBillByReference(db: DbOrTx, clntid: number, referenceNo: string) {
  return bills(db, clntid).where('q.trqrReferenceNo', '=', referenceNo).executeTakeFirst();
}

export type MerchantBillRow = NonNullable<Awaited<ReturnType<typeof billByRequestId>>>;

export async function markRequestCancelled(
  db: DbOrTx,
  mbilId: number,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('merchant_bills')
    .set({ mbilCancelledAt: nowIso })
    .where('mbilId', '=', mbilId)
    .execute();
}
