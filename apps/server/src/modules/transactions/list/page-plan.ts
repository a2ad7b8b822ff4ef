/**
 * How SQLite chooses a page in the lists' default order (trctId).
 *
 * SQLite's planner reads the created-time range (transactions_list_cover_idx) and sorts all of
 * it to keep one page: with many rows in range that is the whole cost of the call. Walking
 * transactions_id_walk_idx (company, kind, id, created time, status, bank; migration 0012) in id
 * order instead reads only entries until the page is full, checking the range and the filters
 * on the index itself. That walk is cheap when the range holds most of the company's rows (the
 * 30-day list) and costly when it holds few (one old day: the walk crosses everything else), so
 * the choice is made from the rollup's counts (a few index reads), per call:
 *
 *   walk ≈ max((offset + max) × all / matching, after + offset + max)   entries read
 *   sort ≈ matching                                                      rows sorted
 *
 * `all` = the company's rows of the kind, `matching` = the rows the list matches, `after` = the
 * rows beyond the range in the walk's direction (crossed first when ids follow created time, as
 * they do when rows arrive as they are created). The walk is taken when it reads at most half
 * as many entries as the sort would sort. Only when the rollup can answer (range, status, bank)
 * and the order is the id; PostgreSQL plans this itself (transactions_id_order_idx).
 * Both ways give the same rows in the same order: only the access path differs.
 *
 * Sequential pages by keyset (pageCursor here, keysetPage in list-repo.ts): the next page asked
 * for with the previous page's last row (`afterId`, and `afterCreated` when ordered by created
 * time) starts right after it in the index instead of counting an offset, so page 500 costs what
 * page 1 costs. Offsets (`page`) stay for jumps to an arbitrary page.
 */
import type { Kysely } from 'kysely';
import { MAX_BIG_ID, addDays, type ListQuery, type RawQuery } from '@tagih/contract';
import { isPostgres, type Database } from '../../../db/tables.ts';
import type { DayRange } from '../../../shared/date-range.ts';
import { Invalid } from '../../../shared/errors.ts';
import { rollupSummary, type RollupSelection } from '../rollup-repo.ts';

/** Whether the page is cheaper read by walking the id-order index than by sorting the range (SQLite). */
export async function walkIdOrder(db: Kysely<Database>, s: RollupSelection): Promise<boolean> {
  const { days, query } = s;
  if (isPostgres(db) || query.order.field !== 'trctId') return false;
  const desc = query.order.direction === 'desc';
  const edge = desc ? days.to : days.from;
  const beyond: DayRange | null =
    edge === null
      ? null
      : desc
        ? { from: addDays(edge, 1), to: null }
        : { from: null, to: addDays(edge, -1) };
  const unfiltered: ListQuery = { ...query, filters: [], search: null };
  const [matching, all, after] = await Promise.all([
    rollupSummary(db, s),
    rollupSummary(db, { ...s, days: { from: null, to: null }, query: unfiltered }),
    beyond
      ? rollupSummary(db, { ...s, days: beyond, query: unfiltered })
      : Promise.resolve({ total: 0 }),
  ]);
  if (!matching || !all || !after || matching.total === 0) return false;
  const need = (query.page - 1) * query.max + query.max;
  const walk = Math.max((need * all.total) / matching.total, after.total + need);
  return walk * 2 <= matching.total;
}

/** The query parameters of a keyset page: the previous page's last row. */
export const CURSOR_PARAMS = ['afterId', 'afterCreated'] as const;

/** Where a keyset page starts: after the row with this id (and created time, when ordered by it). */
export interface PageCursor {
  id: number;
  created: string | null;
}

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;
/** The orders a keyset serves: NOT NULL columns, so (value, id) orders every row once. */
const KEYSET_ORDERS: ReadonlySet<string> = new Set(['trctId', 'trctCreatedTime']);

/** The request's keyset cursor, null when it pages by offset; a bad or unusable cursor is a 400. */
export function pageCursor(raw: RawQuery, query: ListQuery): PageCursor | null {
  const id = raw.afterId?.trim() || undefined;
  const created = raw.afterCreated?.trim() || undefined;
  if (id === undefined && created === undefined) return null;
  if (id === undefined || !/^\d{1,16}$/.test(id) || Number(id) > MAX_BIG_ID) {
    const rule = `must be a whole number from 0 to ${MAX_BIG_ID}`;
    throw new Invalid(`afterId ${rule}: the trctId of the previous page's last row`, {
      afterId: rule,
    });
  }
  if (!KEYSET_ORDERS.has(query.order.field)) {
    throw new Invalid(
      'afterId pages only in the order of trctId or trctCreatedTime; use page for other orders',
      { afterId: 'not with this orderField' },
    );
  }
  if (query.order.field === 'trctId') {
    if (created !== undefined)
      throw new Invalid('afterCreated goes with orderField trctCreatedTime', {
        afterCreated: 'not with this orderField',
      });
    return { id: Number(id), created: null };
  }
  if (created === undefined || !INSTANT.test(created) || Number.isNaN(Date.parse(created))) {
    throw new Invalid(
      "afterCreated must be the previous page's last trctCreatedTime (an ISO instant)",
      { afterCreated: 'must be an ISO instant' },
    );
  }
  return { id: Number(id), created: new Date(created).toISOString() };
}
