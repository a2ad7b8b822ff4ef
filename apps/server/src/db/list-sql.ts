/**
 * Applies a parsed list query (contract list-query.ts) to a Kysely query: filters, search,
 * order and paging, the same on SQLite and PostgreSQL. Only whitelisted fields arrive here
 * (the parser checked them); every value is bound, never spliced into SQL.
 */
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { Filter, ListQuery, Pagination, ResourceDef } from '@tagih/contract';
import { fieldOf, isDayShaped } from '@tagih/contract';
import { businessRangeUtc } from '../business-time.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- list queries span any table
type AnyQuery = SelectQueryBuilder<any, any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyEb = ExpressionBuilder<any, any>;

export interface ListSqlOptions {
  /** field -> SQL column reference (e.g. 'companies.compName'); defaults to the field name. */
  columns?: Record<string, string>;
  /** Business time zone: a YYYY-MM-DD on a date field means that business day. */
  timeZone: string;
  /** Unique column appended to the order so that paging is stable. */
  tieBreaker: string;
  /**
   * Fields whose contains, starts-with and ends-with tests are written with PostgreSQL's `strpos`,
   * `left` and `right` instead of LIKE (PostgreSQL only): the same rows, but the planner cannot
   * give their whole text to a trigram index (search-repo.ts asks the index for part of it).
   */
  textWithoutLike?: ReadonlySet<string>;
  /**
   * field -> column holding the field's text already lowered (PostgreSQL's stored twins,
   * kind-rows-repo.ts): the text tests read it as it is instead of lowering the field per row.
   */
  loweredColumns?: Readonly<Record<string, string>>;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

type TextOp = 'contain' | 'start_with' | 'end_with';
/** A text test of one field, its text already chosen (loweredText). */
type TextTest = (op: TextOp, text: string) => Expression<SqlBool>;

/** The text the tests read: the field's lowered twin when it has one, else the field lowered per row. */
export function loweredText(column: string, loweredColumn?: string): Expression<string> {
  return loweredColumn
    ? sql<string>`${sql.ref(loweredColumn)}`
    : sql<string>`lower(cast(${sql.ref(column)} as text))`;
}

const likeLowered = (lowered: Expression<string>, pattern: string) =>
  sql<SqlBool>`${lowered} like ${pattern.toLowerCase()} escape '\\'`;

/** The lowered text contains, starts or ends with `text` (lowered): a LIKE, which a trigram index serves. */
export function textMatch(
  lowered: Expression<string>,
  op: TextOp,
  text: string,
): Expression<SqlBool> {
  const escaped = escapeLike(text);
  return likeLowered(
    lowered,
    op === 'contain' ? `%${escaped}%` : op === 'start_with' ? `${escaped}%` : `%${escaped}`,
  );
}

/** The lowered text contains the parts (lowered) in this order, anything between them: LIKE '%a%b%', which a trigram index serves. */
export function textContainsInOrder(
  lowered: Expression<string>,
  parts: readonly string[],
): Expression<SqlBool> {
  return likeLowered(lowered, `%${parts.map(escapeLike).join('%')}%`);
}

/** The same test as textMatch without LIKE (PostgreSQL): no index is asked for it, and no wildcard needs escaping. */
function textMatchWithoutLike(
  lowered: Expression<string>,
  op: TextOp,
  text: string,
): Expression<SqlBool> {
  const needle = sql`cast(${text.toLowerCase()} as text)`;
  if (op === 'contain') return sql<SqlBool>`strpos(${lowered}, ${needle}) > 0`;
  return sql<SqlBool>`${sql.raw(op === 'start_with' ? 'left' : 'right')}(${lowered}, char_length(${needle})) = ${needle}`;
}

function dateBounds(value: string, timeZone: string): { start: string; end: string } | null {
  return isDayShaped(value) ? businessRangeUtc(value, value, timeZone) : null;
}

/** Where a filter applies: the column, the field's type, the zone of its days, its text tests. */
interface FilterTarget {
  column: string;
  type: string;
  timeZone: string;
  test: { match: TextTest; like: TextTest };
}

function filterExpression(
  eb: AnyEb,
  filter: Filter,
  { column, type, timeZone, test }: FilterTarget,
): Expression<SqlBool> {
  const ref = sql.ref(column);
  const v = filter.value;
  switch (filter.op) {
    case 'is_null':
      return eb(ref, 'is', null);
    case 'is_not_null':
      return eb(ref, 'is not', null);
    case 'contain':
    case 'start_with':
    case 'end_with':
      return test.match(filter.op, String(v));
    case 'not_contain':
      return eb.or([eb(ref, 'is', null), eb.not(test.like('contain', String(v)))]);
  }
  const day = type === 'date' && typeof v === 'string' ? dateBounds(v, timeZone) : null;
  if (day) {
    switch (filter.op) {
      case 'equal':
        return eb.and([eb(ref, '>=', day.start), eb(ref, '<', day.end)]);
      case 'not_equal':
        return eb.or([eb(ref, '<', day.start), eb(ref, '>=', day.end)]);
      case 'greater_than':
        return eb(ref, '>=', day.end);
      case 'greater_than_equal':
        return eb(ref, '>=', day.start);
      case 'less_than':
        return eb(ref, '<', day.start);
      case 'less_than_equal':
        return eb(ref, '<', day.end);
    }
  }
  const value = type === 'date' && typeof v === 'string' ? new Date(v).toISOString() : v;
  const op = {
    equal: '=',
    not_equal: '<>',
    greater_than: '>',
    greater_than_equal: '>=',
    less_than: '<',
    less_than_equal: '<=',
  }[filter.op] as '=' | '<>' | '>' | '>=' | '<' | '<=';
  if (filter.op === 'not_equal') return eb.or([eb(ref, 'is', null), eb(ref, op, value)]);
  return eb(ref, op, value);
}

/** Adds the query's filters and search to `qb`. */
export function applyFilters<Q extends AnyQuery>(
  qb: Q,
  query: ListQuery,
  resource: ResourceDef,
  options: ListSqlOptions,
): Q {
  const columnOf = (field: string) => options.columns?.[field] ?? field;
  const testsOf = (field: string) => {
    const lowered = loweredText(columnOf(field), options.loweredColumns?.[field]);
    const like: TextTest = (op, text) => textMatch(lowered, op, text);
    const match: TextTest = options.textWithoutLike?.has(field)
      ? (op, text) => textMatchWithoutLike(lowered, op, text)
      : like;
    return { match, like };
  };
  let out = qb;
  for (const filter of query.filters) {
    const type = fieldOf(resource, filter.field)?.type ?? 'string';
    const target: FilterTarget = {
      column: columnOf(filter.field),
      type,
      timeZone: options.timeZone,
      test: testsOf(filter.field),
    };
    out = out.where((eb: AnyEb) => filterExpression(eb, filter, target)) as Q;
  }
  if (query.search) {
    const { text, fields } = query.search;
    out = out.where((eb: AnyEb) =>
      eb.or(fields.map((f) => testsOf(f).match('contain', text))),
    ) as Q;
  }
  return out;
}

/** The fields a list query reads: its filters, its search and its order. */
export function fieldsOfQuery(query: ListQuery): Set<string> {
  return new Set([
    ...query.filters.map((f) => f.field),
    ...(query.search?.fields ?? []),
    query.order.field,
  ]);
}

/**
 * Orders `qb` (no paging). Nulls sort as the smallest value on both dialects (SQLite's rule;
 * PostgreSQL would otherwise put them last when ascending).
 */
export function applyOrder<Q extends AnyQuery>(
  qb: Q,
  query: ListQuery,
  options: ListSqlOptions,
): Q {
  const column = options.columns?.[query.order.field] ?? query.order.field;
  const ordered = qb.orderBy(sql.ref(column), (ob) =>
    query.order.direction === 'asc' ? ob.asc().nullsFirst() : ob.desc().nullsLast(),
  );
  // Ordered by the tie-breaker itself: said once (SQLite hands a single order to a virtual table, search-repo.ts).
  return (
    column === options.tieBreaker
      ? ordered
      : ordered.orderBy(sql.ref(options.tieBreaker), query.order.direction)
  ) as Q;
}

/** Orders and pages `qb`. */
export function applyOrderAndPage<Q extends AnyQuery>(
  qb: Q,
  query: ListQuery,
  options: ListSqlOptions,
): Q {
  return applyOrder(qb, query, options)
    .limit(query.max)
    .offset((query.page - 1) * query.max) as Q;
}

/** Counts the rows of an already filtered query (which must have no selections yet). */
export async function countRows(filtered: AnyQuery): Promise<number> {
  const row = await filtered.select((eb: AnyEb) => eb.fn.countAll().as('n')).executeTakeFirst();
  return Number((row as { n?: number | string } | undefined)?.n ?? 0);
}

export function pagination(totalData: number, query: ListQuery): Pagination {
  return {
    totalData,
    totalPage: Math.ceil(totalData / query.max),
    page: query.page,
    itemPerPage: query.max,
  };
}

/** The last row read of a page: its value of the order's column and of the tie-breaker. */
export interface RowPosition {
  value: unknown;
  tie: unknown;
}

/**
 * Keeps the rows that come after `last` in applyOrder's order (the order's column, then the
 * tie-breaker; nulls as the smallest value): the next batch of a page read in batches starts
 * right after the previous one (keyset), not at an offset counted again.
 */
export function applyAfter<Q extends AnyQuery>(
  qb: Q,
  query: ListQuery,
  options: ListSqlOptions,
  last: RowPosition,
): Q {
  const columnName = options.columns?.[query.order.field] ?? query.order.field;
  const tie = sql.ref(options.tieBreaker);
  const asc = query.order.direction === 'asc';
  const beyond = asc ? '>' : '<';
  if (columnName === options.tieBreaker) return qb.where(tie, beyond, last.tie) as Q;
  const column = sql.ref(columnName);
  return qb.where((eb: AnyEb) => {
    const tieBeyond = eb(tie, beyond, last.tie);
    if (last.value === null || last.value === undefined) {
      const nullsBeyond = eb.and([eb(column, 'is', null), tieBeyond]);
      return asc ? eb.or([eb(column, 'is not', null), nullsBeyond]) : nullsBeyond;
    }
    const past = eb.or([
      eb(column, beyond, last.value),
      eb.and([eb(column, '=', last.value), tieBeyond]),
    ]);
    return asc ? past : eb.or([past, eb(column, 'is', null)]);
  }) as Q;
}

/** Part of a page read in batches (modules/large-reads/large-page.ts): `limit` rows, after the row at `last` when given. */
export interface PageBatch {
  limit: number;
  last: RowPosition | null;
}

/** Where `row` stands in the query's order: its order field's value (null when absent) and its tie-breaker's (`tieField`). */
export function positionOf(row: object, query: ListQuery, tieField: string): RowPosition {
  const values = row as Record<string, unknown>;
  return { value: values[query.order.field] ?? null, tie: values[tieField] };
}

/** Orders and pages `qb` as applyOrderAndPage, or reads one batch of that page: its first `limit` rows, or the `limit` rows after `last`. */
export function applyOrderAndBatch<Q extends AnyQuery>(
  qb: Q,
  query: ListQuery,
  options: ListSqlOptions,
  batch: PageBatch | null,
): Q {
  if (!batch) return applyOrderAndPage(qb, query, options);
  if (batch.last)
    return applyOrder(applyAfter(qb, query, options, batch.last), query, options).limit(
      batch.limit,
    ) as Q;
  return applyOrder(qb, query, options)
    .limit(batch.limit)
    .offset((query.page - 1) * query.max) as Q;
}
