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
import {
  AUDIT_ACTIONS,
  MONEY_FIELDS,
  csvLine,
  dateTimeFormatter,
  notificationWord,
  plainMinor,
  transactionStatusLabel,
  type FieldDef,
} from '@tagih/contract';
import type { AppDeps } from '../../../deps.ts';
import type { AuditContext } from '../../../shared/audit-context.ts';
import { recordAudit } from '../../audit/service.ts';
import type { CsvBatch, ExportSource } from './csv-source.ts';
import { copyCsvBatches } from './csv-copy.ts';
import { sqliteCsvBatches } from './csv-sqlite.ts';
import type { ServerKind } from '../kinds.ts';
import type { TransactionListRequest } from '../list/list-request.ts';
import { exportBatch, type ExportCursor } from './export-repo.ts';
import type { DbRow } from '../list/list-repo.ts';

export const EXPORT_BATCH_ROWS = 2000;
/** Batches and rows read by exports since start (observability; tests check a stopped export stops reading). */
export const exportMetrics = { batches: 0, rows: 0 };

export const csvColumns = (kind: ServerKind): FieldDef[] =>
  kind.resource.fields.filter((f) => !f.hidden);

/** Which way the lines are written: `fast` (the database) or `rowByRow` (JavaScript, the reference). */
export type ExportPath = 'fast' | 'rowByRow';

/** What every cell of an export is written with: the kind's words and the business time zone's dates. */
interface CellFormat {
  kind: ServerKind;
  formatDate: (iso: string) => string;
}

function cell(
  { kind, formatDate }: CellFormat,
  field: FieldDef,
  row: DbRow,
  no: number,
): string | number {
  const value = row[field.name];
  if (field.name === 'no') return no;
  if (field.name === 'notification') {
    return notificationWord(
      row.notiStatus === null ? null : { notiStatus: Number(row.notiStatus) },
      kind.csvNoNotification,
    );
  }
  if (field.name === 'trctStatus')
    return transactionStatusLabel(String(value ?? '')) || String(value ?? '');
  if (value === null || value === undefined) return '';
  if (MONEY_FIELDS.has(field.name)) return plainMinor(Number(value));
  if (field.type === 'date') return formatDate(String(value));
  return value;
}

/** The lines formatted here, row by row, over keyset batches of the full rows. */
export async function* rowByRowBatches(s: ExportSource): AsyncGenerator<CsvBatch> {
  const format: CellFormat = { kind: s.rows.kind, formatDate: dateTimeFormatter(s.rows.timeZone) };
  let no = 0;
  let cursor: ExportCursor | null = null;
  for (;;) {
    const batch = await exportBatch(s.deps.db, s.rows, cursor, s.batchRows);
    if (batch.length > 0) {
      let text = '';
      for (const row of batch) {
        no += 1;
        text += csvLine(s.columns.map((c) => cell(format, c, row, no)));
      }
      yield { text, rows: batch.length };
    }
    if (batch.length < s.batchRows) return;
    const last = batch[batch.length - 1]!;
    cursor = { created: String(last.trctCreatedTime), id: Number(last.trctId) };
  }
}

function fastBatches(s: ExportSource): AsyncGenerator<CsvBatch> | null {
  return s.deps.dialect === 'postgres' ? copyCsvBatches(s) : sqliteCsvBatches(s);
}

/**
 * The CSV generator of a parsed list request (a bad query was a 400 at its parse, before any
 * byte is sent). The first batch is read before the header is handed out, so a database that fails at once (a busy
 * pool, a failing query) still gets a JSON error instead of a cut CSV. When the stream ends it
 * records transaction.exported (kind, the query's filters, the rows written): outcome success
 * when every row went out, failure when the client went away or a read failed, with the rows
 * written until then. A Buffer it yields is its consumer's alone (db/postgres-copy-reader.ts
 * LineBatch): the consumer may free it once done with it (send-csv.ts does, once written).
 */
export function prepareExport(
  deps: AppDeps,
  request: TransactionListRequest,
  context: AuditContext,
  path: ExportPath = 'fast',
): AsyncGenerator<string | Buffer> {
  const { kind } = request;
  const source: ExportSource = {
    deps,
    rows: request,
    columns: csvColumns(kind),
    batchRows: EXPORT_BATCH_ROWS,
  };

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
        details: { kind: kind.type, filters: request.asSent, rows },
      });
    }
  })();
}
