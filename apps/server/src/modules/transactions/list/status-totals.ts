/**
 * A filtered transaction set's count and amount per status (issue 11): from the rollup when the
 * filters allow (rollup-repo.ts), else from the rows. The list's totals and the Home figures both
 * come from here, so they agree for the same range and status.
 */
import { TRANSACTION_STATUSES, TRX_STATUS, minorToAmount, type TransactionStatusTotal, type TransactionTotals } from '@tagih/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { rollupByStatus, type StatusGroup } from '../rollup-repo.ts';
import { filteredRows, type DbRow, type Filtered } from './list-repo.ts';
import type { RowSelection, TransactionListRequest } from './list-request.ts';

/** Count and summed paid amount (lunasAmount) per status, over every row that matches. */
export function rowsByStatus(db: Kysely<Database>, selection: RowSelection): Promise<StatusGroup[]> {
  return groupByStatus(filteredRows(db, selection, { fields: ['trctStatus', 'lunasAmount'] }));
}

/**
 * The same over at most `limit` of the matching rows, the newest (a count that stops early, see
 * `list`). In id order, PostgreSQL can walk the newest rows until it has enough when the text
 * matches many of them (10M rows, a common name, 5,000: ~200 ms) instead of first collecting
 * every match from the trigram index (~900 ms); when few match, it collects them.
 */
export function newestRowsByStatus(db: Kysely<Database>, selection: RowSelection, limit: number): Promise<StatusGroup[]> {
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
  return groups.map((r) => ({ status: String(r.status), count: Number(r.count), minor: Number(r.minor) }));
}

/** The same count and summed lunasAmount per status over rows already read (a page that holds the whole result). */
export function groupsOfRows(rows: readonly DbRow[]): StatusGroup[] {
  const groups = new Map<string, StatusGroup>();
  for (const row of rows) {
    const status = String(row.trctStatus);
    const group = groups.get(status) ?? { status, count: 0, minor: 0 };
    group.count += 1;
    group.minor += Number(row.lunasAmount ?? 0);
    groups.set(status, group);
  }
  return [...groups.values()];
}

/** What the totals per status read of a list request: its rows, and its days for the rollup. */
export type StatusSelection = RowSelection & Pick<TransactionListRequest, 'days'>;

/** Per status, from the rollup when it can answer, else from the rows. */
export async function statusGroups(db: Kysely<Database>, selection: StatusSelection): Promise<StatusGroup[]> {
  return (await rollupByStatus(db, selection)) ?? (await rowsByStatus(db, selection));
}

/** Every known status in TRANSACTION_STATUSES order (0 where it has no rows); amounts in rupiah. */
export function statusTotals(groups: readonly StatusGroup[]): TransactionStatusTotal[] {
  return TRANSACTION_STATUSES.map((status) => {
    const minor = groups.filter((g) => g.status === status).reduce((sum, g) => sum + g.minor, 0);
    const count = groups.filter((g) => g.status === status).reduce((sum, g) => sum + g.count, 0);
    return { status, count, amount: minorToAmount(minor) };
  });
}

/** The list's data.total and its row count (every status, also ones the screen does not name). */
export function listTotals(groups: readonly StatusGroup[]): { total: TransactionTotals; rows: number } {
  const byStatus = statusTotals(groups);
  const paid = byStatus.find((s) => s.status === TRX_STATUS.PAID)!;
  return {
    total: { nominal_lunas: paid.amount, count_lunas: paid.count, by_status: byStatus },
    rows: groups.reduce((sum, g) => sum + g.count, 0),
  };
}

/** data.total when the rows were not all counted (more matched than EXACT_COUNT_LIMIT): nothing is claimed. */
export const UNCOUNTED_TOTALS: TransactionTotals = { nominal_lunas: null, count_lunas: null, by_status: [] };
