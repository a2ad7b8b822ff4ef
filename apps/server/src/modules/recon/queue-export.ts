/**
 * The break queue as CSV (GET /recon/breaks/export.csv): the list's filters and order, every page,
 * in batches. The query is checked (a 400 before any byte) and the export recorded
 * (recon.breaks.exported) before the first byte; cells go through the contract's csvLine
 * (quoted, formulas neutralised: a negative difference reads '-1.00).
 */
import {
  AUDIT_ACTIONS,
  RECON_CATEGORY_LABEL,
  RECON_RESOLUTION_LABEL,
  RECON_STATUS_LABEL,
  csvLine,
  dateTimeFormatter,
  type BreakRow,
  type ListedCategory,
  type RawQuery,
} from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import type { SessionContext } from '../../shared/session.ts';
import { recordAudit, type AuditContext } from '../audit/service.ts';
import { toBreakRow } from './break-rows.ts';
import { planQueue } from './queue.ts';
import { queueRows, queueTotal } from './queue-repo.ts';

export const QUEUE_EXPORT_BATCH_ROWS = 1000;

const money = (value: number | null) => (value === null ? '' : value.toFixed(2));

/** Header and cell of each column, in the order of the screen's table. */
function columns(timeZone: string): [string, (row: BreakRow) => string | number | null][] {
  const time = dateTimeFormatter(timeZone);
  return [
    ['ID', (r) => r.rbrkId],
    ['Kategori', (r) => RECON_CATEGORY_LABEL[r.category as ListedCategory] ?? r.category],
    ['Status', (r) => RECON_STATUS_LABEL[r.status]],
    ['Tanggal', (r) => time(r.at)],
    ['Umur (hari)', (r) => r.ageDays],
    ['Perusahaan', (r) => r.compName],
    ['Bank', (r) => r.bank],
    ['No. Rekening', (r) => r.accountNo],
    ['Tanggal Bank', (r) => r.lineDay],
    ['Nominal Bank', (r) => money(r.lineAmount)],
    ['Referensi Bank', (r) => r.lineReference],
    ['Keterangan Bank', (r) => r.lineNarrative],
    ['Order ID', (r) => r.trctOrderId],
    ['Nominal Tagih', (r) => money(r.trctAmount)],
    ['Waktu Lunas', (r) => time(r.paidAt)],
    ['Selisih', (r) => money(r.difference)],
    ['Kandidat Terdekat', (r) => r.candidateOrderId],
    ['Alasan Tidak Cocok', (r) => r.differences.map((d) => d.text).join('; ')],
    ['Penyelesaian', (r) => (r.resolution ? RECON_RESOLUTION_LABEL[r.resolution] : '')],
    ['Diselesaikan Oleh', (r) => r.resolvedBy],
    ['Waktu Selesai', (r) => time(r.resolvedAt)],
  ];
}

export async function prepareQueueExport(
  deps: AppDeps,
  session: SessionContext,
  context: AuditContext,
  raw: RawQuery,
): Promise<AsyncGenerator<string>> {
  const plan = await planQueue(deps, session, raw);
  const total = await queueTotal(plan.queue);
  await recordAudit(deps.db, deps.clock, context, {
    action: AUDIT_ACTIONS.recon.breaksExported,
    details: { filters: raw, rows: total },
  });
  const cols = columns(deps.config.businessTz);
  const now = deps.clock.now();
  return (async function* csv() {
    yield csvLine(cols.map(([label]) => label));
    for (let page = 1; ; page += 1) {
      const rows = await queueRows(plan.queue, plan.query, page, QUEUE_EXPORT_BATCH_ROWS);
      if (rows.length === 0) return;
      yield rows
        .map((q) => {
          const row = toBreakRow(q, now, deps.config.businessTz);
          return csvLine(cols.map(([, cell]) => cell(row)));
        })
        .join('');
      if (rows.length < QUEUE_EXPORT_BATCH_ROWS) return;
    }
  })();
}
