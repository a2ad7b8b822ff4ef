/**
 * Inserts transactions with their VA/QRIS detail, notification and history rows in bulk:
 * multi-row INSERTs, one database transaction per batch, explicit ids (one writer at a
 * time: demo seeding, the bench generator, tests). Used with any dialect.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Database, NewRow } from '../tables.ts';
import { resyncIdentity } from './base.ts';

export interface NewNotification {
  notiStatus: 1 | 2;
  notiAttempts: number;
  notiNextAttemptAt: string | null;
  notiCreatedTime: string;
  history: { nohiRequest: string; nohiResponse: string; nohiCreatedTime: string }[];
}

export interface NewTransaction {
  transaction: Omit<NewRow<'transactions'>, 'trctId'>;
  va?: Omit<NewRow<'transaction_va'>, 'trvaId' | 'trvaTrctId'>;
  qr?: Omit<NewRow<'transaction_qr'>, 'trqrId' | 'trqrTrctId'>;
  notification?: NewNotification;
}

/** Rows per INSERT: 1,000 x 16 columns stays under both dialects' bound-parameter limits. */
export const BULK_BATCH_ROWS = 1000;

async function nextId(db: Kysely<Database>, table: 'transactions' | 'notifications', column: 'trctId' | 'notiId'): Promise<number> {
  const row = await db.selectFrom(table).select(sql<number>`coalesce(max(${sql.ref(column)}), 0)`.as('m')).executeTakeFirstOrThrow();
  return Number(row.m) + 1;
}

/** Inserts one batch (any size up to BULK_BATCH_ROWS) in one database transaction. */
export async function insertTransactionBatch(db: Kysely<Database>, items: readonly NewTransaction[]): Promise<void> {
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
          notiId: nid, notiTrctId: id, notiCompId: item.transaction.trctCompId, notiOrderId: item.transaction.trctOrderId,
          notiStatus: n.notiStatus, notiCreatedTime: n.notiCreatedTime, notiUpdatedTime: n.history.at(-1)?.nohiCreatedTime ?? n.notiCreatedTime,
          notiAttempts: n.notiAttempts, notiNextAttemptAt: n.notiNextAttemptAt, notiLockedUntil: null,
        });
        for (const h of n.history) history.push({ ...h, nohiNotiId: nid });
      }
    }
    await tx.insertInto('transactions').values(trcts).execute();
    for (let i = 0; i < vas.length; i += BULK_BATCH_ROWS) await tx.insertInto('transaction_va').values(vas.slice(i, i + BULK_BATCH_ROWS)).execute();
    for (let i = 0; i < qrs.length; i += BULK_BATCH_ROWS) await tx.insertInto('transaction_qr').values(qrs.slice(i, i + BULK_BATCH_ROWS)).execute();
    for (let i = 0; i < notis.length; i += BULK_BATCH_ROWS) await tx.insertInto('notifications').values(notis.slice(i, i + BULK_BATCH_ROWS)).execute();
    for (let i = 0; i < history.length; i += BULK_BATCH_ROWS) await tx.insertInto('notification_history').values(history.slice(i, i + BULK_BATCH_ROWS)).execute();
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
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`analyze transactions, transaction_va, transaction_qr, notifications, notification_history`.execute(db);
  }
  return count;
}
