/**
 * CSV export of a transaction list (spec §9): every visible column with its label, values
 * quoted and neutralised, status and notification as words, exact money, dates in
 * BUSINESS_TZ. Streamed in batches: memory stays flat whatever the row count, the consumer's
 * pace drives the reads, and a consumer that stops (client gone) stops them.
 *
 * Two ways to the same bytes:
 * - the database writes the lines (csv-line-repo.ts): on PostgreSQL one COPY (csv-copy.ts), on SQLite
 *   batches of lines concatenated on the SQLite thread (csv-sqlite.ts);
 * - row by row in JavaScript (`rowByRowBatches` below): the reference the tests compare the fast
 *   paths with byte for byte, and SQLite's path when the business time zone changes its offset
 *   (SQLite knows no time zones).
 */
import { csvLine, plainMinor } from '@tagih/contract';
import type { AppDeps } from '../../../deps.ts';
import type { AuditContext } from '../../../shared/audit-context.ts';
import type { CsvBatch, ExportSource } from './csv-source.ts';
import { copyCsvBatches } from './csv-copy.ts';
import { sqliteCsvBatches } from './csv-sqlite.ts';
import type { TransactionListRequest } from '../list/list-request.ts';
import { exportCells, type ExportCell } from './export-cells.ts';
import {
  auditedExport,
  exportMetrics,
  exportRowBatches,
  exportSource,
  type ExportPart,
} from './export-stream.ts';

/** Which way the lines are written: `fast` (the database) or `rowByRow` (JavaScript, the reference). */
export type ExportPath = 'fast' | 'rowByRow';

/** A cell as the CSV writes it (csvLine quotes and neutralises it): money plain, times local, empty for none. */
function csvValue(cell: ExportCell): string | number {
  if (cell === null) return '';
  switch (cell.type) {
    case 'text':
      return cell.text;
    case 'number':
      return cell.value;
    case 'money':
      return plainMinor(cell.minor);
    case 'time':
      return cell.local;
  }
}

/** The lines formatted here, row by row, over keyset batches of the full rows. */
export async function* rowByRowBatches(s: ExportSource): AsyncGenerator<CsvBatch> {
  const cellOf = exportCells(s.rows.kind, s.rows.timeZone);
  let no = 0;
  for await (const batch of exportRowBatches(s)) {
    let text = '';
    for (const row of batch) {
      no += 1;
      text += csvLine(s.columns.map((c) => csvValue(cellOf(c, row, no))));
    }
    yield { text, rows: batch.length };
  }
}

function fastBatches(s: ExportSource): AsyncGenerator<CsvBatch> | null {
  return s.deps.dialect === 'postgres' ? copyCsvBatches(s) : sqliteCsvBatches(s);
}

/** The header line once the first batch is read, then the batches as they come. */
async function* csvParts(source: ExportSource, path: ExportPath): AsyncGenerator<ExportPart> {
  const batches = (path === 'fast' && fastBatches(source)) || rowByRowBatches(source);
  try {
    let next = await batches.next();
    yield { part: csvLine(source.columns.map((c) => c.label)), rows: 0 };
    for (; !next.done; next = await batches.next()) {
      exportMetrics.batches += 1;
      exportMetrics.rows += next.value.rows;
      yield { part: next.value.text, rows: next.value.rows };
    }
  } finally {
    await batches.return(undefined);
  }
}

/**
 * The CSV generator of a parsed list request (a bad query was a 400 at its parse, before any
 * byte is sent). The first batch is read before the header is handed out, so a database that fails at once (a busy
 * pool, a failing query) still gets a JSON error instead of a cut CSV. When the stream ends it
 * records transaction.exported (export-stream.ts auditedExport: kind, format, the query's filters,
 * the rows written). A Buffer it yields is its consumer's alone (db/postgres-copy-reader.ts
 * LineBatch): the consumer may free it once done with it (send-csv.ts does, once written).
 */
export function prepareExport(
  deps: AppDeps,
  request: TransactionListRequest,
  context: AuditContext,
  path: ExportPath = 'fast',
): AsyncGenerator<string | Buffer> {
  return auditedExport(deps, request, context, 'csv', csvParts(exportSource(deps, request), path));
}
