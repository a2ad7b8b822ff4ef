/**
 * CSV export of a transaction list (spec §9): every visible column with its label, values
 * quoted and neutralised, status and notification as words, exact money, dates in
 * BUSINESS_TZ. Streamed in batches: memory stays flat whatever the row count, the consumer's
 * pace drives the reads, and a consumer that stops (client gone) stops them.
 *
 * Two ways to the same bytes:
 * - the database writes the lines (csv-sql.ts): on PostgreSQL one COPY (csv-copy.ts), on SQLite
 *   batches of lines concatenated on the SQLite thread (csv-sqlite.ts);
 * - row by row in JavaScript (`rowByRowBatches` below): the reference the tests compare the fast
 *   paths with byte for byte, and SQLite's path when the business time zone changes its offset
 *   (SQLite knows no time zones).
 */
import {
  AUDIT_ACTIONS, MONEY_FIELDS, csvLine, dateTimeFormatter, notificationWord, plainMinor, transactionStatusLabel,
  type FieldDef, type RawQuery,
} from '@tagih/contract';
import type { AppDeps } from '../../../deps.ts';
import type { AuditContext } from '../../../shared/audit-context.ts';
import { recordAudit } from '../../audit/service.ts';
import type { LineBatch } from '../../../db/postgres-copy-reader.ts';
import type { CsvBatch, ExportSource } from './csv-source.ts';
import { copyCsvBatches } from './csv-copy.ts';
import { sqliteCsvBatches } from './csv-sqlite.ts';
import type { ServerKind } from '../kinds.ts';
import { exportBatch, type ExportCursor } from './export-repo.ts';
import { filteredRows, type DbRow } from '../list/list-repo.ts';
import { parseListRequest } from '../list/list-service.ts';

export const EXPORT_BATCH_ROWS = 2000;
/** Batches and rows read by exports since start (observability; tests check a stopped export stops reading). */
export const exportMetrics = { batches: 0, rows: 0 };

export const csvColumns = (kind: ServerKind): FieldDef[] => kind.resource.fields.filter((f) => !f.hidden);

/** Which way the lines are written: `fast` (the database) or `rowByRow` (JavaScript, the reference). */
export type ExportPath = 'fast' | 'rowByRow';


function cell(kind: ServerKind, field: FieldDef, row: DbRow, no: number, formatDate: (iso: string) => string): string | number {
  const value = row[field.name];
  if (field.name === 'no') return no;
  if (field.name === 'notification') {
    return notificationWord(row.notiStatus === null ? null : { notiStatus: Number(row.notiStatus) }, kind.csvNoNotification);
  }
  if (field.name === 'trctStatus') return transactionStatusLabel(String(value ?? '')) || String(value ?? '');
  if (value === null || value === undefined) return '';
  if (MONEY_FIELDS.has(field.name)) return plainMinor(Number(value));
  if (field.type === 'date') return formatDate(String(value));
  return value;
}

/** The lines formatted here, row by row, over keyset batches of the full rows. */
export async function* rowByRowBatches(s: ExportSource): AsyncGenerator<CsvBatch> {
  const formatDate = dateTimeFormatter(s.deps.config.businessTz);
  // After the first batch the cursor is the upper bound (csv-sqlite.ts says why the range's end goes).
  const filtered = (after: ExportCursor | null) =>
    filteredRows(s.deps.db, s.kind, s.compId, after ? { start: s.range.start, end: null } : s.range, s.query, s.deps.config.businessTz);
  let no = 0;
  let cursor: ExportCursor | null = null;
  for (;;) {
    const batch = await exportBatch(filtered(cursor), cursor, s.batchRows);
    if (batch.length > 0) {
      let text = '';
      for (const row of batch) {
        no += 1;
        text += csvLine(s.columns.map((c) => cell(s.kind, c, row, no, formatDate)));
      }
      yield { text, rows: batch.length };
    }
    if (batch.length < s.batchRows) return;
    const last = batch[batch.length - 1]!;
    cursor = { created: String(last.trctCreatedTime), id: Number(last.trctId) };
  }
}

function fastBatches(s: ExportSource): AsyncGenerator<CsvBatch> | null {
  if (s.deps.dialect === 'postgres') return lineBatches(copyCsvBatches(s.deps, s.kind, s.columns, s.compId, s.range, s.query));
  return sqliteCsvBatches(s);
}

async function* lineBatches(batches: AsyncGenerator<LineBatch>): AsyncGenerator<CsvBatch> {
  for await (const b of batches) yield { text: b.bytes, rows: b.rows };
}

/**
 * Validates the query now (a 400 before any byte is sent) and returns the CSV generator. The
 * first batch is read before the header is handed out, so a database that fails at once (a busy
 * pool, a failing query) still gets a JSON error instead of a cut CSV. When the stream ends it
 * records transaction.exported (kind, the query's filters, the rows written): outcome success
 * when every row went out, failure when the client went away or a read failed, with the rows
 * written until then. A Buffer it yields is its consumer's alone (copy-lines.ts LineBatch): the
 * consumer may free it once done with it (send-csv.ts does, once written).
 */
export function prepareExport(
  deps: AppDeps, kind: ServerKind, context: AuditContext, compId: number, raw: RawQuery, path: ExportPath = 'fast',
): AsyncGenerator<string | Buffer> {
  const { query, range } = parseListRequest(deps, kind, raw);
  const source: ExportSource = { deps, kind, columns: csvColumns(kind), compId, range, query, batchRows: EXPORT_BATCH_ROWS };

  return (async function* csv() {
    let rows = 0;
    let complete = false;
    const batches = (path === 'fast' && fastBatches(source)) || rowByRowBatches(source);
    try {
      let next = await batches.next();
      yield csvLine(source.columns.map((c) => c.label));
      for (; !next.done; next = await batches.next()) {
        exportMetrics.batches += 1;
        exportMetrics.rows += next.value.rows;
        // Counted as written once handed to the response stream.
        rows += next.value.rows;
        yield next.value.text;
      }
      complete = true;
    } finally {
      await batches.return(undefined);
      await recordAudit(deps.db, deps.clock, context, {
        action: AUDIT_ACTIONS.transactionExported,
        outcome: complete ? 'success' : 'failure',
        details: { kind: kind.type, filters: raw, rows },
      });
    }
  })();
}
