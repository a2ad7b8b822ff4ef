/**
 * The one way a bill a merchant opens enters, the one way an unpaid bill is cancelled, and the one
 * way a single bill expires (an Inquiry that finds a QRIS gone), in the caller's ledger transaction
 * (book.ts: the rollup follows, the hooks run; the caller audits and answers). Paying is
 * turn-paid.ts; the expiry of bills past their date is expire-bills.ts.
 */
import type { DbOrTx } from '../../db/tables.ts';
import type { BillRef, ChangeLog } from './book.ts';
import { insertBill, markCancelled, type NewBill } from './bill-lifecycle-repo.ts';
import { ensureNotification, markExpired } from './status-repo.ts';

export type { NewBill };

/** The new transaction's id; throws the database's unique violation when the client already used the order id. */
export async function openBill(log: ChangeLog, bill: NewBill): Promise<number> {
  const trctId = await insertBill(log.tx, bill);
  await log.changed(
    'opened',
    { trctId, trctCompId: bill.compId, trctOrderId: bill.orderId, kind: bill.detail.type },
    bill.createdIso,
  );
  return trctId;
}

/** Unpaid -> Kadaluarsa now (no longer payable); false when it was not unpaid (paid meanwhile). Takes the bill's row lock first, as turnPaid does. */
export async function cancelBill(log: ChangeLog, bill: BillRef, nowIso: string): Promise<boolean> {
  if (!(await markCancelled(log.tx, bill.trctId, nowIso))) return false;
  await log.changed('cancelled', bill, nowIso);
  return true;
}

/** Unpaid -> Kadaluarsa now; false when it was no longer unpaid. */
export async function expireBill(log: ChangeLog, bill: BillRef, nowIso: string): Promise<boolean> {
  if (!(await markExpired(log.tx, bill.trctId, nowIso))) return false;
  await log.changed('expired', bill, nowIso);
  return true;
}

/** The pending notification of a paid bill, created when missing (a Notif for a bill paid before notifications were kept); its id. */
export const queueNotification = (
  db: DbOrTx,
  bill: { trctId: number; trctCompId: number; trctOrderId: string },
  nowIso: string,
): Promise<number> => ensureNotification(db, bill, nowIso);
