/**
 * The CSV export on SQLite: the lines written by SQLite (csv-sql.ts) on the reader thread and
 * joined there, so a batch of 2,000 rows crosses to the HTTP thread as one value: no row
 * objects to copy between threads, no JavaScript per row. Keyset batches in the export's order
 * (newest first), each a fresh short query, so a reader is never held between batches.
 *
 * The batch is a BLOB of the lines' UTF-8 bytes, not a text: its memory moves between the
 * threads (sqlite-worker.ts) and send-csv.ts frees it once written. As a text (~300 KB, V8's
 * large-object space) each batch waited for a full collection, and the server's RSS grew by
 * ~140 MB over a 1M-row export (bench/README.md).
 *
 * SQLite knows no time zones: the dates are written by adding the business zone's offset, which
 * is only right for a zone whose offset never changes (Asia/Jakarta); for any other zone this
 * path is not taken (csv-export.ts keeps the row-by-row lines).
 */
import { sql } from 'kysely';
import type { CsvBatch, ExportSource } from './csv-source.ts';
import { csvLineSql, fixedOffsetMinutes, sqliteLine } from './csv-sql.ts';
import * as repo from '../list/list-repo.ts';

interface Cursor {
  created: string;
  id: number;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the derived tables' columns are the kind's fields
type AnyQuery = any;

/** One batch: the next `batchRows` rows after `after`, as one text, with the last row's keys. */
function batchQuery(s: ExportSource, after: Cursor | null, rowsBefore: number, offset: number): AnyQuery {
  const { db } = s.deps;
  // After the first batch the cursor is the upper bound, and the range's end is left out: SQLite's
  // index range takes one upper bound, and given both it took the range's end, so each batch walked
  // every newer row again (quadratic: 1M rows took minutes).
  const range = after ? { start: s.rows.range.start, end: null } : s.rows.range;
  let rows: AnyQuery = repo.filteredRows(db, { ...s.rows, range }).selectAll();
  if (after) {
    // As repo.exportBatch: `<=` first gives SQLite an index range; the OR then breaks ties by id.
    rows = rows
      .where(sql.ref('trctCreatedTime'), '<=', after.created)
      .where((eb: AnyQuery) => eb.or([eb(sql.ref('trctCreatedTime'), '<', after.created), eb(sql.ref('trctId'), '<', after.id)]));
  }
  rows = rows.orderBy(sql.ref('trctCreatedTime'), 'desc').orderBy(sql.ref('trctId'), 'desc').limit(s.batchRows);
  // The No. column counts over the whole export: this batch's rows continue from rowsBefore.
  const rowNumber = s.columns.some((c) => c.name === 'no')
    ? sql`${sql.lit(rowsBefore)} + row_number() over (order by ${sql.ref('trctCreatedTime')} desc, ${sql.ref('trctId')} desc)`
    : null;
  const lines = db
    .selectFrom(rows.as('r'))
    .select([
      csvLineSql(sqliteLine(offset), s.rows.kind, s.columns, rowNumber).as('line'),
      sql.ref('trctCreatedTime').as('c'),
      sql.ref('trctId').as('i'),
    ]);
  return db
    .with((cte) => cte('b').materialized(), () => lines)
    .selectFrom('b')
    .select((eb: AnyQuery) => [
      sql<Uint8Array>`cast(group_concat(line, '' order by c desc, i desc) as blob)`.as('bytes'),
      sql<number>`count(*)`.as('n'),
      eb.selectFrom('b').select('c').orderBy('c').orderBy('i').limit(1).as('lastCreated'),
      eb.selectFrom('b').select('i').orderBy('c').orderBy('i').limit(1).as('lastId'),
    ]);
}

/** The batches of SQLite-written lines, or null when the business time zone rules this path out. */
export function sqliteCsvBatches(s: ExportSource): AsyncGenerator<CsvBatch> | null {
  const offset = fixedOffsetMinutes(s.rows.timeZone);
  if (offset === null) return null;
  return (async function* batches() {
    let after: Cursor | null = null;
    let rowsBefore = 0;
    for (;;) {
      const row = (await batchQuery(s, after, rowsBefore, offset).executeTakeFirst()) as
        | { bytes: Uint8Array | null; n: number; lastCreated: string | null; lastId: number | null }
        | undefined;
      const n = Number(row?.n ?? 0);
      // The batch's own memory (moved from the SQLite thread), so its consumer may free it (CsvBatch).
      if (n > 0) {
        const bytes = row!.bytes!;
        yield { text: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), rows: n };
      }
      if (n < s.batchRows) return;
      rowsBefore += n;
      after = { created: String(row!.lastCreated), id: Number(row!.lastId) };
    }
  })();
}
