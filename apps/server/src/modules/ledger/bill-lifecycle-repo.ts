/**
 * SQL of a bill's life outside the bank's answers: a new one entering (a merchant opened it) and an
 * unpaid one cancelled. Status changes keep the rollup through withRollup; an insert through addToRollup.
 */
import { TRX_STATUS } from '@tagih/contract';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { addToRollup, withRollup } from '../../db/transaction-rollup.ts';

/** A closed VA bill or a dynamic QRIS, unpaid, as a merchant opens it. */
export interface NewBill {
  compId: number;
  clntId: number;
  orderId: string;
  /** trctBank (and, for QRIS, trctQrBank): the bank that will report its payment. */
  bank: string;
  totalMinor: number;
  createdIso: string;
  expiresIso: string;
  detail:
    | { type: 'VA'; partnerServiceId: string; customerNo: string; name: string }
    | { type: 'QRIS'; referenceNo: string; merchantId: string };
}

/** The new transaction's id. Throws the database's unique violation when the client already has the order id. */
export async function insertBill(tx: Transaction<Database>, bill: NewBill): Promise<number> {
  const d = bill.detail;
  const vaNo = d.type === 'VA' ? `${d.partnerServiceId.trim()}${d.customerNo}` : null;
  const { trctId } = await tx
    .insertInto('transactions')
    .values({
      trctType: d.type,
      trctCompId: bill.compId,
      trctClntId: bill.clntId,
      trctOrderId: bill.orderId,
      trctBank: bill.bank,
      trctVirtualAccountNo: vaNo,
      trctVirtualAccountName: d.type === 'VA' ? d.name : null,
      trctQrName: null,
      trctQrBank: d.type === 'QRIS' ? bill.bank : null,
      trctTotalAmount: bill.totalMinor,
      trctTotalAmountPaid: null,
      trctStatus: TRX_STATUS.UNPAID,
      trctCreatedTime: bill.createdIso,
      trctLunasTime: null,
      trctUpdatedTime: bill.createdIso,
    })
    .returning('trctId')
    .executeTakeFirstOrThrow();
  if (d.type === 'VA') {
    await tx
      .insertInto('transaction_va')
      .values({
        trvaTrctId: trctId,
        trvaPartnerServiceId: d.partnerServiceId,
        trvaCustomerNo: d.customerNo,
        trvaVirtualAccountNo: vaNo!,
        trvaVirtualAccountName: d.name,
        trvaExpiredDate: bill.expiresIso,
      })
      .execute();
  } else {
    await tx
      .insertInto('transaction_qr')
      .values({
        trqrTrctId: trctId,
        trqrReferenceNo: d.referenceNo,
        trqrMerchantId: d.merchantId,
        trqrTotalAmount: bill.totalMinor,
        trqrCreatedTime: bill.createdIso,
        trqrExpiredDate: bill.expiresIso,
      })
      .execute();
  }
  await addToRollup(tx, [trctId]);
  return trctId;
}

/** Unpaid -> expired (Kadaluarsa) now, its expiry moved to now (the rollup follows); false when it was no longer unpaid. */
export async function markCancelled(
  tx: Transaction<Database>,
  trctId: number,
  nowIso: string,
): Promise<boolean> {
  const result = await withRollup(tx, [trctId], () =>
    tx
      .updateTable('transactions')
      .set({ trctStatus: TRX_STATUS.EXPIRED, trctUpdatedTime: nowIso })
      .where('trctId', '=', trctId)
      .where('trctStatus', '=', TRX_STATUS.UNPAID)
      .executeTakeFirst(),
  );
  if (Number(result.numUpdatedRows) !== 1) return false;
  await tx
    .updateTable('transaction_va')
    .set({ trvaExpiredDate: nowIso })
    .where('trvaTrctId', '=', trctId)
    .execute();
  await tx
    .updateTable('transaction_qr')
    .set({ trqrExpiredDate: nowIso })
    .where('trqrTrctId', '=', trctId)
    .execute();
  return true;
}
