/** What the expiry tests read and arrange: bills by state and expiry, expiry events, another instance on the same database. */
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../src/db/database.ts';
import type { TestContext } from '../support/test-app.ts';

export const EXPIRED_ACTION = 'transaction.expired';

/** Unpaid bills of a kind whose expiry is at or before `atIso`. */
export async function dueBills(
  ctx: TestContext,
  kind: 'VA' | 'QRIS',
  atIso: string,
): Promise<number[]> {
  const db = ctx.db.kysely;
  const rows =
    kind === 'VA'
      ? await db
          .selectFrom('transactions as t')
          .innerJoin('transaction_va as v', 'v.trvaTrctId', 't.trctId')
          .where('t.trctStatus', '=', '03')
          .where('v.trvaExpiredDate', '<=', atIso)
          .select('t.trctId')
          .orderBy('t.trctId')
          .execute()
      : await db
          .selectFrom('transactions as t')
          .innerJoin('transaction_qr as q', 'q.trqrTrctId', 't.trctId')
          .where('t.trctStatus', '=', '03')
          .where('q.trqrExpiredDate', '<=', atIso)
          .select('t.trctId')
          .orderBy('t.trctId')
          .execute();
  return rows.map((r) => Number(r.trctId));
}

/** Unpaid VA bills not yet due at `atIso` (for the bank to pay). */
export async function openVaBills(ctx: TestContext, bank: string, atIso: string, limit: number) {
  return ctx.db.kysely
    .selectFrom('transactions as t')
    .innerJoin('transaction_va as v', 'v.trvaTrctId', 't.trctId')
    .where('t.trctBank', '=', bank)
    .where('t.trctStatus', '=', '03')
    .where('v.trvaExpiredDate', '>', atIso)
    .where('t.trctTotalAmount', 'is not', null)
    .select([
      't.trctId',
      't.trctCompId',
      't.trctOrderId',
      't.trctTotalAmount',
      't.trctCreatedTime',
      'v.trvaPartnerServiceId',
      'v.trvaCustomerNo',
      'v.trvaVirtualAccountName',
    ])
    .orderBy('t.trctId')
    .limit(limit)
    .execute();
}

export async function setVaExpiry(
  ctx: TestContext,
  trctIds: readonly number[],
  atIso: string,
): Promise<void> {
  await ctx.db.kysely
    .updateTable('transaction_va')
    .set({ trvaExpiredDate: atIso })
    .where('trvaTrctId', 'in', [...trctIds])
    .execute();
}

export async function statusesOf(ctx: TestContext, trctIds: readonly number[]): Promise<string[]> {
  const rows = await ctx.db.kysely
    .selectFrom('transactions')
    .select(['trctId', 'trctStatus'])
    .where('trctId', 'in', [...trctIds])
    .orderBy('trctId')
    .execute();
  return rows.map((r) => r.trctStatus);
}

/** transaction.expired events per transaction id. */
export async function expiryEvents(ctx: TestContext): Promise<Map<number, number>> {
  const rows = await ctx.db.kysely
    .selectFrom('audit_events')
    .select('audtTargetId')
    .where('audtAction', '=', EXPIRED_ACTION)
    .execute();
  const counts = new Map<number, number>();
  for (const r of rows)
    counts.set(Number(r.audtTargetId), (counts.get(Number(r.audtTargetId)) ?? 0) + 1);
  return counts;
}

/**
 * Another server instance's handle on the same database: on PostgreSQL a pool of its own (its
 * own connections, locks and LISTEN); on SQLite the same handle (one process owns the file).
 */
export async function anotherHandle(
  ctx: TestContext,
): Promise<{ db: Db; close: () => Promise<void> }> {
  if (ctx.db.dialect === 'sqlite') return { db: ctx.db, close: async () => {} };
  const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(
    ctx.db.kysely,
  );
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${rows[0]!.name}`;
  const db = openDatabase(url.toString());
  return { db, close: () => db.close() };
}
