/**
 * The break queue: the list (list query + from/to on the break's date, within the user's
 * companies), the open breaks by category, and one break with its history.
 */
import {
  BREAK_MONEY_FIELDS,
  LISTED_CATEGORIES,
  RECON_RESOLVE_TEXT,
  amountToMinor,
  breakResource,
  fieldMeta,
  parseListQuery,
  type BreakCounts,
  type BreakDetail,
  type BreakRow,
  type ListPayload,
  type ListQuery,
  type MatchRule,
  type RawQuery,
} from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { pagination } from '../../db/list-sql.ts';
import { parseDateRange } from '../../shared/date-range.ts';
import { Invalid, NotFound } from '../../shared/errors.ts';
import type { SessionContext } from '../../shared/session.ts';
import * as breaks from './breaks-repo.ts';
import { toBreakRow } from './break-rows.ts';
import { lateBefore } from './expected.ts';
import { filteredQueue, queueCounts, queuePage, queueRowsByIds, type Queue } from './queue-repo.ts';
import { activeCompanyFilter, companyScope, type CompanyScope } from './scope.ts';

export const DATE_KEYS = ['from', 'to'] as const;

/** The list query with money filters in minor units (the column's unit). */
function parsed(raw: RawQuery): ListQuery {
  const result = parseListQuery(raw, breakResource, DATE_KEYS);
  if (!result.ok) throw new Invalid(result.message);
  const filters = result.value.filters.map((f) =>
    BREAK_MONEY_FIELDS.has(f.field) && typeof f.value === 'number'
      ? { ...f, value: amountToMinor(f.value) }
      : f,
  );
  return { ...result.value, filters };
}

export interface QueuePlan {
  query: ListQuery;
  queue: Queue;
  scope: CompanyScope;
  late: string;
}

export async function planQueue(
  deps: AppDeps,
  session: SessionContext,
  raw: RawQuery,
): Promise<QueuePlan> {
  const query = parsed(raw);
  const range = parseDateRange(raw.from, raw.to, deps.config.businessTz);
  const [scope, active] = await Promise.all([
    companyScope(deps, session),
    activeCompanyFilter(deps, session),
  ]);
  const late = lateBefore(deps.clock.now(), deps.config.businessTz, deps.config.reconExpectedDays);
  return {
    query,
    scope,
    late,
    queue: filteredQueue(deps.db, query, range, late, { scope, active }, deps.config.businessTz),
  };
}

export async function listBreaks(
  deps: AppDeps,
  session: SessionContext,
  raw: RawQuery,
): Promise<ListPayload<BreakRow>> {
  const plan = await planQueue(deps, session, raw);
  const { total, rows } = await queuePage(plan.queue, plan.query);
  const now = deps.clock.now();
  return {
    data: rows.map((r) => toBreakRow(r, now, deps.config.businessTz)),
    pagination: pagination(total, plan.query),
    fields: fieldMeta(breakResource),
  };
}

export async function countBreaks(
  deps: AppDeps,
  session: SessionContext,
  raw: RawQuery,
): Promise<BreakCounts> {
  const plan = await planQueue(deps, session, raw);
  const counts = Object.fromEntries(LISTED_CATEGORIES.map((c) => [c, 0])) as BreakCounts;
  for (const { category, n } of await queueCounts(plan.queue))
    if (category in counts) counts[category as keyof BreakCounts] = n;
  return counts;
}

/** One break the user reaches (else 404, as for a break that does not exist). */
export async function breakRowOf(
  deps: AppDeps,
  session: SessionContext,
  rbrkId: number,
): Promise<BreakRow> {
  const scope = await companyScope(deps, session);
  const late = lateBefore(deps.clock.now(), deps.config.businessTz, deps.config.reconExpectedDays);
  // One break by its id: any the user reaches (a link from another company's view still opens).
  const [row] = await queueRowsByIds(deps.db, [rbrkId], late, { scope, active: null });
  if (!row) throw new NotFound(RECON_RESOLVE_TEXT.breakNotFound(rbrkId));
  return toBreakRow(row, deps.clock.now(), deps.config.businessTz);
}

export async function breakDetail(
  deps: AppDeps,
  session: SessionContext,
  rbrkId: number,
): Promise<BreakDetail> {
  const row = await breakRowOf(deps, session, rbrkId);
  const events = await breaks.eventsOf(deps.db, rbrkId);
  const rule =
    row.lineId !== null
      ? ((await breaks.matchesOfLine(deps.db, row.lineId))[0]?.rmatRule ?? null)
      : row.trctId !== null
        ? ((await breaks.matchOfTransaction(deps.db, row.trctId))?.rmatRule ?? null)
        : null;
  return {
    ...row,
    rule: rule as MatchRule | null,
    history: events.map((e) => ({
      at: e.rbevAt,
      action: e.rbevAction,
      by: e.rbevUsername,
      reason: e.rbevReason,
      outcome: e.rbevOutcome,
      details: e.rbevDetails ? (JSON.parse(e.rbevDetails) as Record<string, unknown>) : null,
    })),
  };
}
