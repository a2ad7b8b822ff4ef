/**
 * SQL of one transaction's detail view: the transaction with its VA/QRIS detail and notification,
 * its inquiry log and the audit events that target it (delivery attempts: the notifications module).
 */
import type { DbOrTx } from '../../../db/tables.ts';
import type { ServerKind } from '../kinds.ts';
import { oneOfCompany } from '../repo.ts';

/** The company's transaction of this kind, every column; undefined for another company's or kind's id. */
export function findDetail(db: DbOrTx, kind: ServerKind, compId: number, trctId: number) {
  return oneOfCompany(db, kind, compId, trctId)
    .leftJoin('notifications as n', 'n.notiTrctId', 't.trctId')
    .select([
      't.trctId',
      't.trctType',
      't.trctOrderId',
      't.trctStatus',
      't.trctBank',
      't.trctVirtualAccountNo',
      't.trctVirtualAccountName',
      't.trctQrName',
      't.trctQrBank',
      't.trctTotalAmount',
      't.trctTotalAmountPaid',
      't.trctCreatedTime',
      't.trctLunasTime',
      't.trctUpdatedTime',
      'v.trvaId',
      'v.trvaPartnerServiceId',
      'v.trvaCustomerNo',
      'v.trvaVirtualAccountNo',
      'v.trvaVirtualAccountName',
      'v.trvaExpiredDate',
      'q.trqrId',
      'q.trqrReferenceNo',
      'q.trqrMerchantId',
      'q.trqrTotalAmount',
      'q.trqrCreatedTime',
      'q.trqrExpiredDate',
      'n.notiId',
      'n.notiStatus',
      'n.notiAttempts',
      'n.notiCreatedTime',
      'n.notiUpdatedTime',
      'n.notiNextAttemptAt',
    ])
    .executeTakeFirst();
}

export type DetailRow = NonNullable<Awaited<ReturnType<typeof findDetail>>>;

export function inquiryAttempts(db: DbOrTx, trctId: number) {
  return db
    .selectFrom('inquiry_attempts')
    .selectAll()
    .where('inatTrctId', '=', trctId)
    .orderBy('inatId')
    .execute();
}

/** Audit events whose target is the transaction (Inquiry, Notif), oldest first. */
export function auditEventsOf(db: DbOrTx, trctId: number) {
  return db
    .selectFrom('audit_events')
    .select(['audtId', 'audtAt', 'audtActorUsername', 'audtAction', 'audtOutcome', 'audtDetails'])
    .where('audtTargetType', '=', 'transaction')
    .where('audtTargetId', '=', String(trctId))
    .orderBy('audtId')
    .execute();
}

/** The bank statement line the transaction was matched to (reconciliation), with a break about either, if any. */
export function matchedLine(db: DbOrTx, trctId: number) {
  return db
    .selectFrom('recon_matches as m')
    .innerJoin('recon_lines as l', 'l.stlnId', 'm.rmatLineId')
    .innerJoin('bank_accounts as a', 'a.baccId', 'l.stlnBaccId')
    .select((eb) => [
      'm.rmatCreatedTime',
      'm.rmatRule',
      'l.stlnId',
      'l.stlnStmtId',
      'l.stlnDay',
      'l.stlnAmountMinor',
      'l.stlnReference',
      'l.stlnNarrative',
      'a.baccBank',
      'a.baccAccountNo',
      eb
        .selectFrom('recon_breaks as b')
        .select((inner) => inner.fn.max('b.rbrkId').as('rbrkId'))
        .where((w) =>
          w.or([w('b.rbrkLineId', '=', w.ref('l.stlnId')), w('b.rbrkTrctId', '=', trctId)]),
        )
        .as('rbrkId'),
    ])
    .where('m.rmatTrctId', '=', trctId)
    .executeTakeFirst();
}
