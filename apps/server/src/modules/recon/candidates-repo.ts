/**
 * SQL of the transactions a statement line may belong to: by the identifiers found in its text
 * (VA number, QRIS reference, order id), the paid ones of a bank's day (1:N), the nearest by
 * amount, and the paid ones a statement should have carried. Always within the account's companies.
 */
import { sql, type Expression, type SqlBool } from 'kysely';
import { TRANSACTION_KINDS, TRX_STATUS } from '@tagih/contract';
import type { DbOrTx } from '../../db/tables.ts';

/** The bank a transaction was paid through: a VA's bank, a QRIS's acquirer. */
const bankOfTransaction = sql<string>`lower(case when t.${sql.ref('trctType')} = 'VA' then t.${sql.ref('trctBank')} else coalesce(t.${sql.ref('trctQrBank')}, t.${sql.ref('trctBank')}) end)`;

/**
 * The candidate rows of the account's companies. `ledBy: 'identifier'` keeps the company condition
 * from leading the plan (`+` hides the company indexes from SQLite's planner): a lookup by VA
 * number or QRIS reference finds a handful of rows through that number's own index, where leading
 * with the company would walk every transaction it has (seconds per batch at a million rows).
 */
function candidates(
  db: DbOrTx,
  compIds: readonly number[],
  ledBy: 'company' | 'identifier' = 'company',
) {
  const ids = compIds.length ? [...compIds] : [0];
  const company = ledBy === 'company' ? sql.ref('t.trctCompId') : sql`+t.${sql.ref('trctCompId')}`;
  return db
    .selectFrom('transactions as t')
    .leftJoin('transaction_va as v', 'v.trvaTrctId', 't.trctId')
    .leftJoin('transaction_qr as q', 'q.trqrTrctId', 't.trctId')
    .leftJoin('recon_matches as m', 'm.rmatTrctId', 't.trctId')
    .select([
      't.trctId',
      't.trctCompId',
      't.trctType',
      't.trctOrderId',
      't.trctStatus',
      't.trctTotalAmountPaid',
      't.trctLunasTime',
      't.trctCreatedTime',
      sql<
        number | null
      >`coalesce(t.${sql.ref('trctTotalAmount')}, q.${sql.ref('trqrTotalAmount')})`.as('billMinor'),
      bankOfTransaction.as('bank'),
      'v.trvaVirtualAccountNo',
      'q.trqrReferenceNo',
      'm.rmatLineId',
    ])
    .where(company, 'in', ids);
}

export type CandidateRow = Awaited<ReturnType<ReturnType<typeof candidates>['execute']>>[number];

export async function byVaNumbers(
  db: DbOrTx,
  compIds: readonly number[],
  tokens: readonly string[],
): Promise<CandidateRow[]> {
  if (tokens.length === 0) return [];
  return candidates(db, compIds, 'identifier')
    .where('t.trctId', 'in', (eb) =>
      eb
        .selectFrom('transaction_va')
        .select('trvaTrctId')
        .where('trvaVirtualAccountNo', 'in', [...tokens]),
    )
    .execute();
}

export async function byQrisReferences(
  db: DbOrTx,
  compIds: readonly number[],
  tokens: readonly string[],
): Promise<CandidateRow[]> {
  if (tokens.length === 0) return [];
  return candidates(db, compIds, 'identifier')
    .where('t.trctId', 'in', (eb) =>
      eb
        .selectFrom('transaction_qr')
        .select('trqrTrctId')
        .where('trqrReferenceNo', 'in', [...tokens]),
    )
    .execute();
}

export async function byOrderIds(
  db: DbOrTx,
  compIds: readonly number[],
  tokens: readonly string[],
): Promise<CandidateRow[]> {
  if (tokens.length === 0) return [];
  return candidates(db, compIds)
    .where('t.trctOrderId', 'in', [...tokens])
    .execute();
}

export async function byIds(
  db: DbOrTx,
  compIds: readonly number[],
  trctIds: readonly number[],
): Promise<CandidateRow[]> {
  if (trctIds.length === 0) return [];
  return candidates(db, compIds, 'identifier')
    .where('t.trctId', 'in', [...trctIds])
    .execute();
}

/** The companies' transactions with this order id (as stored, case included); an order id may repeat across companies. */
export async function byOrderId(
  db: DbOrTx,
  compIds: readonly number[],
  orderId: string,
): Promise<CandidateRow[]> {
  return candidates(db, compIds).where('t.trctOrderId', '=', orderId).limit(2).execute();
}

/** Paid, not matched, not named by a line's break: what a statement of this bank should carry. */
const unsettledPaid = (bank: string): Expression<SqlBool>[] => [
  sql<SqlBool>`t.${sql.ref('trctStatus')} = ${TRX_STATUS.PAID}`,
  sql<SqlBool>`${bankOfTransaction} = ${bank.toLowerCase()}`,
  sql<SqlBool>`m.${sql.ref('rmatId')} is null`,
  sql<SqlBool>`not exists (select 1 from recon_breaks lb where lb.${sql.ref('rbrkTrctId')} = t.${sql.ref('trctId')} and lb.${sql.ref('rbrkLineId')} is not null)`,
];

/** The bank's paid, unmatched transactions paid in [start, end): a day's 1:N settlement. */
export async function paidBetween(
  db: DbOrTx,
  compIds: readonly number[],
  bank: string,
  start: string,
  end: string,
): Promise<CandidateRow[]> {
  let q = candidates(db, compIds)
    .where('t.trctLunasTime', '>=', start)
    .where('t.trctLunasTime', '<', end);
  for (const condition of unsettledPaid(bank)) q = q.where(condition);
  return q.orderBy('t.trctId').execute();
}

