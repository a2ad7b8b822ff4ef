/**
 * Inserts transactions with their VA/QRIS detail, notification and history rows in bulk:
 * large multi-row INSERTs (PostgreSQL: the rows as one JSON parameter), one database transaction per
 * batch that also adds the batch to the transaction rollup, explicit ids (one writer at a
 * time: demo seeding, the bench generator, tests). Used with any dialect.
 */
import { readDeliveryResponse } from '@tagih/contract';
import { sql, type Kysely } from 'kysely';
import { isPostgres, type Database, type DbOrTx, type NewRow } from '../tables.ts';
import { addFacts, applyGroups, rollupTimeZone, type RollupGroup } from '../transaction-rollup.ts';
import { resyncIdentity } from './base.ts';

export interface NewNotification {
  notiStatus: 1 | 2;
  notiAttempts: number;
  notiNextAttemptAt: string | null;
  notiCreatedTime: string;
  history: { nohiRequest: string; nohiResponse: string; nohiCreatedTime: string }[];
}

/** What a notification's row says of its last attempt (its history's last row), as the delivery writes it. */
export function lastAttemptOf(n: NewNotification) {
  const last = n.history.at(-1);
  const facts = readDeliveryResponse(last?.nohiResponse);
  return {
    notiUpdatedTime: last?.nohiCreatedTime ?? n.notiCreatedTime,
    notiLastHttpStatus: facts.httpStatus,
    notiLastError: facts.error,
  };
}

export interface NewTransaction {
  transaction: Omit<NewRow<'transactions'>, 'trctId'>;
  va?: Omit<NewRow<'transaction_va'>, 'trvaId' | 'trvaTrctId'>;
  qr?: Omit<NewRow<'transaction_qr'>, 'trqrId' | 'trqrTrctId'>;
  notification?: NewNotification;
}

/**
 * Transactions per database transaction (the rollup is updated once per batch). PostgreSQL gets
 * each table's rows of a batch in ONE statement whose only parameter is the rows as JSON
 * (`json_populate_recordset`: one statement to plan, no bound-parameter limit); SQLite gets
 * multi-row INSERTs of up to 30,000 bound values (its limit is 32,766), which it runs faster
 * than `json_each`. Measured in bench/README.md.
 */
export const BULK_BATCH_ROWS = 20_000;
const SQLITE_VALUES_PER_INSERT = 30_000;

/** Inserts `rows` (objects keyed by column) into `table`. */
async function insertRows<T extends keyof Database>(
  tx: DbOrTx,
  table: T,
  rows: readonly NewRow<T>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  if (isPostgres(tx)) {
    const list = sql.join(columns.map((c) => sql.ref(c)));
    await sql`insert into ${sql.table(table)} (${list}) select ${list} from json_populate_recordset(null::${sql.table(table)}, ${JSON.stringify(rows)}::json)`.execute(
      tx,
    );
    return;
  }
  const per = Math.max(1, Math.floor(SQLITE_VALUES_PER_INSERT / columns.length));
  for (let i = 0; i < rows.length; i += per) {
    /* eslint-disable @typescript-eslint/no-explicit-any -- one helper for the five tables */
    await (tx as Kysely<any>)
      .insertInto(table)
      .values(rows.slice(i, i + per) as any[])
      .execute();
    /* eslint-enable @typescript-eslint/no-explicit-any */
  }
}

async function nextId(
  db: Kysely<Database>,
  table: 'transactions' | 'notifications',
  column: 'trctId' | 'notiId',
): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select(sql<number>`coalesce(max(${sql.ref(column)}), 0)`.as('m'))
    .executeTakeFirstOrThrow();
  return Number(row.m) + 1;
}

/** The batch's share of the rollup (db/transaction-rollup.ts), added in the batch's own transaction. */
async function addToRollup(tx: DbOrTx, items: readonly NewTransaction[]): Promise<void> {
  const timeZone = await rollupTimeZone(tx);
  if (timeZone === null) return;
  const groups = new Map<string, RollupGroup>();
  addFacts(groups, items.map(rollupFacts), timeZone, 1);
  await applyGroups(tx, groups.values());
}

