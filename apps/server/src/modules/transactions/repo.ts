/**
 * SQL of one transaction, shared by the rooms: a probe's owner, the transaction with its detail
 * (the detail page, Inquiry and Notif), and the writes that move it from unpaid (turn-paid.ts,
 * Inquiry) and queue its notification. The lists' SQL is in list/list-repo.ts.
 */
import { NOTI_STATUS, TRX_STATUS } from '@tagih/contract';
import type { Transaction } from 'kysely';
import type { Database, DbOrTx } from '../../db/tables.ts';
import { withRollup } from '../../db/transaction-rollup.ts';
import type { ServerKind } from './kinds.ts';

/** A transaction id as a probe names it: its company, whoever asks (a probe for another company's id is recorded). */
export function probedTransaction(db: DbOrTx, trctId: number) {
  return {
    type: 'transaction',
    id: trctId,
    ownerCompId: async () => (await db.selectFrom('transactions').select('trctCompId').where('trctId', '=', trctId).executeTakeFirst())?.trctCompId,
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
      't.trctId', 't.trctCompId', 't.trctOrderId', 't.trctStatus', 't.trctBank', 't.trctQrBank', 't.trctTotalAmount', 't.trctCreatedTime',
      'v.trvaPartnerServiceId', 'v.trvaCustomerNo', 'q.trqrReferenceNo', 'q.trqrMerchantId', 'q.trqrExpiredDate', 'q.trqrTotalAmount',
    ])
    .executeTakeFirst();
}

export type ActionRow = NonNullable<Awaited<ReturnType<typeof findForAction>>>;

/** Unpaid -> paid with the paid amount and time; false when it was no longer unpaid (another request got there first). */
export async function markPaid(tx: Transaction<Database>, trctId: number, paidMinor: number, paidAt: string, nowIso: string): Promise<boolean> {
  const result = await withRollup(tx, [trctId], () =>
    tx
      .updateTable('transactions')
      .set({ trctStatus: TRX_STATUS.PAID, trctTotalAmountPaid: paidMinor, trctLunasTime: paidAt, trctUpdatedTime: nowIso })
      .where('trctId', '=', trctId)
      .where('trctStatus', '=', TRX_STATUS.UNPAID)
      .executeTakeFirst(),
  );
  return Number(result.numUpdatedRows) === 1;
}

/** Unpaid -> expired (the rollup follows in the same transaction). */
export async function markExpired(tx: Transaction<Database>, trctId: number, nowIso: string): Promise<void> {
  await withRollup(tx, [trctId], () =>
    tx.updateTable('transactions').set({ trctStatus: TRX_STATUS.EXPIRED, trctUpdatedTime: nowIso }).where('trctId', '=', trctId).where('trctStatus', '=', TRX_STATUS.UNPAID).execute(),
  );
}

/** The pending notification of a paid transaction, created when missing; returns its id. */
export async function ensureNotification(db: DbOrTx, trct: { trctId: number; trctCompId: number; trctOrderId: string }, nowIso: string): Promise<number> {
  // One round trip when it is new (RETURNING); the re-read only when one was there already.
  const inserted = await db
    .insertInto('notifications')
    .values({
      notiTrctId: trct.trctId, notiCompId: trct.trctCompId, notiOrderId: trct.trctOrderId, notiStatus: NOTI_STATUS.PENDING,
      notiCreatedTime: nowIso, notiUpdatedTime: nowIso, notiAttempts: 0, notiNextAttemptAt: nowIso, notiLockedUntil: null,
    })
    .onConflict((oc) => oc.column('notiTrctId').doNothing())
    .returning('notiId')
    .executeTakeFirst();
  if (inserted) return Number(inserted.notiId);
  const row = await db.selectFrom('notifications').select('notiId').where('notiTrctId', '=', trct.trctId).executeTakeFirstOrThrow();
  return row.notiId;
}
