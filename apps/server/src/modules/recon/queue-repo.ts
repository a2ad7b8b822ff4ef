/**
 * SQL of the break queue: a derived table whose column names are the list's field names
 * (contract breakResource), so the list query's filters, search and order apply as they do
 * elsewhere; `category` reads a missing-at-bank break paid at or after `lateBefore` as expected.
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { ListQuery } from '@tagih/contract';
import { breakResource } from '@tagih/contract';
import { applyFilters, applyOrder, countRows } from '../../db/list-sql.ts';
import type { Database, DbOrTx } from '../../db/tables.ts';
import type { UtcRange } from '../../shared/date-range.ts';
import type { CompanyScope } from './scope.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the derived table's columns are the list's fields
export type Queue = SelectQueryBuilder<any, 'r', object>;
export type QueueRow = Record<string, string | number | null>;

const ref = (column: string) => sql.ref(column);
const ourAmount = sql`coalesce(t.${ref('trctTotalAmountPaid')}, t.${ref('trctTotalAmount')}, q.${ref('trqrTotalAmount')})`;

/** Which breaks: those the user reaches (`scope`), of the active company when one is chosen (`active`). */
export interface QueueScope {
  scope: CompanyScope;
  active: number | null;
}

function rows(db: DbOrTx, lateBefore: string, { scope, active }: QueueScope) {
  let q = db
    .selectFrom('recon_breaks as b')
    .innerJoin('bank_accounts as a', 'a.baccId', 'b.rbrkBaccId')
    .leftJoin('companies as c', 'c.compId', 'b.rbrkCompId')
    .leftJoin('recon_lines as l', 'l.stlnId', 'b.rbrkLineId')
    .leftJoin('transactions as t', 't.trctId', 'b.rbrkTrctId')
    .leftJoin('transaction_qr as q', 'q.trqrTrctId', 'b.rbrkTrctId')
    .leftJoin('transactions as ct', 'ct.trctId', 'b.rbrkCandidateTrctId')
    .select([
      'b.rbrkId',
      sql<string>`case when b.${ref('rbrkCategory')} = 'missing_at_bank' and b.${ref('rbrkAt')} >= ${lateBefore} then 'expected' else b.${ref('rbrkCategory')} end`.as(
        'category',
      ),
      'b.rbrkStatus as status',
      'b.rbrkAt as at',
      'b.rbrkCompId as compId',
      'c.compName as compName',
      'b.rbrkBaccId as baccId',
      'a.baccBank as bank',
      'a.baccAccountNo as accountNo',
      'b.rbrkLineId as lineId',
      'l.stlnDay as lineDay',
      'l.stlnAmountMinor as lineAmount',
      'l.stlnReference as lineReference',
      'l.stlnNarrative as lineNarrative',
      'b.rbrkTrctId as trctId',
      't.trctOrderId as trctOrderId',
      ourAmount.as('trctAmount'),
      't.trctStatus as trctStatus',
      't.trctLunasTime as paidAt',
      sql`l.${ref('stlnAmountMinor')} - ${ourAmount}`.as('difference'),
      'b.rbrkCandidateTrctId as candidateTrctId',
      'ct.trctOrderId as candidateOrderId',
      'b.rbrkResolution as resolution',
      'b.rbrkResolvedUsername as resolvedBy',
      'b.rbrkResolvedTime as resolvedAt',
      'b.rbrkCreatedTime as detectedAt',
      'b.rbrkDifferences as differencesRaw',
    ]);
  // The breaks of a statement still importing are not shown: the import may yet be taken back (import-cleanup.ts).
  q = q.where(({ not, exists, selectFrom }) =>
    not(
      exists(
        selectFrom('recon_statements as s')
          .select('s.stmtId')
          .whereRef('s.stmtId', '=', 'b.rbrkStmtId')
          .where('s.stmtState', '=', 'importing'),
      ),
    ),
  );
  if (scope !== null) {
    const ids = scope.length ? [...scope] : [0];
    q = q.where((eb) =>
      eb.or([
        eb('b.rbrkCompId', 'in', ids),
        eb.and([
          eb('b.rbrkCompId', 'is', null),
          eb.not(
            eb.exists(
              eb
                .selectFrom('bank_account_companies as ac')
                .select('ac.bacoCompId')
                .whereRef('ac.bacoBaccId', '=', 'b.rbrkBaccId')
                .where('ac.bacoCompId', 'not in', ids),
            ),
          ),
        ]),
      ]),
    );
  }
  if (active !== null) {
    q = q.where((eb) =>
      eb.or([
        eb('b.rbrkCompId', '=', active),
        eb.and([
          eb('b.rbrkCompId', 'is', null),
          eb.exists(
            eb
              .selectFrom('bank_account_companies as sc')
              .select('sc.bacoCompId')
              .whereRef('sc.bacoBaccId', '=', 'b.rbrkBaccId')
              .where('sc.bacoCompId', '=', active),
          ),
        ]),
      ]),
    );
  }
  return q;
}

const OPTIONS = { timeZone: 'UTC', tieBreaker: 'rbrkId' } as const;

/** The scoped breaks (of the active company when `scope.active` is set) with the list query's filters and the date range (on `at`), not ordered. */
export function filteredQueue(
  db: Kysely<Database>,
  query: ListQuery,
  range: UtcRange,
  lateBefore: string,
  scope: QueueScope,
  timeZone: string,
): Queue {
  let q = db.selectFrom(rows(db, lateBefore, scope).as('r')) as unknown as Queue;
  if (range.start) q = q.where(ref('at'), '>=', range.start);
  if (range.end) q = q.where(ref('at'), '<', range.end);
  return applyFilters(q, query, breakResource, { ...OPTIONS, timeZone });
}

/** The query's page `page` of `max` rows, in its order. */
export async function queueRows(
  q: Queue,
  query: ListQuery,
  page: number,
  max: number,
): Promise<QueueRow[]> {
  return (await applyOrder(q.selectAll(), query, OPTIONS)
    .limit(max)
    .offset((page - 1) * max)
    .execute()) as QueueRow[];
}

export const queueTotal = (q: Queue): Promise<number> => countRows(q);

export async function queuePage(
  q: Queue,
  query: ListQuery,
): Promise<{ total: number; rows: QueueRow[] }> {
  return { total: await countRows(q), rows: await queueRows(q, query, query.page, query.max) };
}

export async function queueIds(q: Queue, limit: number): Promise<number[]> {
  const found = await q
    .select(ref('rbrkId').as('rbrkId'))
    .orderBy(ref('rbrkId'))
    .limit(limit)
    .execute();
  return found.map((r) => Number((r as { rbrkId: number }).rbrkId));
}

export async function queueCounts(q: Queue): Promise<{ category: string; n: number }[]> {
  const found = await q
    .select([ref('category').as('category'), sql<number>`count(*)`.as('n')])
    .where(ref('status'), '=', 'open')
    .groupBy(ref('category'))
    .execute();
  return found.map((r) => ({
    category: String((r as { category: string }).category),
    n: Number((r as { n: number }).n),
  }));
}

export async function queueRowsByIds(
  db: Kysely<Database>,
  ids: readonly number[],
  lateBefore: string,
  scope: QueueScope,
): Promise<QueueRow[]> {
  if (ids.length === 0) return [];
  return (await (db.selectFrom(rows(db, lateBefore, scope).as('r')) as unknown as Queue)
    .selectAll()
    .where(ref('rbrkId'), 'in', [...ids])
    .orderBy(ref('rbrkId'))
    .execute()) as QueueRow[];
}
