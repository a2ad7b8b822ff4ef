/**
 * What every transaction export shares, whatever its file (csv-export.ts, xlsx-export.ts): the
 * list request's rows and columns, read in keyset batches (newest first), and the audit event
 * when the file ends. A file's writer yields the parts of the file, each with the rows it
 * completes; nothing is read before the consumer asks for the first part.
 */
import { AUDIT_ACTIONS, type FieldDef } from '@tagih/contract';
import type { AppDeps } from '../../../deps.ts';
import type { AuditContext } from '../../../shared/audit-context.ts';
import { recordAudit } from '../../audit/service.ts';
import type { ServerKind } from '../kinds.ts';
import type { DbRow } from '../list/list-repo.ts';
import type { TransactionListRequest } from '../list/list-request.ts';
import type { ExportSource } from './csv-source.ts';
import { exportBatch, type ExportCursor } from './export-repo.ts';

export const EXPORT_BATCH_ROWS = 2000;
/** Batches and rows read by exports since start (observability; tests check a stopped export stops reading). */
export const exportMetrics = { batches: 0, rows: 0 };

/** The exported columns: every visible column of the kind, as the spec's CSV has them (§9). */
export const csvColumns = (kind: ServerKind): FieldDef[] =>
  kind.resource.fields.filter((f) => !f.hidden);

/** The file an export writes; named in its audit event. */
export type ExportFormat = 'csv' | 'xlsx';

/** A part of the file and how many rows it completes (counted as written once handed on). */
export interface ExportPart {
  part: string | Buffer;
  rows: number;
}

/** What a file's writer is given: the request's rows, the kind's visible columns, the batch size. */
export function exportSource(deps: AppDeps, request: TransactionListRequest): ExportSource {
  return {
    deps,
    rows: request,
    columns: csvColumns(request.kind),
    batchRows: EXPORT_BATCH_ROWS,
  };
}

/** Every matching row with every column, in keyset batches of `batchRows` in the export's order (newest first). */
export async function* exportRowBatches(s: ExportSource): AsyncGenerator<DbRow[]> {
  let cursor: ExportCursor | null = null;
  for (;;) {
    const batch = await exportBatch(s.deps.db, s.rows, cursor, s.batchRows);
    if (batch.length > 0) yield batch;
    if (batch.length < s.batchRows) return;
    const last = batch[batch.length - 1]!;
    cursor = { created: String(last.trctCreatedTime), id: Number(last.trctId) };
  }
}

/**
 * The file's parts as the response sends them. When they end, records transaction.exported
 * (kind, format, the query's filters, the rows written): outcome success when every part went
 * out, failure when the client went away or a read failed, with the rows written until then.
 */
export async function* auditedExport(
  deps: AppDeps,
  request: TransactionListRequest,
  context: AuditContext,
  format: ExportFormat,
  parts: AsyncGenerator<ExportPart>,
): AsyncGenerator<string | Buffer> {
  let rows = 0;
  let complete = false;
  try {
    for (let next = await parts.next(); !next.done; next = await parts.next()) {
      rows += next.value.rows;
      yield next.value.part;
    }
    complete = true;
  } finally {
    await parts.return(undefined);
    await recordAudit(deps.db, deps.clock, context, {
      action: AUDIT_ACTIONS.transactionExported,
      outcome: complete ? 'success' : 'failure',
      details: { kind: request.kind.type, format, filters: request.asSent, rows },
    });
  }
}
