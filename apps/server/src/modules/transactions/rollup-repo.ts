/**
 * List totals from the transaction rollup (db/transaction-rollup.ts) instead of counting and
 * summing the rows: possible when the list is filtered only by its date range and by status and
 * bank (equal, contains, starts or ends with), and the rollup is kept in the business time zone
 * the range is read in. Anything else (a search, another filter or operator) reads the rows
 * (list/list-repo.ts summary, list/status-totals-repo.ts).
 */
import { TRX_STATUS, type ListQuery } from '@tagih/contract';
import { sql, type Kysely } from 'kysely';
import { applyFilters } from '../../db/list-sql.ts';
import type { Database } from '../../db/tables.ts';
import type { DayRange } from '../../shared/date-range.ts';
import { rollupTimeZone } from '../../db/transaction-rollup.ts';
import type { ServerKind } from './kinds.ts';

/** What the rollup is asked about: a kind's rows of a company over business days, with the list query's filters. */
export interface RollupSelection {
  kind: ServerKind;
  compId: number;
  days: DayRange;
  query: ListQuery;
  /** The zone the days are read in: the rollup answers only when it is kept in the same zone. */
  timeZone: string;
}

/** The fields the rollup keys, as its columns. */
const ROLLUP_COLUMNS: Record<string, string> = { trctStatus: 'rlupStatus', trctBank: 'rlupBank' };
/**
 * The operators that give the same answer on a group's value as on each of its rows: none of
 * them keeps a row whose value is null (the rollup holds a missing bank as '').
 */
const ROLLUP_OPERATORS: ReadonlySet<string> = new Set([
  'equal',
  'contain',
  'start_with',
  'end_with',
]);

/** True when the rollup can answer the query's totals (no search; only status/bank filters it can apply). */
export function rollupCanAnswer(query: ListQuery): boolean {
  return (
    !query.search &&
    query.filters.every(
      (f) =>
        f.field in ROLLUP_COLUMNS &&
        ROLLUP_OPERATORS.has(f.op) &&
        typeof f.value === 'string' &&
        f.value !== '',
    )
  );
}

/** The rollup's groups of the selection (not yet summed), or null when the rollup cannot answer it. */
async function rollupOf(
  db: Kysely<Database>,
  { kind, compId, days, query, timeZone }: RollupSelection,
) {
  if (!rollupCanAnswer(query) || (await rollupTimeZone(db)) !== timeZone) return null;
  let q = db
    .selectFrom('transaction_rollup')
    .where('rlupCompId', '=', compId)
    .where('rlupType', '=', kind.type);
  if (days.from) q = q.where('rlupDay', '>=', days.from);
  if (days.to) q = q.where('rlupDay', '<=', days.to);
  // The list's own filter SQL (list-sql.ts) on the rollup's columns: the same matching as on the rows.
  return applyFilters(q, query, kind.resource, {
    columns: ROLLUP_COLUMNS,
    timeZone,
    tieBreaker: 'rlupDay',
  });
}

/** Row count, paid count and paid amount from the rollup, or null when it cannot answer. */
export async function rollupSummary(
  db: Kysely<Database>,
  s: RollupSelection,
): Promise<{ total: number; paidCount: number; paidMinor: number } | null> {
  const q = await rollupOf(db, s);
  if (!q) return null;
  const paid = sql`${sql.ref('rlupStatus')} = ${TRX_STATUS.PAID}`;
  const row = await q
    .select([
      sql<number>`coalesce(sum(${sql.ref('rlupCount')}), 0)`.as('total'),
      sql<number>`coalesce(sum(case when ${paid} then ${sql.ref('rlupCount')} else 0 end), 0)`.as(
        'paidCount',
      ),
      sql<number>`coalesce(sum(case when ${paid} then ${sql.ref('rlupLunasMinor')} else 0 end), 0)`.as(
        'paidMinor',
      ),
    ])
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    paidCount: Number(row.paidCount),
    paidMinor: Number(row.paidMinor),
  };
}

/** Count and amount (minor units) of one status, as the rollup or the rows give them. */
export interface StatusGroup {
  status: string;
  count: number;
  minor: number;
}

/** Count and amount per status from the rollup, or null when it cannot answer. */
export async function rollupByStatus(
  db: Kysely<Database>,
  s: RollupSelection,
): Promise<StatusGroup[] | null> {
  const q = await rollupOf(db, s);
  if (!q) return null;
  const rows = await q
    .select([
      sql<string>`${sql.ref('rlupStatus')}`.as('status'),
      sql<number>`coalesce(sum(${sql.ref('rlupCount')}), 0)`.as('count'),
      sql<number>`coalesce(sum(${sql.ref('rlupLunasMinor')}), 0)`.as('minor'),
    ])
    .groupBy(sql.ref('rlupStatus'))
    .execute();
  return rows.map((r) => ({
    status: String(r.status),
    count: Number(r.count),
    minor: Number(r.minor),
  }));
}
