/**
 * SQL of the CSV export besides the line itself (csv-line-repo.ts): the list's rows in the
 * export's order, newest first (created time, then id), read in keyset batches; the COPY's SELECT
 * (PostgreSQL) and SQLite's batch of lines.
 */
import type { FieldDef } from '@tagih/contract';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import * as repo from '../list/list-repo.ts';
import type { RowSelection } from '../list/list-request.ts';
import { csvLineSql, postgresLine, sqliteLine } from './csv-line-repo.ts';

/** Where the next batch starts: after the row with this created time and id. */
export interface ExportCursor {
  created: string;
  id: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the derived tables' columns are the kind's fields
type AnyQuery = any;

const EXPORT_ORDER = sql`order by ${sql.ref('trctCreatedTime')} desc, ${sql.ref('trctId')} desc`;

/** The matching rows after `after` (all of them when null), every column, in the export's order. */
function rowsAfter(db: Kysely<Database>, rows: RowSelection, after: ExportCursor | null): AnyQuery {
  // After the first batch the cursor is the upper bound, and the range's end is left out: SQLite's
  // index range takes one upper bound, and given both it took the range's end, so each batch walked
  // every newer row again (quadratic in the export's size).
  let q: AnyQuery = repo
    .filteredRows(db, after ? { ...rows, range: { start: rows.range.start, end: null } } : rows)
    .selectAll();
  if (after) {
    // `<=` first gives both databases an index range; the OR then breaks ties by id.
    q = q
      .where(sql.ref('trctCreatedTime'), '<=', after.created)
      .where((eb: AnyQuery) =>
        eb.or([
          eb(sql.ref('trctCreatedTime'), '<', after.created),
          eb(sql.ref('trctId'), '<', after.id),
        ]),
      );
  }
  return q.orderBy(sql.ref('trctCreatedTime'), 'desc').orderBy(sql.ref('trctId'), 'desc');
}

/** The next `size` rows of the export (keyset: constant cost per batch). */
export async function exportBatch(
  db: Kysely<Database>,
  rows: RowSelection,
  after: ExportCursor | null,
  size: number,
): Promise<repo.DbRow[]> {
  return (await rowsAfter(db, rows, after).limit(size).execute()) as repo.DbRow[];
}

/** PostgreSQL: the export's SELECT for its COPY: one text column, the CSV record of each row, in the export's order. */
export function csvLinesQuery(
  db: Kysely<Database>,
  rows: RowSelection,
  columns: readonly FieldDef[],
): CompiledQuery {
  const rowNumber = columns.some((c) => c.name === 'no')
    ? sql`row_number() over (${EXPORT_ORDER})`
    : null;
  return repo
    .filteredRows(db, rows)
    .select(csvLineSql(postgresLine(rows.timeZone), rows.kind, columns, rowNumber).as('line'))
    .orderBy(sql.ref('trctCreatedTime'), 'desc')
    .orderBy(sql.ref('trctId'), 'desc')
    .compile();
}

/** One SQLite batch of lines: their UTF-8 bytes joined, how many, and the last row's keys (the next cursor). */
export interface SqliteLines {
  bytes: Uint8Array | null;
  n: number;
  lastCreated: string | null;
  lastId: number | null;
}

/** What a batch of lines is made of: the list's rows, the CSV's columns, how many rows at most. */
export interface ExportedRows {
  rows: RowSelection;
  columns: readonly FieldDef[];
  size: number;
}

/** Where a SQLite batch starts, and how many rows came before it (the No. column counts on). */
export interface SqliteBatchStart {
  after: ExportCursor | null;
  rowsBefore: number;
}

/**
 * SQLite: the next `size` rows' lines as one BLOB, joined on the reader thread. `offsetMinutes`:
 * the business zone's fixed offset (business-time.ts fixedOffsetMinutes), which writes its dates.
 */
export async function sqliteLinesBatch(
  db: Kysely<Database>,
  of: ExportedRows,
  start: SqliteBatchStart,
  offsetMinutes: number,
): Promise<SqliteLines | undefined> {
  const { rows, columns, size } = of;
  const batch = rowsAfter(db, rows, start.after).limit(size);
  // The No. column counts over the whole export: this batch's rows continue from rowsBefore.
  const rowNumber = columns.some((c) => c.name === 'no')
    ? sql`${sql.lit(start.rowsBefore)} + row_number() over (${EXPORT_ORDER})`
    : null;
  const lines = db
    .selectFrom(batch.as('r'))
    .select([
      csvLineSql(sqliteLine(offsetMinutes), rows.kind, columns, rowNumber).as('line'),
      sql.ref('trctCreatedTime').as('c'),
      sql.ref('trctId').as('i'),
    ]);
  return (await db
    .with(
      (cte) => cte('b').materialized(),
      () => lines,
    )
    .selectFrom('b')
    .select((eb: AnyQuery) => [
      sql<Uint8Array>`cast(group_concat(line, '' order by c desc, i desc) as blob)`.as('bytes'),
      sql<number>`count(*)`.as('n'),
      eb.selectFrom('b').select('c').orderBy('c').orderBy('i').limit(1).as('lastCreated'),
      eb.selectFrom('b').select('i').orderBy('c').orderBy('i').limit(1).as('lastId'),
    ])
    .executeTakeFirst()) as SqliteLines | undefined;
}
