/** Transaction lists (VA and QRIS): the query parsed once, rows mapped to the API shape on purpose. */
import {
  MONEY_FIELDS, WORK_QUEUE_PARAM, amountToMinor, fieldMeta, minorToAmount, parseListQuery,
  type FieldMeta, type Pagination, type RawQuery, type TransactionQrRow, type TransactionTotals, type TransactionVaRow,
} from '@tagih/contract';
import { sql } from 'kysely';
import type { AppDeps } from '../../deps.ts';
import { pagination } from '../../db/list-sql.ts';
import { parseDateRange, type UtcRange } from '../../shared/date-range.ts';
import { Invalid } from '../../shared/errors.ts';
import type { ServerKind } from './kinds.ts';
import { CURSOR_PARAMS, pageCursor, walkIdOrder } from './page-plan.ts';
import * as repo from './repo.ts';
import { rollupCanAnswer, type DayRange, type StatusGroup } from './rollup-repo.ts';
import { UNCOUNTED_TOTALS, groupsOfRows, listTotals, newestRowsByStatus, statusGroups } from './status-totals.ts';
import { attentionCutoff, wantsWorkQueue, type TransactionListQuery } from './work-queue.ts';

export interface ParsedListRequest {
  /** With `attentionBefore` when the request asked for the work queue (work-queue.ts). */
  query: TransactionListQuery;
  range: UtcRange;
  /** The same range as inclusive business days (what the rollup is keyed by). */
  days: DayRange;
}

/** One parser for list, export and bulk selection: unknown fields, bad operators, bad dates and an unknown queue are a 400. */
export function parseListRequest(deps: AppDeps, kind: ServerKind, raw: RawQuery): ParsedListRequest {
  const parsed = parseListQuery(raw, kind.resource, ['from', 'to', WORK_QUEUE_PARAM, ...CURSOR_PARAMS]);
  if (!parsed.ok) throw new Invalid(parsed.message);
  const range = parseDateRange(raw.from, raw.to, deps.config.businessTz);
  // Amount filters arrive in rupiah; the database holds minor units.
  const filters = parsed.value.filters.map((f) =>
    MONEY_FIELDS.has(f.field) && typeof f.value === 'number' ? { ...f, value: amountToMinor(f.value) } : f,
  );
  const days = { from: raw.from?.trim() || null, to: raw.to?.trim() || null };
  const queue = wantsWorkQueue(raw) ? { attentionBefore: attentionCutoff(deps) } : {};
  return { query: { ...parsed.value, filters, ...queue }, range, days };
}

/** A database row as the API shows it: amounts as 2-decimal numbers, the notification as {notiStatus} or []. */
export function toApiRow(kind: ServerKind, row: repo.DbRow, no: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of kind.resource.fields) {
    if (field.derived) continue;
    const value = row[field.name] ?? null;
    out[field.name] = MONEY_FIELDS.has(field.name) && value !== null ? minorToAmount(Number(value)) : value;
  }
  out.notification = row.notiStatus === null || row.notiStatus === undefined ? [] : { notiStatus: Number(row.notiStatus) };
  if (kind.resource.fields.some((f) => f.name === 'no')) out.no = no;
  return out;
}

export interface TransactionList {
  data: (TransactionVaRow | TransactionQrRow)[];
  total: TransactionTotals;
  pagination: Pagination;
  fields: FieldMeta[];
}

export async function list(deps: AppDeps, kind: ServerKind, compId: number, raw: RawQuery): Promise<TransactionList> {
  const { query, range, days } = parseListRequest(deps, kind, raw);
  const after = pageCursor(raw, query);
  const timeZone = deps.config.businessTz;
  // Totals per status (issue 11): the rollup when the filters allow, else the rows. The rollup
  // knows nothing of the work queue: a queue is counted from its rows, and its page is planned
  // without the rollup's counts.
  const queued = query.attentionBefore !== undefined;
  // A keyset page (afterId) reads from its cursor on: planned like a first page.
  const readPage = async () => {
    const idWalk = !queued && (await walkIdOrder(deps.db, kind, compId, days, after ? { ...query, page: 1 } : query, timeZone));
    return repo.page(deps.db, kind, compId, range, query, timeZone, idWalk, after);
  };
  let groups: StatusGroup[];
  let rows: repo.DbRow[];
  let counted = true;
  const offset = (query.page - 1) * query.max;
  // The count reaches at least the end of the asked page, so no row shown is numbered past it.
  const countLimit = Math.max(deps.config.exactCountLimit, offset + query.max);
  if (!queued && rollupCanAnswer(query)) {
    [groups, rows] = await Promise.all([statusGroups(deps.db, kind, { compId, range, days, query, timeZone }), readPage()]);
  } else {
    // Totals read from the rows (a search, other filters, the work queue): a first page with room
    // to spare holds every matching row, so they are summed from it (a precise search, such as a
    // full order id, then costs one query instead of two). Otherwise at most EXACT_COUNT_LIMIT
    // rows are counted: a broad search (a common name: hundreds of thousands of rows at 10M)
    // answers at once with "more than" instead of after seconds of counting (issue 10).
    rows = await readPage();
    const whole = query.page === 1 && !after && rows.length < query.max;
    groups = whole ? groupsOfRows(rows) : await newestRowsByStatus(deps.db, kind, compId, range, query, timeZone, countLimit + 1);
    counted = groups.reduce((sum, g) => sum + g.count, 0) <= countLimit;
  }
  const data = rows.map((row, i) => toApiRow(kind, row, offset + i + 1) as TransactionVaRow | TransactionQrRow);
  const fields = fieldMeta(kind.resource);
  if (!counted) return { data, total: UNCOUNTED_TOTALS, pagination: { ...pagination(countLimit, query), totalCapped: true }, fields };
  const sums = listTotals(groups);
  return { data, total: sums.total, pagination: pagination(sums.rows, query), fields };
}

/** The trctIds a list request matches, every page (a bulk selection's "all that match"), as a subquery. */
export function matchingIds(deps: AppDeps, kind: ServerKind, compId: number, raw: RawQuery) {
  const { query, range } = parseListRequest(deps, kind, raw);
  return repo.filteredRows(deps.db, kind, compId, range, query, deps.config.businessTz, ['trctId']).select(sql<number>`${sql.ref('trctId')}`.as('trctId'));
}

/** How many rows a list request matches (its pagination.totalData), counted from the rows (Home's work queue figure). */
export async function countMatching(deps: AppDeps, kind: ServerKind, compId: number, raw: RawQuery): Promise<number> {
  const { query, range } = parseListRequest(deps, kind, raw);
  return (await repo.summary(deps.db, kind, compId, range, query, deps.config.businessTz)).total;
}
