/** SQL of the transaction lists, shared by VA and QRIS (kind-rows-repo.ts holds the differences). */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { TRX_STATUS, type ListQuery } from '@tagih/contract';
import {
  applyAfter,
  applyFilters,
  applyOrder,
  fieldsOfQuery,
  positionOf,
} from '../../../db/list-sql.ts';
import type { Database } from '../../../db/tables.ts';
import { kindRows, loweredColumns } from './kind-rows-repo.ts';
import type { RowSelection } from './list-request.ts';
import { searchTexts, sqliteSearch, trigramWindows } from './search-repo.ts';
import type { PageCursor } from './page-plan.ts';
import { needsAttention } from './work-queue-repo.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the derived table's columns are the kind's fields
export type Filtered = SelectQueryBuilder<any, 'r', object>;
/** A row of the derived table: the kind's API fields (money in minor units) plus notiStatus and lunasAmount. */
export type DbRow = Record<string, string | number | null>;

const ORDER = { timeZone: 'UTC', tieBreaker: 'trctId' } as const;

/** Which columns the rows carry and how SQLite reads them. */
export interface RowsRead {
  /** Only these columns (and the joins they need) besides those the query reads; all when absent. */
  fields?: readonly string[];
  /** SQLite: walk the id-order index (page-plan.ts says when). */
  idWalk?: boolean;
}

/** The company's rows of a kind, with the list query's filters, search text and work queue (not yet ordered or paged). */
export function filteredRows(
  db: Kysely<Database>,
  selection: RowSelection,
  read: RowsRead = {},
): Filtered {
  const { kind, compId, range, query, timeZone } = selection;
  const columns = read.fields ? new Set([...fieldsOfQuery(query), ...read.fields]) : undefined;
  const texts = searchTexts(query);
  const search = sqliteSearch(db, texts);
  const byId = search.conditions.length > 0 || selection.exactIds !== undefined;
  const access = search.lead ?? (byId ? 'rowids' : read.idWalk ? 'idWalk' : 'planner');
  let rows = kindRows(db, { type: kind.type, compId, range }, { fields: columns, access });
  for (const condition of search.conditions) rows = rows.where(condition);
  // An exact id searched on any date (exact-id.ts): its rows by primary key.
  if (selection.exactIds)
    rows = rows.where(
      't.trctId',
      'in',
      selection.exactIds.length > 0 ? [...selection.exactIds] : [-1],
    );
  // The work queue (work-queue-repo.ts), when the request asked for it.
  if (query.attentionBefore) rows = rows.where(needsAttention(query.attentionBefore));
  const base = db.selectFrom(rows.as('r')) as unknown as Filtered;
  // PostgreSQL: the trigram indexes are asked for the search texts' ends, the list's own test decides (search-repo.ts).
  const lowered = loweredColumns(db);
  const windows = trigramWindows(db, texts, lowered);
  const filtered = applyFilters(base, query, kind.resource, {
    timeZone,
    tieBreaker: 'trctId',
    textWithoutLike: windows.fields,
    loweredColumns: lowered,
  });
  return windows.conditions.reduce((q, condition) => q.where(condition), filtered);
}

/**
 * Row count, and the paid count and amount, over the whole filtered set: summed in SQL,
 * over only the columns it needs (no detail or notification join unless a filter reads one).
 */
