/** SQL of the transaction lists, shared by VA and QRIS (kind-rows-repo.ts holds the differences). */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { TRX_STATUS, type ListQuery } from '@tagih/contract';
import { applyAfter, applyFilters, applyOrder, fieldsOfQuery, positionOf } from '../../../db/list-sql.ts';
import type { Database } from '../../../db/tables.ts';
import type { UtcRange } from '../../../shared/date-range.ts';
import type { ServerKind } from '../kinds.ts';
import { kindRows, loweredColumns } from './kind-rows-repo.ts';
import { sqliteSearch, trigramWindows } from './order-search.ts';
import { keysetPage, type PageCursor } from './page-plan.ts';
import { needsAttention, type TransactionListQuery } from './work-queue.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the derived table's columns are the kind's fields
export type Filtered = SelectQueryBuilder<any, 'r', object>;
/** A row of the derived table: the kind's API fields (money in minor units) plus notiStatus and lunasAmount. */
export type DbRow = Record<string, string | number | null>;

const ORDER = { timeZone: 'UTC', tieBreaker: 'trctId' } as const;

/**
 * The company's rows of a kind, with the list query's filters (not yet ordered or paged).
 * `fields`: only these columns (and the joins they need) besides those the query reads.
 */
export function filteredRows(
  db: Kysely<Database>, kind: ServerKind, compId: number, range: UtcRange, query: TransactionListQuery, timeZone: string, fields?: readonly string[], idWalk = false,
): Filtered {
  const columns = fields ? new Set([...fieldsOfQuery(query), ...fields]) : undefined;
  const search = sqliteSearch(db, query);
  const access = search.lead ?? (search.conditions.length > 0 ? 'rowids' : idWalk ? 'idWalk' : 'planner');
  let rows = kindRows(db, kind.type, compId, range, columns, access);
  for (const condition of search.conditions) rows = rows.where(condition);
  // The work queue (work-queue.ts), when the request asked for it.
  if (query.attentionBefore) rows = rows.where(needsAttention(query.attentionBefore));
  const base = db.selectFrom(rows.as('r')) as unknown as Filtered;
  // PostgreSQL: the trigram indexes are asked for the needles' ends, the list's own test decides (order-search.ts).
  const lowered = loweredColumns(db);
  const windows = trigramWindows(db, query, lowered);
  const filtered = applyFilters(base, query, kind.resource, { timeZone, tieBreaker: 'trctId', textWithoutLike: windows.fields, loweredColumns: lowered });
  return windows.conditions.reduce((q, condition) => q.where(condition), filtered);
}

/**
 * Row count, and the paid count and amount, over the whole filtered set: summed in SQL,
 * over only the columns it needs (no detail or notification join unless a filter reads one).
 */
export async function summary(
  db: Kysely<Database>, kind: ServerKind, compId: number, range: UtcRange, query: ListQuery, timeZone: string,
): Promise<{ total: number; paidCount: number; paidMinor: number }> {
  const row = await filteredRows(db, kind, compId, range, query, timeZone, ['trctStatus', 'lunasAmount'])
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`coalesce(sum(case when ${sql.ref('trctStatus')} = ${TRX_STATUS.PAID} then 1 else 0 end), 0)`.as('paidCount'),
      sql<number>`coalesce(sum(case when ${sql.ref('trctStatus')} = ${TRX_STATUS.PAID} then ${sql.ref('lunasAmount')} else 0 end), 0)`.as('paidMinor'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), paidCount: Number(row.paidCount), paidMinor: Number(row.paidMinor) };
}

/** Part of a page read in batches (modules/large-reads/large-page.ts): `limit` rows, after the row `last` when given. */
export interface PageBatch {
  limit: number;
  last: DbRow | null;
}

/**
 * One page: the page's ids are chosen over only the columns the query reads, and only those
 * rows are then joined to their detail and notification (a "late join": sorting the whole
 * filtered set with every join made costs seconds at a few hundred thousand rows). `idWalk`:
 * choose the ids by walking the id-order index (SQLite; page-plan.ts says when). `after`: the
 * page after that row (keyset, page-plan.ts) instead of the query's page number. `batch`: only
 * part of the page: its first `limit` rows, or the `limit` rows after `last`.
 */
export async function page(
  db: Kysely<Database>, kind: ServerKind, compId: number, range: UtcRange, query: ListQuery, timeZone: string, idWalk = false, after: PageCursor | null = null,
  batch: PageBatch | null = null,
): Promise<DbRow[]> {
  const chosen = filteredRows(db, kind, compId, range, query, timeZone, ['trctId'], idWalk).select(sql.ref('trctId').as('trctId'));
  let ids;
  if (batch?.last) {
    const last = positionOf(batch.last, query, 'trctId');
    ids = applyOrder(applyAfter(chosen, query, ORDER, last), query, ORDER).limit(batch.limit);
  } else if (after) {
    ids = keysetPage(chosen, batch ? { ...query, max: batch.limit } : query, after);
  } else {
    ids = applyOrder(chosen, query, ORDER).limit(batch?.limit ?? query.max).offset((query.page - 1) * query.max);
  }
  // No date range here: the ids are the page, and looking them up by key beats re-scanning the range.
  const rows = db.selectFrom(kindRows(db, kind.type, compId, { start: null, end: null }).where('t.trctId', 'in', ids).as('r')) as unknown as Filtered;
  return (await applyOrder(rows.selectAll(), query, ORDER).execute()) as DbRow[];
}
