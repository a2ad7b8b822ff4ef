/**
 * SQL of the bill expiry: the unpaid bills past their expiry (migration 0023's indexes), and
 * their turn to Kadaluarsa, only while still unpaid. On PostgreSQL the bills are locked first,
 * skipping any that another process holds (a payment booking, another instance's expiry): those
 * are left to whoever holds them.
 */
import { TRX_STATUS } from '@tagih/contract';
import { sql, type Transaction } from 'kysely';
import { isPostgres, type Database, type DbOrTx } from '../../db/tables.ts';

export type BillKind = 'VA' | 'QRIS';

export interface DueBill {
  trctId: number;
  compId: number;
  kind: BillKind;
  orderId: string;
  expiredAt: string;
}

const DETAIL = {
  VA: { table: 'transaction_va', key: 'trvaTrctId', expiry: 'trvaExpiredDate' },
  QRIS: { table: 'transaction_qr', key: 'trqrTrctId', expiry: 'trqrExpiredDate' },
} as const;

/**
 * Unpaid bills of a kind whose expiry is in (sinceIso, nowIso] (sinceIso null: any time up to
 * now), with ids above `afterId`, by id, at most `limit`.
 */
export async function findDue(
  db: DbOrTx,
  kind: BillKind,
  window: { sinceIso: string | null; nowIso: string },
  afterId: number,
  limit: number,
): Promise<DueBill[]> {
  const d = DETAIL[kind];
  const expiry = sql.ref(`d.${d.expiry}`);
  const since = window.sinceIso === null ? sql`` : sql`and ${expiry} > ${window.sinceIso}`;
  const { rows } = await sql<{
    trctId: number;
    compId: number;
    orderId: string;
    expiredAt: string;
  }>`
    select t."trctId" as "trctId", t."trctCompId" as "compId", t."trctOrderId" as "orderId", ${expiry} as "expiredAt"
    from transactions t join ${sql.table(d.table)} d on ${sql.ref(`d.${d.key}`)} = t."trctId"
    where t."trctStatus" = ${TRX_STATUS.UNPAID} and t."trctType" = ${kind} and t."trctId" > ${afterId}
      and ${expiry} <= ${window.nowIso} ${since}
    order by t."trctId" limit ${limit}`.execute(db);
  return rows.map((r) => ({
    trctId: Number(r.trctId),
    compId: Number(r.compId),
    kind,
    orderId: r.orderId,
    expiredAt: String(r.expiredAt),
  }));
}

/** Those of `ids` still unpaid, locked for this transaction on PostgreSQL (any another holds are skipped). */
export async function lockUnpaid(
  tx: Transaction<Database>,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const lock = isPostgres(tx) ? sql` for update skip locked` : sql``;
  const { rows } = await sql<{ trctId: number }>`
    select "trctId" from transactions where "trctId" in (${sql.join(ids)}) and "trctStatus" = ${TRX_STATUS.UNPAID} order by "trctId"${lock}`.execute(
    tx,
  );
  return rows.map((r) => Number(r.trctId));
}

/** Unpaid -> expired; returns the ids it changed. */
export async function markExpired(
  tx: Transaction<Database>,
  ids: readonly number[],
  nowIso: string,
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx
    .updateTable('transactions')
    .set({ trctStatus: TRX_STATUS.EXPIRED, trctUpdatedTime: nowIso })
    .where('trctId', 'in', [...ids])
    .where('trctStatus', '=', TRX_STATUS.UNPAID)
    .returning('trctId')
    .execute();
  return rows.map((r) => Number(r.trctId));
}
