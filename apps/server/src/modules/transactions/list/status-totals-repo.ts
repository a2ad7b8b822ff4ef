/** SQL of the totals per status counted from the rows (status-totals.ts chooses between them and the rollup). */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import type { StatusGroup } from '../rollup-repo.ts';
import { filteredRows, type Filtered } from './list-repo.ts';
import type { RowSelection } from './list-request.ts';

/** Count and summed paid amount (lunasAmount) per status, over every row that matches. */
export function rowsByStatus(
  db: Kysely<Database>,
  selection: RowSelection,
): Promise<StatusGroup[]> {
  return groupByStatus(filteredRows(db, selection, { fields: ['trctStatus', 'lunasAmount'] }));
}

/**
 * The same over at most `limit` of the matching rows, the newest (a count that stops early, see
 * list-service.ts). In id order, PostgreSQL can walk the newest rows until it has enough when the
 * text matches many of them, several times faster than first collecting every match from the
 * trigram index (bench/README.md); when few match, it collects them.
 */
export function newestRowsByStatus(
  db: Kysely<Database>,
  selection: RowSelection,
  limit: number,
): Promise<StatusGroup[]> {
  const matching = filteredRows(db, selection, { fields: ['trctId', 'trctStatus', 'lunasAmount'] });
  const newest = matching
    .select([sql.ref('trctStatus').as('trctStatus'), sql.ref('lunasAmount').as('lunasAmount')])
    .orderBy(sql.ref('trctId'), 'desc')
    .limit(limit);
  return groupByStatus(db.selectFrom(newest.as('r')) as unknown as Filtered);
}

async function groupByStatus(rows: Filtered): Promise<StatusGroup[]> {
  const groups = await rows
    .select([
      sql<string>`${sql.ref('trctStatus')}`.as('status'),
      sql<number>`count(*)`.as('count'),
      sql<number>`coalesce(sum(${sql.ref('lunasAmount')}), 0)`.as('minor'),
    ])
    .groupBy(sql.ref('trctStatus'))
    .execute();
  return groups.map((r) => ({
    status: String(r.status),
    count: Number(r.count),
    minor: Number(r.minor),
  }));
}
