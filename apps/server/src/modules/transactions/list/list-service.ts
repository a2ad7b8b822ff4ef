/** Transaction lists (VA and QRIS): the query parsed once, rows mapped to the API shape on purpose. */
import {
  MONEY_FIELDS, WORK_QUEUE_PARAM, amountToMinor, fieldMeta, minorToAmount, parseListQuery,
  type FieldMeta, type Pagination, type RawQuery, type TransactionQrRow, type TransactionTotals, type TransactionVaRow,
} from '@tagih/contract';
import { sql } from 'kysely';
import type { AppDeps } from '../../../deps.ts';
import { pagination } from '../../../db/list-sql.ts';
import type { BatchedPage } from '../../large-reads/large-page.ts';
import { parseDateRange, type UtcRange } from '../../../shared/date-range.ts';
import { Invalid } from '../../../shared/errors.ts';
import type { ServerKind } from '../kinds.ts';
import { CURSOR_PARAMS, pageCursor, walkIdOrder, type PageCursor } from './page-plan.ts';
import * as repo from './list-repo.ts';
import { rollupCanAnswer, type DayRange, type StatusGroup } from '../rollup-repo.ts';
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

/** A list request parsed, with how its page is read (the list and its large page share it). */
interface ListPlan {
  query: TransactionListQuery;
  range: UtcRange;
  days: DayRange;
  after: PageCursor | null;
  timeZone: string;
  /** Asked for the work queue: counted from its rows, planned without the rollup's counts. */
  queued: boolean;
  /** The first row's place in the whole list (its No. is offset + 1). */
  offset: number;
}

function planList(deps: AppDeps, kind: ServerKind, raw: RawQuery): ListPlan {
  const { query, range, days } = parseListRequest(deps, kind, raw);
  const after = pageCursor(raw, query);
  return { query, range, days, after, timeZone: deps.config.businessTz, queued: query.attentionBefore !== undefined, offset: (query.page - 1) * query.max };
}

/** Whether SQLite reads the page by walking the id order (page-plan.ts); a keyset page is planned like a first page. */
function idWalkOf(deps: AppDeps, kind: ServerKind, compId: number, p: ListPlan): Promise<boolean> {
  return p.queued ? Promise.resolve(false) : walkIdOrder(deps.db, kind, compId, p.days, p.after ? { ...p.query, page: 1 } : p.query, p.timeZone);
}

const rollupAnswers = (p: ListPlan) => !p.queued && rollupCanAnswer(p.query);

/**
 * Totals per status (issue 11) and pagination: from the rollup when the filters allow, else from
 * the rows. `rows`: the page's rows when they were all read at once (else null). The rollup knows
 * nothing of the work queue: a queue is counted from its rows.
 */
async function listSummary(
  deps: AppDeps, kind: ServerKind, compId: number, p: ListPlan, rows: repo.DbRow[] | null, rollupGroups?: Promise<StatusGroup[]>,
): Promise<Omit<TransactionList, 'data'>> {
  const { query, range, days, timeZone } = p;
  const fields = fieldMeta(kind.resource);
  // The count reaches at least the end of the asked page, so no row shown is numbered past it.
  const countLimit = Math.max(deps.config.exactCountLimit, p.offset + query.max);
  let groups: StatusGroup[];
  let counted = true;
  if (rollupAnswers(p)) {
    groups = await (rollupGroups ?? statusGroups(deps.db, kind, { compId, range, days, query, timeZone }));
  } else {
    // Totals read from the rows (a search, other filters, the work queue): a first page with room
    // to spare holds every matching row, so they are summed from it (a precise search, such as a
    // full order id, then costs one query instead of two). Otherwise at most EXACT_COUNT_LIMIT
    // rows are counted: a broad search (a common name: hundreds of thousands of rows at 10M)
    // answers at once with "more than" instead of after seconds of counting (issue 10).
    const whole = rows !== null && query.page === 1 && !p.after && rows.length < query.max;
    groups = whole ? groupsOfRows(rows) : await newestRowsByStatus(deps.db, kind, compId, range, query, timeZone, countLimit + 1);
    counted = groups.reduce((sum, g) => sum + g.count, 0) <= countLimit;
  }
  if (!counted) return { total: UNCOUNTED_TOTALS, pagination: { ...pagination(countLimit, query), totalCapped: true }, fields };
  const sums = listTotals(groups);
  return { total: sums.total, pagination: pagination(sums.rows, query), fields };
}

export async function list(deps: AppDeps, kind: ServerKind, compId: number, raw: RawQuery): Promise<TransactionList> {
  const p = planList(deps, kind, raw);
  const groups = rollupAnswers(p) ? statusGroups(deps.db, kind, { compId, range: p.range, days: p.days, query: p.query, timeZone: p.timeZone }) : undefined;
  groups?.catch(() => {}); // awaited below; a page read that fails first must not leave it unheard
  const rows = await repo.page(deps.db, kind, compId, p.range, p.query, p.timeZone, await idWalkOf(deps, kind, compId, p), p.after);
  const summary = await listSummary(deps, kind, compId, p, rows, groups);
  const data = rows.map((row, i) => toApiRow(kind, row, p.offset + i + 1) as TransactionVaRow | TransactionQrRow);
  return { data, ...summary };
}

/** The same list as batches of rows, for a page that may be large (modules/large-reads/large-page.ts). */
export function batchedList(
  deps: AppDeps, kind: ServerKind, compId: number, raw: RawQuery,
): BatchedPage<repo.DbRow, TransactionVaRow | TransactionQrRow, Omit<TransactionList, 'data'>> {
  const p = planList(deps, kind, raw);
  let idWalk: Promise<boolean> | undefined;
  return {
    max: p.query.max,
    read: async (last, limit) => {
      idWalk ??= idWalkOf(deps, kind, compId, p);
      const start = last === null ? { cursor: p.after, last: null } : { cursor: null, last };
      return repo.page(deps.db, kind, compId, p.range, p.query, p.timeZone, await idWalk, start.cursor, { limit, last: start.last });
    },
    toApi: (row, index) => toApiRow(kind, row, p.offset + index + 1) as TransactionVaRow | TransactionQrRow,
    rest: (rows) => listSummary(deps, kind, compId, p, rows),
  };
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