/** The rollup facts of a new transaction: its bank and paid amount as the kind's list shows them. */
function rollupFacts(item: NewTransaction) {
  const t = item.transaction;
  const qris = t.trctType === 'QRIS';
  return {
    compId: t.trctCompId,
    type: t.trctType,
    createdIso: t.trctCreatedTime,
    status: t.trctStatus,
    bank: qris ? (t.trctBank ?? t.trctQrBank ?? null) : (t.trctBank ?? null),
    lunasMinor:
      t.trctTotalAmountPaid ??
      t.trctTotalAmount ??
      (qris ? (item.qr?.trqrTotalAmount ?? null) : null),
  };
}

/** Inserts one batch (any size up to BULK_BATCH_ROWS) in one database transaction. */
export async function insertTransactionBatch(
  db: Kysely<Database>,
  items: readonly NewTransaction[],
): Promise<void> {
  if (items.length === 0) return;
  await db.transaction().execute(async (tx) => {
    let trctId = await nextId(tx as unknown as Kysely<Database>, 'transactions', 'trctId');
    let notiId = await nextId(tx as unknown as Kysely<Database>, 'notifications', 'notiId');
    const trcts: NewRow<'transactions'>[] = [];
    const vas: NewRow<'transaction_va'>[] = [];
    const qrs: NewRow<'transaction_qr'>[] = [];
    const notis: NewRow<'notifications'>[] = [];
    const history: NewRow<'notification_history'>[] = [];
    for (const item of items) {
      const id = trctId++;
      trcts.push({ ...item.transaction, trctId: id });
      if (item.va) vas.push({ ...item.va, trvaTrctId: id });
      if (item.qr) qrs.push({ ...item.qr, trqrTrctId: id });
      const n = item.notification;
      if (n) {
        const nid = notiId++;
        notis.push({
          notiId: nid,
          notiTrctId: id,
          notiCompId: item.transaction.trctCompId,
          notiOrderId: item.transaction.trctOrderId,
          notiStatus: n.notiStatus,
          notiCreatedTime: n.notiCreatedTime,
          notiAttempts: n.notiAttempts,
          notiNextAttemptAt: n.notiNextAttemptAt,
          notiLockedUntil: null,
          ...lastAttemptOf(n),
        });
        for (const h of n.history) history.push({ ...h, nohiNotiId: nid });
      }
    }
    await insertRows(tx, 'transactions', trcts);
    await insertRows(tx, 'transaction_va', vas);
    await insertRows(tx, 'transaction_qr', qrs);
    await insertRows(tx, 'notifications', notis);
    await insertRows(tx, 'notification_history', history);
    await addToRollup(tx, items);
  });
}

/** Inserts everything `source` yields, BULK_BATCH_ROWS at a time; returns the row count. */
export async function insertTransactions(
  db: Kysely<Database>,
  source: Iterable<NewTransaction>,
  onBatch?: (inserted: number) => void,
): Promise<number> {
  let batch: NewTransaction[] = [];
  let count = 0;
  for (const item of source) {
    batch.push(item);
    if (batch.length === BULK_BATCH_ROWS) {
      await insertTransactionBatch(db, batch);
      count += batch.length;
      batch = [];
      onBatch?.(count);
    }
  }
  await insertTransactionBatch(db, batch);
  count += batch.length;
  // PostgreSQL's sequences must move past the explicit ids, and its planner needs fresh
  // statistics after a bulk load (autovacuum would get there, later).
  await resyncIdentity(db, 'transactions', 'trctId');
  await resyncIdentity(db, 'notifications', 'notiId');
  if (isPostgres(db)) {
    await sql`analyze transactions, transaction_va, transaction_qr, notifications, notification_history`.execute(
      db,
    );
  }
  return count;
}
