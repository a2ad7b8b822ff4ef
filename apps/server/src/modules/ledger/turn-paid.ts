/**
 * The one way a bill turns paid, whoever learnt of the payment (Inquiry's answer, a bank's SNAP
 * payment): unpaid -> paid with the amount and time (the rollup follows), the 'paid' hooks run
 * (reconciliation looks at it again), and the merchant's notification queued, in the caller's
 * ledger transaction (book.ts). The caller has judged the payment (payment-evidence.ts), records
 * its audit event in the same transaction and sends the notification after its commit.
 */
import type { ChangeLog, BillRef } from './book.ts';
import * as repo from './status-repo.ts';

/** The queued notification's id; null when the bill was no longer unpaid (another payment got there first). */
export async function turnPaid(
  log: ChangeLog,
  bill: BillRef,
  paidMinor: number,
  paidAt: string,
  nowIso: string,
): Promise<number | null> {
  if (!(await repo.markPaid(log.tx, bill.trctId, paidMinor, paidAt, nowIso))) return null;
  await log.changed('paid', bill, nowIso);
  return repo.ensureNotification(log.tx, bill, nowIso);
}
