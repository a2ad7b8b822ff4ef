/**
 * CSV export of a transaction list (spec §9): every visible column with its label, values
 * quoted and neutralised, status and notification as words, exact money, dates in
 * BUSINESS_TZ. Streamed in keyset batches: memory stays flat whatever the row count, the
 * consumer's pace drives the reads, and a consumer that stops (client gone) stops them.
 */
import {
  AUDIT_ACTIONS, MONEY_FIELDS, csvLine, dateTimeFormatter, notificationWord, plainMinor, transactionStatusLabel,
  type FieldDef, type RawQuery,
} from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import type { AuditContext } from '../../shared/audit-context.ts';
import { recordAudit } from '../audit/service.ts';
import type { ServerKind } from './kinds.ts';
import * as repo from './repo.ts';
import { parseListRequest } from './service.ts';

export const EXPORT_BATCH_ROWS = 2000;
/** Batches and rows read by exports since start (observability; tests check a stopped export stops reading). */
export const exportMetrics = { batches: 0, rows: 0 };

export const csvColumns = (kind: ServerKind): FieldDef[] => kind.resource.fields.filter((f) => !f.hidden);

function cell(kind: ServerKind, field: FieldDef, row: repo.DbRow, no: number, formatDate: (iso: string) => string): string | number {
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

/**
 * Validates the query now (a 400 before any byte is sent) and returns the CSV text generator.
 * When the stream ends it records transaction.exported (kind, the query's filters, the rows
 * written): outcome success when every row went out, failure when the client went away or a
 * read failed, with the rows written until then.
 */
export function prepareExport(deps: AppDeps, kind: ServerKind, context: AuditContext, compId: number, raw: RawQuery): AsyncGenerator<string> {
  const { query, range } = parseListRequest(deps, kind, raw);
  const timeZone = deps.config.businessTz;
  const formatDate = dateTimeFormatter(timeZone);
  const columns = csvColumns(kind);
  const filtered = () => repo.filteredRows(deps.db, kind, compId, range, query, timeZone);

  return (async function* csv() {
    let rows = 0;
    let complete = false;
    try {
      yield csvLine(columns.map((c) => c.label));
      let cursor: repo.ExportCursor | null = null;
      for (;;) {
        const batch = await repo.exportBatch(filtered(), cursor, EXPORT_BATCH_ROWS);
        exportMetrics.batches += 1;
        exportMetrics.rows += batch.length;
        if (batch.length > 0) {
          let chunk = '';
          let no = rows;
          for (const row of batch) {
            no += 1;
            chunk += csvLine(columns.map((c) => cell(kind, c, row, no, formatDate)));
          }
          // Counted as written once handed to the response stream.
          rows = no;
          yield chunk;
        }
        if (batch.length < EXPORT_BATCH_ROWS) break;
        const last = batch[batch.length - 1]!;
        cursor = { created: String(last.trctCreatedTime), id: Number(last.trctId) };
      }
      complete = true;
    } finally {
      await recordAudit(deps.db, deps.clock, context, {
        action: AUDIT_ACTIONS.transactionExported,
        outcome: complete ? 'success' : 'failure',
        details: { kind: kind.type, filters: raw, rows },
      });
    }
  })();
}
