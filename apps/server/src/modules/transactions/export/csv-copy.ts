/**
 * The CSV export on PostgreSQL at the database's own speed: the export's SELECT (export-repo.ts:
 * the list's rows in the export's order, newest first, each as csv-line-repo.ts's line, byte for
 * byte the row-by-row export's) run as one COPY (db/postgres-copy.ts), its output streamed to the
 * client as it comes, only as fast as the client takes it.
 *
 * Time limit: a COPY lasts as long as the client takes to download it (a large export outlasts
 * a query's limit even at the database's own speed, far more on a slow link), so it is not held
 * to the pool's DB_STATEMENT_TIMEOUT_MS but to EXPORT_STATEMENT_TIMEOUT_MS (1 hour; none when the
 * pool has none).
 */
import { copyLines } from '../../../db/postgres-copy.ts';
import type { CsvBatch, ExportSource } from './csv-source.ts';
import { csvLinesQuery } from './export-repo.ts';

export const EXPORT_STATEMENT_TIMEOUT_MS = 3_600_000;

/** The statement timeout of an export: at least an hour, none when the pool sets none. */
export function exportStatementTimeoutMs(poolStatementTimeoutMs: number): number {
  return poolStatementTimeoutMs > 0
    ? Math.max(poolStatementTimeoutMs, EXPORT_STATEMENT_TIMEOUT_MS)
    : 0;
}

/**
 * The CSV records of the export (no header), in the chunks PostgreSQL's socket delivers them.
 * Nothing is sent before the COPY has started: a busy pool or a failing query throws at the
 * first next().
 */
export async function* copyCsvBatches(s: ExportSource): AsyncGenerator<CsvBatch> {
  const select = csvLinesQuery(s.deps.db, s.rows, s.columns);
  for await (const b of copyLines(
    s.deps.db,
    select,
    exportStatementTimeoutMs(s.deps.config.dbPool.statementTimeoutMs),
  ))
    yield { text: b.bytes, rows: b.rows };
}