/** How many such transactions there are in [start, end) and what they add up to (minor units): a day's 1:N total in one read. */
export async function paidTotalBetween(
  db: DbOrTx,
  compIds: readonly number[],
  bank: string,
  start: string,
  end: string,
): Promise<{ count: number; sum: number }> {
  const amount = sql<number>`coalesce(t.${sql.ref('trctTotalAmountPaid')}, t.${sql.ref('trctTotalAmount')}, q.${sql.ref('trqrTotalAmount')}, 0)`;
  let q = db
    .selectFrom('transactions as t')
    .leftJoin('transaction_qr as q', 'q.trqrTrctId', 't.trctId')
    .leftJoin('recon_matches as m', 'm.rmatTrctId', 't.trctId')
    .select([sql<number>`count(*)`.as('n'), sql<number | null>`sum(${amount})`.as('total')])
    .where('t.trctCompId', 'in', compIds.length ? [...compIds] : [0])
    .where('t.trctLunasTime', '>=', start)
    .where('t.trctLunasTime', '<', end);
  for (const condition of unsettledPaid(bank)) q = q.where(condition);
  const row = await q.executeTakeFirstOrThrow();
  return { count: Number(row.n), sum: Number(row.total ?? 0) };
}

/** The same, a batch at a time after `afterId` (a statement's whole period). */
export async function paidBetweenBatch(
  db: DbOrTx,
  compIds: readonly number[],
  bank: string,
  start: string,
  end: string,
  afterId: number,
  limit: number,
): Promise<CandidateRow[]> {
  let q = candidates(db, compIds)
    .where('t.trctLunasTime', '>=', start)
    .where('t.trctLunasTime', '<', end)
    .where('t.trctId', '>', afterId);
  for (const condition of unsettledPaid(bank)) q = q.where(condition);
  return q.orderBy('t.trctId').limit(limit).execute();
}

/**
 * The unmatched transaction nearest a line: paid (or created, when unpaid) in the window, closest
 * in amount. Two reads, each led by its own index (paid time; type and creation time), instead of
 * one `or` that no index serves.
 */
export async function nearestTransaction(
  db: DbOrTx,
  compIds: readonly number[],
  amountMinor: number,
  start: string,
  end: string,
): Promise<CandidateRow | undefined> {
  const amount = sql`coalesce(t.${sql.ref('trctTotalAmountPaid')}, t.${sql.ref('trctTotalAmount')}, q.${sql.ref('trqrTotalAmount')}, 0)`;
  const distance = sql<number>`abs(${amount} - ${amountMinor})`;
  const nearest = (q: ReturnType<typeof candidates>) =>
    q
      .where('m.rmatId', 'is', null)
      .select(distance.as('distance'))
      .orderBy(distance)
      .orderBy('t.trctId')
      .limit(1)
      .executeTakeFirst();
  const [paid, unpaid] = await Promise.all([
    nearest(
      candidates(db, compIds)
        .where('t.trctLunasTime', '>=', start)
        .where('t.trctLunasTime', '<', end),
    ),
    nearest(
      candidates(db, compIds)
        .where(
          't.trctType',
          'in',
          Object.values(TRANSACTION_KINDS).map((kind) => kind.type),
        )
        .where('t.trctCreatedTime', '>=', start)
        .where('t.trctCreatedTime', '<', end)
        .where('t.trctLunasTime', 'is', null),
    ),
  ]);
  const best = [paid, unpaid]
    .filter((row) => row !== undefined)
    .sort(
      (a, b) => Number(a.distance) - Number(b.distance) || Number(a.trctId) - Number(b.trctId),
    )[0];
  if (!best) return undefined;
  const { distance: _distance, ...row } = best;
  return row;
}

/** The unmatched credit line of the account nearest a payment: in the window, closest in amount. */
export async function nearestLine(
  db: DbOrTx,
  baccId: number,
  amountMinor: number,
  start: string,
  end: string,
) {
  return db
    .selectFrom('recon_lines')
    .select(['stlnId', 'stlnDay', 'stlnAmountMinor', 'stlnNarrative'])
    .where('stlnBaccId', '=', baccId)
    .where('stlnDirection', '=', 'C')
    .where('stlnMatchRule', 'is', null)
    .where('stlnDayEnd', '>', start)
    .where('stlnDayStart', '<', end)
    .orderBy(sql`abs(${sql.ref('stlnAmountMinor')} - ${amountMinor})`)
    .orderBy('stlnId')
    .limit(1)
    .executeTakeFirst();
}

export async function transactionOf(db: DbOrTx, trctId: number) {
  return db
    .selectFrom('transactions')
    .select(['trctId', 'trctCompId', 'trctType', 'trctStatus', 'trctLunasTime', 'trctOrderId'])
    .where('trctId', '=', trctId)
    .executeTakeFirst();
}

/** Type, company and status of transactions by id (a bulk resolution's eligibility). */
export async function transactionsByIds(db: DbOrTx, trctIds: readonly number[]) {
  if (trctIds.length === 0) return [];
  return db
    .selectFrom('transactions')
    .select(['trctId', 'trctCompId', 'trctType', 'trctStatus'])
    .where('trctId', 'in', [...trctIds])
    .execute();
}
