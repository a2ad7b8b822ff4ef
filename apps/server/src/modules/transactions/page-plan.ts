/**
 * How SQLite chooses a page in the lists' default order (trctId), issue 10.
 *
 * SQLite's planner reads the created-time range (transactions_list_cover_idx) and sorts all of
 * it to keep one page: at a million rows in range that is most of a second per call. Walking
 * transactions_id_walk_idx (company, kind, id, created time, status, bank; migration 0012) in id
 * order instead reads only entries until the page is full, checking the range and the filters
 * on the index itself. That walk is cheap when the range holds most of the company's rows (the
 * 30-day list) and costly when it holds few (one old day: the walk crosses everything else), so
 * the choice is made from the rollup's counts (a millisecond), per call:
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
 */
import { PostgresAdapter, type Kysely } from 'kysely';
import type { ListQuery } from '@tagih/contract';
import type { Database } from '../../db/tables.ts';
import type { ServerKind } from './kinds.ts';
import { rollupSummary, type DayRange } from './rollup-repo.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The business day `delta` days from `day` (YYYY-MM-DD), or null when `day` is not a plain date. */
function shiftDay(day: string, delta: number): string | null {
  if (!DAY.test(day)) return null;
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + delta);
  return d.toISOString().slice(0, 10);
}

/** Whether the page is cheaper read by walking the id-order index than by sorting the range (SQLite). */
export async function walkIdOrder(
  db: Kysely<Database>, kind: ServerKind, compId: number, days: DayRange, query: ListQuery, timeZone: string,
): Promise<boolean> {
  if (db.getExecutor().adapter instanceof PostgresAdapter || query.order.field !== 'trctId') return false;
  const desc = query.order.direction === 'desc';
  const edge = desc ? days.to : days.from;
  const beyond: DayRange | null = edge === null ? null : desc ? { from: shiftDay(edge, 1), to: null } : { from: null, to: shiftDay(edge, -1) };
  if (beyond && beyond.from === null && beyond.to === null) return false;
  const unfiltered: ListQuery = { ...query, filters: [], search: null };
  const [matching, all, after] = await Promise.all([
    rollupSummary(db, kind, compId, days, query, timeZone),
    rollupSummary(db, kind, compId, { from: null, to: null }, unfiltered, timeZone),
    beyond ? rollupSummary(db, kind, compId, beyond, unfiltered, timeZone) : Promise.resolve({ total: 0 }),
  ]);
  if (!matching || !all || !after || matching.total === 0) return false;
  const need = (query.page - 1) * query.max + query.max;
  const walk = Math.max((need * all.total) / matching.total, after.total + need);
  return walk * 2 <= matching.total;
}
