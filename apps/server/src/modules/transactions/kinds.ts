/**
 * VA and QRIS differ only in their detail table and a few fallbacks (spec §3); everything
 * else in this module is shared. Each kind's rows are a derived table whose column names
 * are the API field names, so filters, order and CSV work on the fields as the user sees them.
 */
import type { Kysely } from 'kysely';
import { TRANSACTION_KINDS, transactionQrRow, transactionVaRow, type TransactionKindDef } from '@tagih/contract';
import type { Database } from '../../db/tables.ts';
import type { UtcRange } from '../../http/date-range-query.ts';

export interface ServerKind extends TransactionKindDef {
  /** The list's row schema (response serialisation and OpenAPI). */
  rowSchema: typeof transactionVaRow | typeof transactionQrRow;
  /** The company's transactions of this kind as a derived table (plus notiStatus and lunasAmount). */
  rows(db: Kysely<Database>, compId: number, range: UtcRange): ReturnType<typeof vaRows> | ReturnType<typeof qrRows>;
}

function scoped(db: Kysely<Database>, type: string, compId: number, range: UtcRange) {
  let q = db
    .selectFrom('transactions as t')
    .leftJoin('notifications as n', 'n.notiTrctId', 't.trctId')
    .where('t.trctCompId', '=', compId)
    .where('t.trctType', '=', type);
  if (range.start) q = q.where('t.trctCreatedTime', '>=', range.start);
  if (range.end) q = q.where('t.trctCreatedTime', '<', range.end);
  return q;
}

function vaRows(db: Kysely<Database>, compId: number, range: UtcRange) {
  return scoped(db, 'VA', compId, range)
    .leftJoin('transaction_va as v', 'v.trvaTrctId', 't.trctId')
    .select((eb) => [
      't.trctId',
      't.trctOrderId',
      eb.fn.coalesce('t.trctVirtualAccountNo', 'v.trvaVirtualAccountNo').as('trctVirtualAccountNo'),
      eb.fn.coalesce('t.trctVirtualAccountName', 'v.trvaVirtualAccountName').as('trctVirtualAccountName'),
      't.trctBank',
      't.trctTotalAmount',
      't.trctTotalAmountPaid',
      't.trctCreatedTime',
      'v.trvaExpiredDate',
      't.trctLunasTime',
      't.trctStatus',
      'v.trvaVirtualAccountNo',
      'v.trvaVirtualAccountName',
      'n.notiStatus',
      eb.fn.coalesce('t.trctTotalAmountPaid', 't.trctTotalAmount').as('lunasAmount'),
    ]);
}

function qrRows(db: Kysely<Database>, compId: number, range: UtcRange) {
  return scoped(db, 'QRIS', compId, range)
    .leftJoin('transaction_qr as q', 'q.trqrTrctId', 't.trctId')
    .select((eb) => [
      't.trctId',
      't.trctOrderId',
      't.trctQrName',
      eb.fn.coalesce('t.trctBank', 't.trctQrBank').as('trctBank'),
      'q.trqrReferenceNo',
      eb.fn.coalesce('t.trctTotalAmount', 'q.trqrTotalAmount').as('trctTotalAmount'),
      't.trctTotalAmountPaid',
      't.trctCreatedTime',
      't.trctStatus',
      't.trctQrBank',
      'q.trqrCreatedTime',
      'n.notiStatus',
      eb.fn.coalesce('t.trctTotalAmountPaid', 't.trctTotalAmount', 'q.trqrTotalAmount').as('lunasAmount'),
    ]);
}

export const SERVER_KINDS: readonly ServerKind[] = [
  { ...TRANSACTION_KINDS.va, rowSchema: transactionVaRow, rows: vaRows },
  { ...TRANSACTION_KINDS.qris, rowSchema: transactionQrRow, rows: qrRows },
];
