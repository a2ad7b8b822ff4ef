/**
 * The CSV export on SQLite: the lines written by SQLite (csv-line-repo.ts) on the reader thread and
 * joined there, so a batch of 2,000 rows crosses to the HTTP thread as one value: no row
 * objects to copy between threads, no JavaScript per row. Keyset batches in the export's order
 * (newest first), each a fresh short query, so a reader is never held between batches.
 *
 * The batch is a BLOB of the lines' UTF-8 bytes, not a text: its memory moves between the
 * threads (db/sqlite-worker.ts) and send-csv.ts frees it once written. As a text (large enough
 * for V8's large-object space) each batch waited for a full collection, and the server's RSS grew
 * over a large export (bench/README.md).
 *
 * SQLite knows no time zones: the dates are written by adding the business zone's offset, which
 * is only right for a zone whose offset never changes (Asia/Jakarta); for any other zone this
 * path is not taken (csv-export.ts keeps the row-by-row lines).
 */
import type { CsvBatch, ExportSource } from './csv-source.ts';
import { fixedOffsetMinutes } from '../../../business-time.ts';
import { sqliteLinesBatch, type ExportCursor } from './export-repo.ts';

/** The batches of SQLite-written lines, or null when the business time zone rules this path out. */
export function sqliteCsvBatches(s: ExportSource): AsyncGenerator<CsvBatch> | null {
  const offset = fixedOffsetMinutes(s.rows.timeZone);
  if (offset === null) return null;
  return (async function* batches() {
    let after: ExportCursor | null = null;
    let rowsBefore = 0;
    for (;;) {
      const row = await sqliteLinesBatch(
        s.deps.db,
        { rows: s.rows, columns: s.columns, size: s.batchRows },
        { after, rowsBefore },
        offset,
      );
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
