/**
 * The one way a bill a merchant opens enters, and the one way an unpaid bill is cancelled, in the
 * caller's database transaction (the rollup follows; modules/snap audits and answers). Paying is turn-paid.ts.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { insertBill, markCancelled, type NewBill } from './bill-lifecycle-repo.ts';

export type { NewBill };

/** The new transaction's id; throws the database's unique violation when the client already used the order id. */
export const openBill = (tx: Transaction<Database>, bill: NewBill): Promise<number> => insertBill(tx, bill);

/** Unpaid -> Kadaluarsa now (no longer payable); false when it was not unpaid (paid meanwhile). Takes the bill's row lock first, as turnPaid does. */
export const cancelBill = (tx: Transaction<Database>, trctId: number, nowIso: string): Promise<boolean> => markCancelled(tx, trctId, nowIso);
