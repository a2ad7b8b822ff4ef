/**
 * The search tests' yardstick (order-id-search, va-search): a list query parsed as the route
 * parses it, the ids the old `lower(...) like` scan over the company's rows finds (no trigram
 * table, no window), and the ids the list's own SQL finds (repo.filteredRows), both sorted.
 */
import { sql } from 'kysely';
import { parseListQuery, type ListQuery, type RawQuery } from '@tagih/contract';
import { applyFilters } from '../../src/db/list-sql.ts';
import { kindRows } from '../../src/modules/transactions/list/kind-rows-repo.ts';
import type { ServerKind } from '../../src/modules/transactions/kinds.ts';
import { filteredRows } from '../../src/modules/transactions/list/list-repo.ts';
import type { TestContext } from '../support/test-app.ts';

const ALL_TIME = { start: null, end: null };

export function parseFor(kind: ServerKind, raw: RawQuery): ListQuery {
  const parsed = parseListQuery(raw, kind.resource, ['from', 'to']);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
}

const sortedIds = async (q: ReturnType<typeof filteredRows>) =>
  ((await q.select(sql.ref('trctId').as('id')).execute()) as { id: number }[])
    .map((r) => Number(r.id))
    .sort((a, b) => a - b);

/** The rows of the old code path: the LIKE over the company's rows (`columns`: the fields the queries read). */
export function likeScanIds(
  ctx: TestContext,
  kind: ServerKind,
  compId: number,
  columns: readonly string[],
  query: ListQuery,
): Promise<number[]> {
  const rows = kindRows(
    ctx.db.kysely,
    { type: kind.type, compId, range: ALL_TIME },
    { fields: new Set(['trctId', ...columns]) },
  );
  const filtered = applyFilters(
    ctx.db.kysely.selectFrom(rows.as('r')) as never,
    query,
    kind.resource,
    { timeZone: ctx.config.businessTz, tieBreaker: 'trctId' },
  );
  return sortedIds(filtered as ReturnType<typeof filteredRows>);
}

/** The rows the list finds today (trigram tables or window included). */
export function listIds(
  ctx: TestContext,
  kind: ServerKind,
  compId: number,
  query: ListQuery,
): Promise<number[]> {
  return sortedIds(
    filteredRows(
      ctx.db.kysely,
      {
        kind: kind,
        compId: compId,
        range: ALL_TIME,
        query: query,
        timeZone: ctx.config.businessTz,
      },
      { fields: ['trctId'] },
    ),
  );
}
