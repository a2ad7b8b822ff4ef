/**
 * The table rows of generated transactions, in a fixed column order, for the fast loaders
 * (bulk-copy-pg.ts: COPY text; bulk-sqlite.ts: prepared statements). The rows are the ones
 * db/seed/bulk-transactions.ts inserts for the same items (same columns, same values); only the
 * ids are assigned here, from counters that start after the tables' largest ids.
 */
import { lastAttemptOf, type NewTransaction } from '@tagih/server/src/db/seed/bulk-transactions.ts';
import { syntheticTransactions } from '@tagih/server/src/db/seed/synthetic-transactions.ts';

export type Value = string | number | null;

/** Every column the generator writes, per table, in the order of the values handed to a sink. */
export const TABLE_COLUMNS = {
  transactions: [
    'trctId',
    'trctCompId',
    'trctClntId',
    'trctType',
    'trctOrderId',
    'trctBank',
    'trctVirtualAccountNo',
    'trctVirtualAccountName',
    'trctQrName',
    'trctQrBank',
    'trctTotalAmount',
    'trctTotalAmountPaid',
    'trctStatus',
    'trctCreatedTime',
    'trctLunasTime',
    'trctUpdatedTime',
  ],
  transaction_va: [
    'trvaId',
    'trvaTrctId',
    'trvaPartnerServiceId',
    'trvaCustomerNo',
    'trvaVirtualAccountNo',
    'trvaVirtualAccountName',
    'trvaExpiredDate',
  ],
  transaction_qr: [
    'trqrId',
    'trqrTrctId',
    'trqrReferenceNo',
    'trqrMerchantId',
    'trqrTotalAmount',
    'trqrCreatedTime',
    'trqrExpiredDate',
  ],
  notifications: [
    'notiId',
    'notiTrctId',
    'notiCompId',
    'notiOrderId',
    'notiStatus',
    'notiCreatedTime',
    'notiUpdatedTime',
    'notiAttempts',
    'notiNextAttemptAt',
    'notiLockedUntil',
    'notiLastHttpStatus',
    'notiLastError',
  ],
  notification_history: ['nohiId', 'nohiNotiId', 'nohiRequest', 'nohiResponse', 'nohiCreatedTime'],
} as const;

export type BulkTable = keyof typeof TABLE_COLUMNS;
export const BULK_TABLES = Object.keys(TABLE_COLUMNS) as BulkTable[];

/** The id column of each table (its primary key). */
export const ID_COLUMN: Record<BulkTable, string> = {
  transactions: 'trctId',
  transaction_va: 'trvaId',
  transaction_qr: 'trqrId',
  notifications: 'notiId',
  notification_history: 'nohiId',
};

/** One company's share of one kind: what `syntheticTransactions` makes for it. */
export interface GenerationPart {
  type: 'VA' | 'QRIS';
  compId: number;
  clntId: number;
  count: number;
  seed: number;
  orderPrefix: string;
  callbackUrl: string | null;
}

/** What every part shares: the period and the clock. */
export interface GenerationCommon {
  days: number;
  /** ISO instant ("now" of the run). */
  nowIso: string;
  timeZone: string;
}

/** The synthetic transactions of one part (db/seed/synthetic-transactions.ts: the one source of the rows' values). */
export function partItems(
  part: GenerationPart,
  common: GenerationCommon,
): Iterable<NewTransaction> {
  return syntheticTransactions({
    ...part,
    days: common.days,
    now: new Date(common.nowIso),
    timeZone: common.timeZone,
  });
}

/** The next id of each table. */
export type IdCounters = Record<BulkTable, number>;

export interface RowSink {
  row(table: BulkTable, values: Value[]): void;
}

/** Hands the rows of one item to `sink` (its transaction first, then what references it), taking ids from `ids`. */
export function emitRows(item: NewTransaction, ids: IdCounters, sink: RowSink): void {
  const t = item.transaction;
  const trctId = ids.transactions++;
  sink.row('transactions', [
    trctId,
    t.trctCompId,
    t.trctClntId,
    t.trctType,
    t.trctOrderId,
    t.trctBank ?? null,
    t.trctVirtualAccountNo ?? null,
    t.trctVirtualAccountName ?? null,
    t.trctQrName ?? null,
    t.trctQrBank ?? null,
    t.trctTotalAmount ?? null,
    t.trctTotalAmountPaid ?? null,
    t.trctStatus,
    t.trctCreatedTime,
    t.trctLunasTime ?? null,
    t.trctUpdatedTime ?? null,
  ]);
  const va = item.va;
  if (va) {
    sink.row('transaction_va', [
      ids.transaction_va++,
      trctId,
      va.trvaPartnerServiceId,
      va.trvaCustomerNo,
      va.trvaVirtualAccountNo,
      va.trvaVirtualAccountName ?? null,
      va.trvaExpiredDate ?? null,
    ]);
  }
  const qr = item.qr;
  if (qr) {
    sink.row('transaction_qr', [
      ids.transaction_qr++,
      trctId,
      qr.trqrReferenceNo ?? null,
      qr.trqrMerchantId ?? null,
      qr.trqrTotalAmount ?? null,
      qr.trqrCreatedTime ?? null,
      qr.trqrExpiredDate ?? null,
    ]);
  }
  const n = item.notification;
  if (n) {
    const notiId = ids.notifications++;
    const last = lastAttemptOf(n);
    sink.row('notifications', [
      notiId,
      trctId,
      t.trctCompId,
      t.trctOrderId,
      n.notiStatus,
      n.notiCreatedTime,
      last.notiUpdatedTime,
      n.notiAttempts,
      n.notiNextAttemptAt,
      null,
      last.notiLastHttpStatus,
      last.notiLastError,
    ]);
    for (const h of n.history)
      sink.row('notification_history', [
        ids.notification_history++,
        notiId,
        h.nohiRequest,
        h.nohiResponse,
        h.nohiCreatedTime,
      ]);
  }
}

/** A group of the notification rollup (migration 0014): company, UTC hour of creation ('YYYY-MM-DDTHH'), status; and its rows. */
export interface NotificationGroup {
  compId: number;
  hour: string;
  status: number;
  n: number;
}

const NOTI_COMP = TABLE_COLUMNS.notifications.indexOf('notiCompId');
const NOTI_CREATED = TABLE_COLUMNS.notifications.indexOf('notiCreatedTime');
const NOTI_STATUS = TABLE_COLUMNS.notifications.indexOf('notiStatus');

/**
 * Counts notification rows (their values in TABLE_COLUMNS order) by rollup group, for a loader
 * that keeps the notification rollup itself instead of its triggers: the created time is an ISO
 * instant in UTC, so its first 13 characters are the UTC hour the triggers compute.
 */
export class NotificationGroupCounter {
  readonly groups = new Map<string, NotificationGroup>();
  count(values: Value[]): void {
    const compId = values[NOTI_COMP] as number;
    const hour = (values[NOTI_CREATED] as string).slice(0, 13);
    const status = values[NOTI_STATUS] as number;
    const key = `${compId}|${hour}|${status}`;
    const group = this.groups.get(key);
    if (group) group.n += 1;
    else this.groups.set(key, { compId, hour, status, n: 1 });
  }
}
