/**
 * SQL of a bill's status leaving unpaid on one bill at a time (paid: Inquiry's answer or a bank's
 * push; expired: an Inquiry that finds a QRIS gone), each keeping the rollup in the same
 * transaction, and the pending notification of a paid bill. Batches of expiries: expiry-repo.ts.
 */
import { NOTI_STATUS, TRX_STATUS } from '@tagih/contract';
import type { Transaction } from 'kysely';
import type { Database, DbOrTx } from '../../db/tables.ts';
import { withRollup } from '../../db/transaction-rollup.ts';

/** Unpaid -> paid with the paid amount and time; false when it was no longer unpaid (another request got there first). */
export async function markPaid(
  tx: Transaction<Database>,
  trctId: number,
  paidMinor: number,
  paidAt: string,
  nowIso: string,
): Promise<boolean> {
  const result = await withRollup(tx, [trctId], () =>
    tx
      .updateTable('transactions')
      .set({
        trctStatus: TRX_STATUS.PAID,
        trctTotalAmountPaid: paidMinor,
        trctLunasTime: paidAt,
        trctUpdatedTime: nowIso,
      })
      .where('trctId', '=', trctId)
      .where('trctStatus', '=', TRX_STATUS.UNPAID)
      .executeTakeFirst(),
  );
  return Number(result.numUpdatedRows) === 1;
}

/** Unpaid -> expired (the rollup follows in the same transaction); false when it was no longer unpaid. */
export async function markExpired(
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
  return Number(result.numUpdatedRows) === 1;
}

/** The pending notification of a paid transaction, created when missing; returns its id. */
export async function ensureNotification(
  db: DbOrTx,
  trct: { trctId: number; trctCompId: number; trctOrderId: string },
  nowIso: string,
): Promise<number> {
  // One round trip when it is new (RETURNING); the re-read only when one was there already.
  const inserted = await db
    .insertInto('notifications')
    .values({
      notiTrctId: trct.trctId,
      notiCompId: trct.trctCompId,
      notiOrderId: trct.trctOrderId,
      notiStatus: NOTI_STATUS.PENDING,
      notiCreatedTime: nowIso,
      notiUpdatedTime: nowIso,
      notiAttempts: 0,
      notiNextAttemptAt: nowIso,
      notiLockedUntil: null,
    })
    .onConflict((oc) => oc.column('notiTrctId').doNothing())
    .returning('notiId')
    .executeTakeFirst();
  if (inserted) return Number(inserted.notiId);
  const row = await db
    .selectFrom('notifications')
    .select('notiId')
    .where('notiTrctId', '=', trct.trctId)
    .executeTakeFirstOrThrow();
  return row.notiId;
}
