/** SQL of merchant delivery: the in-flight lease, what a callback needs, and one row per attempt. */
import { NOTI_STATUS } from '@tagih/contract';
import type { DbOrTx } from '../../db/tables.ts';

/**
 * Takes the notification's lease atomically: succeeds for exactly one caller until the lease
 * is released or runs out. `dueOnly` adds the retry worker's conditions (pending and due).
 */
export async function claimLease(
  db: DbOrTx,
  notiId: number,
  nowIso: string,
  untilIso: string,
  dueOnly = false,
): Promise<boolean> {
  let q = db
    .updateTable('notifications')
    .set({ notiLockedUntil: untilIso })
    .where('notiId', '=', notiId)
    .where((eb) => eb.or([eb('notiLockedUntil', 'is', null), eb('notiLockedUntil', '<', nowIso)]));
  if (dueOnly)
    q = q.where('notiStatus', '=', NOTI_STATUS.PENDING).where('notiNextAttemptAt', '<=', nowIso);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function releaseLease(db: DbOrTx, notiId: number): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ notiLockedUntil: null })
    .where('notiId', '=', notiId)
    .execute();
}

export interface DueNotification {
  notiId: number;
  /** The merchant (client) it goes to: the worker's fairness and circuit breaker are per merchant. */
  clntid: number;
}

/**
 * Pending notifications whose next attempt is due and that nobody holds, oldest first, at most
 * `perMerchant` of one merchant (so that one merchant's backlog cannot fill the batch) and none
 * of the merchants in `skipClients` (their circuit breaker is open).
 */
export async function findDue(
  db: DbOrTx,
  nowIso: string,
  limit: number,
  perMerchant = limit,
  skipClients: readonly number[] = [],
): Promise<DueNotification[]> {
  let inner = db
    .selectFrom('notifications as n')
    .innerJoin('transactions as t', 't.trctId', 'n.notiTrctId')
    .select((eb) => [
      'n.notiId as notiId',
      't.trctClntId as clntid',
      'n.notiNextAttemptAt as nextAt',
      eb.fn
        .agg<number>('row_number')
        .over((ob) =>
          ob.partitionBy('t.trctClntId').orderBy('n.notiNextAttemptAt').orderBy('n.notiId'),
        )
        .as('rank'),
    ])
    .where('n.notiStatus', '=', NOTI_STATUS.PENDING)
    .where('n.notiNextAttemptAt', '<=', nowIso)
    .where((eb) =>
      eb.or([eb('n.notiLockedUntil', 'is', null), eb('n.notiLockedUntil', '<', nowIso)]),
    );
  if (skipClients.length > 0) inner = inner.where('t.trctClntId', 'not in', [...skipClients]);
  const rows = await db
    .selectFrom(inner.as('d'))
    .select(['d.notiId', 'd.clntid'])
    .where('d.rank', '<=', perMerchant)
    .orderBy('d.nextAt')
    .orderBy('d.notiId')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ notiId: Number(r.notiId), clntid: Number(r.clntid) }));
}

/** Everything a callback carries, from the notification, its transaction and the client. */
export function loadForDelivery(db: DbOrTx, notiId: number) {
  return db
    .selectFrom('notifications as n')
    .innerJoin('transactions as t', 't.trctId', 'n.notiTrctId')
    .innerJoin('clients as c', 'c.clntid', 't.trctClntId')
    .leftJoin('transaction_va as v', 'v.trvaTrctId', 't.trctId')
    .leftJoin('transaction_qr as q', 'q.trqrTrctId', 't.trctId')
    .select([
      'n.notiId',
      'n.notiStatus',
      'n.notiAttempts',
      't.trctId',
      't.trctCompId',
      't.trctType',
      't.trctOrderId',
      't.trctBank',
      't.trctQrBank',
      't.trctVirtualAccountNo',
      'v.trvaVirtualAccountNo',
      'q.trqrReferenceNo',
      't.trctTotalAmount',
      'q.trqrTotalAmount',
      't.trctTotalAmountPaid',
      't.trctStatus',
      't.trctLunasTime',
      'c.clntid',
      'c.clntCallbackUrl',
      'c.clntSecret',
    ])
    .where('n.notiId', '=', notiId)
    .executeTakeFirst();
}

export type DeliveryRow = NonNullable<Awaited<ReturnType<typeof loadForDelivery>>>;

/** Writes one history row and the notification's new state (with what the list shows of this attempt), and releases the lease (in the caller's transaction). */
export async function recordAttempt(
  db: DbOrTx,
  attempt: {
    notiId: number;
    request: string;
    response: string;
    nowIso: string;
    notiStatus: number;
    notiAttempts: number;
    notiNextAttemptAt: string | null;
    notiLastHttpStatus: number | null;
    notiLastError: string | null;
  },
): Promise<void> {
  await db
    .insertInto('notification_history')
    .values({
      nohiNotiId: attempt.notiId,
      nohiRequest: attempt.request,
      nohiResponse: attempt.response,
      nohiCreatedTime: attempt.nowIso,
    })
    .execute();
  await db
    .updateTable('notifications')
    .set({
      notiStatus: attempt.notiStatus,
      notiAttempts: attempt.notiAttempts,
      notiNextAttemptAt: attempt.notiNextAttemptAt,
      notiLastHttpStatus: attempt.notiLastHttpStatus,
      notiLastError: attempt.notiLastError,
      notiUpdatedTime: attempt.nowIso,
      notiLockedUntil: null,
    })
    .where('notiId', '=', attempt.notiId)
    .execute();
}
