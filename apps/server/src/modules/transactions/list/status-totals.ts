/**
 * A filtered transaction set's count and amount per status: from the rollup when the filters
 * allow (rollup-repo.ts), else from the rows (status-totals-repo.ts). The list's totals and the
 * Home figures both come from here, so they agree for the same range and status.
 */
import {
  TRANSACTION_STATUSES,
  TRX_STATUS,
  minorToAmount,
  type TransactionStatusTotal,
  type TransactionTotals,
} from '@tagih/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';
import { rollupByStatus, type StatusGroup } from '../rollup-repo.ts';
import type { DbRow } from './list-repo.ts';
import type { RowSelection, TransactionListRequest } from './list-request.ts';
import { rowsByStatus } from './status-totals-repo.ts';

/** Count and summed paid amount (lunasAmount) per status over rows already read (a page that holds the whole result). */
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
export async function statusGroups(
  db: Kysely<Database>,
  selection: StatusSelection,
): Promise<StatusGroup[]> {
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
export function listTotals(groups: readonly StatusGroup[]): {
  total: TransactionTotals;
  rows: number;
} {
  const byStatus = statusTotals(groups);
  const paid = byStatus.find((s) => s.status === TRX_STATUS.PAID)!;
  return {
    total: { nominal_lunas: paid.amount, count_lunas: paid.count, by_status: byStatus },
    rows: groups.reduce((sum, g) => sum + g.count, 0),
  };
}

/** data.total when the rows were not all counted (more matched than EXACT_COUNT_LIMIT): nothing is claimed. */
export const UNCOUNTED_TOTALS: TransactionTotals = {
  nominal_lunas: null,
  count_lunas: null,
  by_status: [],
};
