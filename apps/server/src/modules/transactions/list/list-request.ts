/**
 * A transaction list request, parsed once into one object: the list, its totals, its search, its
 * export, the bulk selection's "all that match" and Home's figures all read this, and nothing
 * reads the raw query again. Unknown fields, bad operators, bad dates, a bad cursor and an unknown
 * queue are a 400 here.
 */
import {
  MONEY_FIELDS,
  WORK_QUEUE_PARAM,
  amountToMinor,
  parseListQuery,
  type ListQuery,
  type RawQuery,
} from '@tagih/contract';
import { addMinutes, iso } from '../../../clock.ts';
import type { AppDeps } from '../../../deps.ts';
import { parseDays, type DayRange, type UtcRange } from '../../../shared/date-range.ts';
import { Invalid } from '../../../shared/errors.ts';
import { wantsWorkQueue } from '../../../shared/queue-param.ts';
import type { ServerKind } from '../kinds.ts';
import { CURSOR_PARAMS, pageCursor, type PageCursor } from './page-plan.ts';

/** A transaction list query, possibly narrowed to the work queue (work-queue-repo.ts). */
export type TransactionListQuery = ListQuery & {
  /** Set for `queue=attention`: the instant before which a row must be created and not asked about since. */
  attentionBefore?: string;
};

/** The cut-off of the transactions' queue now: created before it (NEEDS_INQUIRY_AFTER_MINUTES ago) and not asked about since. */
function attentionCutoff(deps: AppDeps): string {
  return iso(addMinutes(deps.clock.now(), -deps.config.needsInquiryAfterMinutes));
}

export interface TransactionListRequest {
  kind: ServerKind;
  /** The active company: every row read is of it. */
  compId: number;
  /**
   * Page, max, order, the search text (`search` over `searchFields`) and the filters (`finds[...]`,
   * amounts in minor units); `attentionBefore` when the request asked for the work queue.
   */
  query: TransactionListQuery;
  /** from/to as UTC bounds [start, end): what the rows are read by. */
  range: UtcRange;
  /** The same from/to as inclusive business days: what the rollup is keyed by. */
  days: DayRange;
  /** BUSINESS_TZ: the zone of the days and of the date filters. */
  timeZone: string;
  /** The page after this row (keyset, page-plan.ts); null: by page number, or not a page at all. */
  after: PageCursor | null;
  /** The query as the client wrote it, kept for the audit trail only (an export records it). */
  asSent: RawQuery;
  /** Set when the search text is exactly an id of some row: the range was dropped for it (exact-id.ts). */
  allDates?: true;
  /** With allDates: the rows holding that id, the only rows the request matches. */
  exactIds?: readonly number[];
}

/** Which rows a request matches, whatever the page: the part the rows' SQL reads. */
export type RowSelection = Pick<
  TransactionListRequest,
  'kind' | 'compId' | 'query' | 'range' | 'timeZone' | 'exactIds'
>;

/** The request for every row it matches (export, bulk selection, counts): a page cursor is not read. */
export function parseListRequest(
  deps: AppDeps,
  kind: ServerKind,
  compId: number,
  raw: RawQuery,
): TransactionListRequest {
  const parsed = parseListQuery(raw, kind.resource, [
    'from',
    'to',
    WORK_QUEUE_PARAM,
    ...CURSOR_PARAMS,
  ]);
  if (!parsed.ok) throw new Invalid(parsed.message);
  const timeZone = deps.config.businessTz;
  const { days, range } = parseDays(raw.from, raw.to, timeZone);
  // Amount filters arrive in rupiah; the database holds minor units.
  const filters = parsed.value.filters.map((f) =>
    MONEY_FIELDS.has(f.field) && typeof f.value === 'number'
      ? { ...f, value: amountToMinor(f.value) }
      : f,
  );
  const queue = wantsWorkQueue(raw) ? { attentionBefore: attentionCutoff(deps) } : {};
  return {
    kind,
    compId,
    query: { ...parsed.value, filters, ...queue },
    range,
    days,
    timeZone,
    after: null,
    asSent: raw,
  };
}

/** The request for one page of the list: as parseListRequest, with its keyset cursor when it has one. */
export function parseListPageRequest(
  deps: AppDeps,
  kind: ServerKind,
  compId: number,
  raw: RawQuery,
): TransactionListRequest {
  const request = parseListRequest(deps, kind, compId, raw);
  return { ...request, after: pageCursor(raw, request.query) };
}
