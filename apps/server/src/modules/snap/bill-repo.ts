/** SQL: the bill a bank names, found by its VA customer number or its QRIS reference (indexes of migration 0022). */
import type { DbOrTx } from '../../db/tables.ts';

const COMMON = [
  't.trctId',
  't.trctCompId',
  't.trctOrderId',
  't.trctStatus',
  't.trctBank',
  't.trctQrBank',
  't.trctTotalAmount',
  't.trctCreatedTime',
] as const;

/** Every VA bill with this customer number (any bank, any partner service id: the caller picks). */
export function vaBillsByCustomerNo(db: DbOrTx, customerNo: string) {
  return db
    .selectFrom('transaction_va as v')
    .innerJoin('transactions as t', 't.trctId', 'v.trvaTrctId')
    .where('v.trvaCustomerNo', '=', customerNo)
    .where('t.trctType', '=', 'VA')
    .select([
      ...COMMON,
      't.trctVirtualAccountName',
      'v.trvaPartnerServiceId',
      'v.trvaCustomerNo',
      'v.trvaVirtualAccountName',
      'v.trvaExpiredDate',
    ])
    .orderBy('t.trctId', 'desc')
    .execute();
}

export type VaBillRow = Awaited<ReturnType<typeof vaBillsByCustomerNo>>[number];

/** Every QRIS bill with this reference number. */
export function qrisBillsByReference(db: DbOrTx, referenceNo: string) {
  return db
    .selectFrom('transaction_qr as q')
    .innerJoin('transactions as t', 't.trctId', 'q.trqrTrctId')
    .where('q.trqrReferenceNo', '=', referenceNo)
    .where('t.trctType', '=', 'QRIS')
    .select([...COMMON, 'q.trqrReferenceNo', 'q.trqrTotalAmount', 'q.trqrExpiredDate'])
    .orderBy('t.trctId', 'desc')
    .execute();
}

export type QrisBillRow = Awaited<ReturnType<typeof qrisBillsByReference>>[number];

/** A bill's status now (read in the booking's transaction, after its row lock). */
export async function statusOf(db: DbOrTx, trctId: number): Promise<string | undefined> {
  return (
    await db
      .selectFrom('transactions')
      .select('trctStatus')
      .where('trctId', '=', trctId)
      .executeTakeFirst()
  )?.trctStatus;
}