export async function summary(
  db: Kysely<Database>,
  selection: RowSelection,
): Promise<{ total: number; paidCount: number; paidMinor: number }> {
  const row = await filteredRows(db, selection, { fields: ['trctStatus', 'lunasAmount'] })
    .select([
      sql<number>`count(*)`.as('total'),
      sql<number>`coalesce(sum(case when ${sql.ref('trctStatus')} = ${TRX_STATUS.PAID} then 1 else 0 end), 0)`.as(
        'paidCount',
      ),
      sql<number>`coalesce(sum(case when ${sql.ref('trctStatus')} = ${TRX_STATUS.PAID} then ${sql.ref('lunasAmount')} else 0 end), 0)`.as(
        'paidMinor',
      ),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    paidCount: Number(row.paidCount),
    paidMinor: Number(row.paidMinor),
  };
}

/** The trctIds the rows hold, every page (a bulk selection's "all that match"), as a subquery. */
export function matchingIds(db: Kysely<Database>, selection: RowSelection) {
  return filteredRows(db, selection, { fields: ['trctId'] }).select(
    sql<number>`${sql.ref('trctId')}`.as('trctId'),
  );
}

/**
 * The page after `cursor`: rows beyond it in the query's order, the first `max` of them. The order
 * names no nulls rule (both columns are NOT NULL), so an index in either direction serves it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the derived table of the kind's fields
function keysetPage<Q extends SelectQueryBuilder<any, any, any>>(
  qb: Q,
  query: ListQuery,
  cursor: PageCursor,
): Q {
  const desc = query.order.direction === 'desc';
  const beyond: '<' | '>' = desc ? '<' : '>';
  const id = sql.ref('trctId');
  let q = qb;
  if (query.order.field === 'trctCreatedTime' && cursor.created !== null) {
    const created = sql.ref('trctCreatedTime');
    // The inclusive bound first gives both databases an index range; the OR then breaks ties by id.
    q = q
      .where(created, desc ? '<=' : '>=', cursor.created)
      .where((eb) => eb.or([eb(created, beyond, cursor.created), eb(id, beyond, cursor.id)])) as Q;
    q = q.orderBy(created, query.order.direction) as Q;
  } else {
    q = q.where(id, beyond, cursor.id) as Q;
  }
  return q.orderBy(id, query.order.direction).limit(query.max) as Q;
}

/** Part of a page read in batches (modules/large-reads/large-page.ts): `limit` rows, after the row `last` when given. */
export interface PageBatch {
  limit: number;
  last: DbRow | null;
}

/** How a page is read: see `page`. */
export interface PageRead {
  /** SQLite: choose the ids by walking the id-order index (page-plan.ts says when). */
  idWalk?: boolean;
  /** The page after this row (keyset, page-plan.ts) instead of the query's page number. */
  after?: PageCursor | null;
  /** Only part of the page: its first `limit` rows, or the `limit` rows after `last`. */
  batch?: PageBatch | null;
}

/**
 * One page: the page's ids are chosen over only the columns the query reads, and only those
 * rows are then joined to their detail and notification (a "late join": sorting the whole
 * filtered set with every join made costs seconds at a few hundred thousand rows).
 */
export async function page(
  db: Kysely<Database>,
  selection: RowSelection,
  read: PageRead = {},
): Promise<DbRow[]> {
  const { kind, compId, query } = selection;
  const { after = null, batch = null } = read;
  const chosen = filteredRows(db, selection, { fields: ['trctId'], idWalk: read.idWalk }).select(
    sql.ref('trctId').as('trctId'),
  );
  let ids;
  if (batch?.last) {
    const last = positionOf(batch.last, query, 'trctId');
    ids = applyOrder(applyAfter(chosen, query, ORDER, last), query, ORDER).limit(batch.limit);
  } else if (after) {
    ids = keysetPage(chosen, batch ? { ...query, max: batch.limit } : query, after);
  } else {
    ids = applyOrder(chosen, query, ORDER)
      .limit(batch?.limit ?? query.max)
      .offset((query.page - 1) * query.max);
  }
  // No date range here: the ids are the page, and looking them up by key beats re-scanning the range.
  const rows = db.selectFrom(
    kindRows(db, { type: kind.type, compId, range: { start: null, end: null } })
      .where('t.trctId', 'in', ids)
      .as('r'),
  ) as unknown as Filtered;
  return (await applyOrder(rows.selectAll(), query, ORDER).execute()) as DbRow[];
}
