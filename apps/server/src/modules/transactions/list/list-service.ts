/** Transaction lists (VA and QRIS): a parsed list request (list-request.ts) read, rows mapped to the API shape on purpose. */
import {
  MONEY_FIELDS,
  fieldMeta,
  minorToAmount,
  type FieldMeta,
  type Pagination,
  type RawQuery,
  type TransactionQrRow,
  type TransactionTotals,
  type TransactionVaRow,
} from '@tagih/contract';
import type { AppDeps } from '../../../deps.ts';
import { pagination } from '../../../db/list-sql.ts';
import type { BatchedPage } from '../../large-reads/large-page.ts';
import type { ServerKind } from '../kinds.ts';
import { rollupCanAnswer, type StatusGroup } from '../rollup-repo.ts';
import * as repo from './list-repo.ts';
import { parseListRequest, type TransactionListRequest } from './list-request.ts';
import { walkIdOrder } from './page-plan.ts';
import { UNCOUNTED_TOTALS, groupsOfRows, listTotals, statusGroups } from './status-totals.ts';
import { newestRowsByStatus } from './status-totals-repo.ts';

/** A database row as the API shows it: amounts as 2-decimal numbers, the notification as {notiStatus} or []. */
export function toApiRow(kind: ServerKind, row: repo.DbRow, no: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of kind.resource.fields) {
    if (field.derived) continue;
    const value = row[field.name] ?? null;
    out[field.name] =
      MONEY_FIELDS.has(field.name) && value !== null ? minorToAmount(Number(value)) : value;
  }
  out.notification =
    row.notiStatus === null || row.notiStatus === undefined
      ? []
      : { notiStatus: Number(row.notiStatus) };
  if (kind.resource.fields.some((f) => f.name === 'no')) out.no = no;
  return out;
}

export interface TransactionList {
  data: (TransactionVaRow | TransactionQrRow)[];
  total: TransactionTotals;
  pagination: Pagination;
  fields: FieldMeta[];
  /** The search text was exactly an id: the rows are of every date (exact-id.ts). */
  searchedAllDates?: true;
}

/** Asked for the work queue: counted from its rows, planned without the rollup's counts (it knows nothing of inquiries). */
const queued = (r: TransactionListRequest) => r.query.attentionBefore !== undefined;
/** The first row's place in the whole list (its No. is offset + 1). */
const offsetOf = (r: TransactionListRequest) => (r.query.page - 1) * r.query.max;
/** The rollup counts by range, status and bank: not the work queue, nor an exact id's rows (exact-id.ts). */
const rollupAnswers = (r: TransactionListRequest) =>
  !queued(r) && r.exactIds === undefined && rollupCanAnswer(r.query);
const apiRowOf = (r: TransactionListRequest, row: repo.DbRow, index: number) =>
  toApiRow(r.kind, row, offsetOf(r) + index + 1) as TransactionVaRow | TransactionQrRow;

/** Whether SQLite reads the page by walking the id order (page-plan.ts); a keyset page is planned like a first page. */
function idWalkOf(deps: AppDeps, r: TransactionListRequest): Promise<boolean> {
  return queued(r) || r.exactIds
    ? Promise.resolve(false)
    : walkIdOrder(deps.db, r.after ? { ...r, query: { ...r.query, page: 1 } } : r);
}

/** What the summary knows already: the page's rows when they were all read at once (else null), the rollup's groups when asked for. */
interface ReadSoFar {
  rows: repo.DbRow[] | null;
  rollupGroups?: Promise<StatusGroup[]>;
}

/**
 * Totals per status and pagination: from the rollup when the filters allow, else from the rows.
 * The rollup knows nothing of the work queue: a queue is counted from its rows.
 */
async function listSummary(
  deps: AppDeps,
  r: TransactionListRequest,
  read: ReadSoFar,
): Promise<Omit<TransactionList, 'data'>> {
  const { query } = r;
  const fields = fieldMeta(r.kind.resource);
  // The count reaches at least the end of the asked page, so no row shown is numbered past it.
  const countLimit = Math.max(deps.config.exactCountLimit, offsetOf(r) + query.max);
  let groups: StatusGroup[];
  let counted = true;
  if (rollupAnswers(r)) {
    groups = await (read.rollupGroups ?? statusGroups(deps.db, r));
  } else {
    // Totals read from the rows (a search, other filters, the work queue): a first page with room
    // to spare holds every matching row, so they are summed from it (a precise search, such as a
    // full order id, then costs one query instead of two). Otherwise at most EXACT_COUNT_LIMIT
    // rows are counted: a broad search (a common name matching a large share of the rows)
    // answers at once with "more than" instead of after seconds of counting.
    const rows = read.rows;
    const whole = rows !== null && query.page === 1 && !r.after && rows.length < query.max;
    groups = whole ? groupsOfRows(rows) : await newestRowsByStatus(deps.db, r, countLimit + 1);
    counted = groups.reduce((sum, g) => sum + g.count, 0) <= countLimit;
  }
  const allDates = r.allDates ? { searchedAllDates: true as const } : {};
  if (!counted)
    return {
      total: UNCOUNTED_TOTALS,
      pagination: { ...pagination(countLimit, query), totalCapped: true },
      fields,
      ...allDates,
    };
  const sums = listTotals(groups);
  return { total: sums.total, pagination: pagination(sums.rows, query), fields, ...allDates };
}

export async function list(deps: AppDeps, r: TransactionListRequest): Promise<TransactionList> {
  const groups = rollupAnswers(r) ? statusGroups(deps.db, r) : undefined;
  groups?.catch(() => {}); // awaited below; a page read that fails first must not leave it unheard
  const rows = await repo.page(deps.db, r, { idWalk: await idWalkOf(deps, r), after: r.after });
  const summary = await listSummary(deps, r, { rows, rollupGroups: groups });
  return { data: rows.map((row, i) => apiRowOf(r, row, i)), ...summary };
}

/** The same list as batches of rows, for a page that may be large (modules/large-reads/large-page.ts). */
export function batchedList(
  deps: AppDeps,
  r: TransactionListRequest,
): BatchedPage<repo.DbRow, TransactionVaRow | TransactionQrRow, Omit<TransactionList, 'data'>> {
  let idWalk: Promise<boolean> | undefined;
  return {
    max: r.query.max,
    read: async (last, limit) => {
      idWalk ??= idWalkOf(deps, r);
      const start = last === null ? { after: r.after, last: null } : { after: null, last };
      return repo.page(deps.db, r, {
        idWalk: await idWalk,
        after: start.after,
        batch: { limit, last: start.last },
      });
    },
    toApi: (row, index) => apiRowOf(r, row, index),
    rest: (rows) => listSummary(deps, r, { rows }),
  };
}

/** The trctIds a list request matches, every page (a bulk selection's "all that match"), as a subquery. */
export function matchingIds(deps: AppDeps, kind: ServerKind, compId: number, raw: RawQuery) {
  return repo.matchingIds(deps.db, parseListRequest(deps, kind, compId, raw));
}

/** How many rows a list request matches (its pagination.totalData), counted from the rows (Home's work queue figure). */
export async function countMatching(
  deps: AppDeps,
  kind: ServerKind,
  compId: number,
  raw: RawQuery,
): Promise<number> {
  return (await repo.summary(deps.db, parseListRequest(deps, kind, compId, raw))).total;
}
