/**
 * The one way a bill turns paid, whoever learnt of the payment (Inquiry's answer, a bank's SNAP
 * payment): unpaid -> paid with the amount and time (the rollup follows), and the merchant's
 * notification queued, and reconciliation looks at it again (a bank line waiting for it matches,
 * its break closes), in the caller's database transaction. The caller has judged the payment
 * (payment-evidence.ts) and sends the notification after its commit.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { rematchTransaction } from '../recon/rematch.ts';
import * as repo from './repo.ts';

/** The queued notification's id; null when the bill was no longer unpaid (another payment got there first). */
export async function turnPaid(
  tx: Transaction<Database>, bill: { trctId: number; trctCompId: number; trctOrderId: string }, paidMinor: number, paidAt: string, nowIso: string,
): Promise<number | null> {
  if (!(await repo.markPaid(tx, bill.trctId, paidMinor, paidAt, nowIso))) return null;
  await rematchTransaction(tx, bill.trctId, nowIso);
  return repo.ensureNotification(tx, bill, nowIso);
}
