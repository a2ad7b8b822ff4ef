/**
 * SQL of one transaction, shared by the rooms: a probe's owner, the transaction with its detail
 * (the detail page, Inquiry and Notif). Its changes are the ledger's (modules/ledger); the lists'
 * SQL is in list/list-repo.ts.
 */
import type { DbOrTx } from '../../db/tables.ts';
import type { ServerKind } from './kinds.ts';

/** A transaction id as a probe names it: its company, whoever asks (a probe for another company's id is recorded). */
export function probedTransaction(db: DbOrTx, trctId: number) {
  return {
    type: 'transaction',
    id: trctId,
    ownerCompId: async () =>
      (
        await db
          .selectFrom('transactions')
          .select('trctCompId')
          .where('trctId', '=', trctId)
          .executeTakeFirst()
      )?.trctCompId,
  };
}

/** One transaction of the company and kind (`t`) with its VA (`v`) or QRIS (`q`) details joined; the caller selects. */
export function oneOfCompany(db: DbOrTx, kind: ServerKind, compId: number, trctId: number) {
  return db
    .selectFrom('transactions as t')
    .leftJoin('transaction_va as v', 'v.trvaTrctId', 't.trctId')
    .leftJoin('transaction_qr as q', 'q.trqrTrctId', 't.trctId')
    .where('t.trctId', '=', trctId)
    .where('t.trctCompId', '=', compId)
    .where('t.trctType', '=', kind.type);
}

/** A transaction of the company and kind, with what Inquiry and Notif need. */
export function findForAction(db: DbOrTx, kind: ServerKind, compId: number, trctId: number) {
  return oneOfCompany(db, kind, compId, trctId)
    .select([
      't.trctId',
      't.trctCompId',
      't.trctOrderId',
      't.trctStatus',
      't.trctBank',
      't.trctQrBank',
      't.trctTotalAmount',
      't.trctCreatedTime',
      'v.trvaPartnerServiceId',
      'v.trvaCustomerNo',
      'q.trqrReferenceNo',
      'q.trqrMerchantId',
      'q.trqrExpiredDate',
      'q.trqrTotalAmount',
    ])
    .executeTakeFirst();
}

export type ActionRow = NonNullable<Awaited<ReturnType<typeof findForAction>>>;
