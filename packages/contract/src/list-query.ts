/**
 * The list query every list endpoint accepts (spec §7, §9 "Filter conditions"):
 * page, max, orderField, orderValue, search + searchFields, finds[field]=v,
 * finds[field][op]=v and additionalFilter. One parser for all resources.
 */
import { FILTER_DATE_RANGE, isFilterDate } from './format.ts';
import { MAX_BIG_ID, MAX_ID } from './field-limits.ts';
import {
  fieldOf,
  isFilterable,
  isSortable,
  type FieldDef,
  type FieldType,
  type NumberKind,
  type ResourceDef,
} from './resource.ts';

export const OPERATORS = [
  'contain',
  'not_contain',
  'equal',
  'not_equal',
  'start_with',
  'end_with',
  'greater_than',
  'greater_than_equal',
  'less_than',
  'less_than_equal',
  'is_null',
  'is_not_null',
] as const;
export type Operator = (typeof OPERATORS)[number];

const OPERATOR_ALIASES: Record<string, Operator> = { eq: 'equal', neq: 'not_equal' };

const OPERATORS_BY_TYPE: Record<FieldType, readonly Operator[]> = {
  string: [
    'contain',
    'not_contain',
    'equal',
    'not_equal',
    'start_with',
    'end_with',
    'is_null',
    'is_not_null',
  ],
  number: [
    'equal',
    'not_equal',
    'greater_than',
    'greater_than_equal',
    'less_than',
    'less_than_equal',
    'is_null',
    'is_not_null',
  ],
  date: [
    'equal',
    'not_equal',
    'greater_than',
    'greater_than_equal',
    'less_than',
    'less_than_equal',
    'is_null',
    'is_not_null',
  ],
  bool: ['equal', 'not_equal', 'is_null', 'is_not_null'],
};

export const MAX_PAGE_SIZE = 1_000_000;
/**
 * How far a list pages: page × max at most this (2^53 - 1). The row offset stays an exact
 * JavaScript integer and far inside the 64-bit OFFSET that SQLite and PostgreSQL take.
 */
export const MAX_LIST_POSITION = Number.MAX_SAFE_INTEGER;
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZE_OPTIONS = [10, 20, 30, 50, 100] as const;

/**
 * The values a number filter takes, by the column's kind: whole numbers that fit a PostgreSQL
 * integer or a bigint JavaScript holds exactly, and amounts with at most 2 decimals whose minor
 * units stay exact (under 10^15).
 */
export const NUMBER_RANGES: Readonly<
  Record<NumberKind, { min: number; max: number; decimals: number }>
> = {
  integer: { min: -MAX_ID - 1, max: MAX_ID, decimals: 0 },
  bigint: { min: -MAX_BIG_ID, max: MAX_BIG_ID, decimals: 0 },
  money: { min: -9_999_999_999_999.99, max: 9_999_999_999_999.99, decimals: 2 },
};

export type FilterValue = string | number | null;

export interface Filter {
  field: string;
  op: Operator;
  value: FilterValue;
}

export interface ListQuery {
  page: number;
  max: number;
  order: { field: string; direction: 'asc' | 'desc' };
  search: { text: string; fields: string[] } | null;
  filters: Filter[];
}

export type ParseResult<T> = { ok: true; value: T } | { ok: false; message: string };

/** Raw query parameters: name -> value (repeated names keep the last value). */
export type RawQuery = Record<string, string | undefined>;

const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });

function positiveInt(
  raw: string | undefined,
  name: string,
  fallback: number,
  max: number,
): number | string {
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) return `${name} must be a whole number`;
  const n = Number(raw);
  if (n < 1) return `${name} must be at least 1`;
  if (n > max) return `${name} must be at most ${max}`;
  return n;
}

const DATE_TIME =
  /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))?)?$/;

/**
 * A date filter value: a real day (2026-02-30 is not one) in FILTER_DATE_RANGE, optionally with
 * a real time of day (hh:mm[:ss[.fff]]) and a zone (Z or ±hh:mm).
 */
function isFilterDateTime(text: string): boolean {
  const m = DATE_TIME.exec(text);
  if (!m || !isFilterDate(m[1]!)) return false;
  const [hour, minute, second, zoneHours, zoneMinutes] = m
    .slice(2)
    .map((v) => (v === undefined ? 0 : Number(v)));
  return (
    hour! <= 23 &&
    minute! <= 59 &&
    second! <= 59 &&
    zoneHours! <= 23 &&
    zoneMinutes! <= 59 &&
    !Number.isNaN(Date.parse(text))
  );
}

const DECIMAL = /^-?\d+(?:\.(\d+))?$/;

/** A number filter's text (or JSON number) as the number its column holds, or why not. */
function numberValue(field: FieldDef, text: string): number | string[] {
  const range = NUMBER_RANGES[field.numberKind ?? 'integer'];
  const rule =
    range.decimals === 0
      ? `must be a whole number from ${range.min} to ${range.max}`
      : `must be an amount with at most ${range.decimals} decimals from ${range.min} to ${range.max}`;
  const match = DECIMAL.exec(text);
  const value = Number(text);
  if (
    !match ||
    (match[1]?.length ?? 0) > range.decimals ||
    value < range.min ||
    value > range.max
  ) {
    return [`Filter value for '${field.name}' ${rule}`];
  }
  return value;
}

function coerceValue(field: FieldDef, raw: unknown): FilterValue | string[] {
  if (raw === null) return null;
  if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') {
    return [`Filter value for '${field.name}' must be text or a number`];
  }
  const text = String(raw);
  // additionalFilter's JSON can spell one (\u0000) where the query itself holds none.
  if (text.includes('\u0000'))
    return [`Filter value for '${field.name}' must not contain a NUL character`];
  switch (field.type) {
    case 'number':
      return numberValue(field, text);
    case 'bool': {
      if (['true', '1'].includes(text)) return 1;
      if (['false', '0'].includes(text)) return 0;
      return [`Filter value for '${field.name}' must be true or false`];
    }
    case 'date': {
      if (!isFilterDateTime(text)) {
        return [
          `Filter value for '${field.name}' must be a date (YYYY-MM-DD) from ${FILTER_DATE_RANGE.min} to ${FILTER_DATE_RANGE.max}`,
        ];
      }
      return text;
    }
    default:
      return text;
  }
}

function filterFor(
  resource: ResourceDef,
  name: string,
  opName: string | undefined,
  raw: unknown,
): Filter | string {
  const field = fieldOf(resource, name);
  if (!field || !isFilterable(field)) return `Unknown filter field '${name}'`;
  const op =
    opName === undefined
      ? field.type === 'string'
        ? 'contain'
        : 'equal'
      : (OPERATOR_ALIASES[opName] ?? opName);
  if (!(OPERATORS as readonly string[]).includes(op)) return `Unknown filter operator '${opName}'`;
  if (!OPERATORS_BY_TYPE[field.type].includes(op as Operator)) {
    return `Operator '${op}' does not apply to '${name}'`;
  }
  if (op === 'is_null' || op === 'is_not_null')
    return { field: name, op: op as Operator, value: null };
  const value = coerceValue(field, raw);
  if (Array.isArray(value)) return value[0]!;
  return { field: name, op: op as Operator, value };
}

const FIND_KEY = /^finds\[([^\][]+)\](?:\[([^\][]+)\])?$/;
const BASE_KEYS = new Set([
  'page',
  'max',
  'orderField',
  'orderValue',
  'search',
  'searchFields',
  'additionalFilter',
]);

/**
 * Parses a list query against a resource. Every field it names must be one of the
 * resource's fields; `extraKeys` are other parameters the endpoint itself reads (e.g. from, to).
 */
export function parseListQuery(
  raw: RawQuery,
  resource: ResourceDef,
  extraKeys: readonly string[] = [],
): ParseResult<ListQuery> {
  const page = positiveInt(raw.page, 'page', 1, Number.MAX_SAFE_INTEGER);
  if (typeof page === 'string') return fail(page);
  const max = positiveInt(raw.max, 'max', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE);
  if (typeof max === 'string') return fail(max);
  if (page * max > MAX_LIST_POSITION) {
    return fail(
      `page ${page} with max ${max} reaches too far: page × max must be at most ${MAX_LIST_POSITION}`,
    );
  }

  const orderField = raw.orderField || resource.defaultOrder.field;
  const orderFieldDef = fieldOf(resource, orderField);
  if (!orderFieldDef || !isSortable(orderFieldDef))
    return fail(`Unknown order field '${orderField}'`);
  const orderValue = (
    raw.orderValue || (raw.orderField ? 'asc' : resource.defaultOrder.direction)
  ).toLowerCase();
  if (orderValue !== 'asc' && orderValue !== 'desc')
    return fail("orderValue must be 'asc' or 'desc'");

  let search: ListQuery['search'] = null;
  if (raw.search !== undefined && raw.search !== '') {
    const names = (raw.searchFields ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const fields =
      names.length > 0 ? names : resource.fields.filter((f) => f.searchable).map((f) => f.name);
    for (const name of fields) {
      const def = fieldOf(resource, name);
      if (!def || !isFilterable(def)) return fail(`Unknown search field '${name}'`);
    }
    if (fields.length === 0) return fail('searchFields is required with search');
    search = { text: raw.search, fields };
  } else if (raw.searchFields) {
    for (const name of raw.searchFields
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const def = fieldOf(resource, name);
      if (!def || !isFilterable(def)) return fail(`Unknown search field '${name}'`);
    }
  }

  const filters: Filter[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    const match = FIND_KEY.exec(key);
    if (match) {
      // An empty box filters nothing, except for the operators that take no value.
      if (value === '' && match[2] !== 'is_null' && match[2] !== 'is_not_null') continue;
      const filter = filterFor(resource, match[1]!, match[2], value);
      if (typeof filter === 'string') return fail(filter);
      filters.push(filter);
    } else if (!BASE_KEYS.has(key) && !extraKeys.includes(key)) {
      return fail(`Unknown query parameter '${key}'`);
    }
  }

  if (raw.additionalFilter !== undefined && raw.additionalFilter !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw.additionalFilter);
    } catch {
      return fail('additionalFilter must be a JSON object');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      return fail('additionalFilter must be a JSON object');
    }
    for (const [name, value] of Object.entries(parsed)) {
      const filter = filterFor(resource, name, value === null ? 'is_null' : 'equal', value);
      if (typeof filter === 'string') return fail(filter);
      filters.push(filter);
    }
  }

  return {
    ok: true,
    value: { page, max, order: { field: orderField, direction: orderValue }, search, filters },
  };
}

/** Builds the query string for a list call (used by the web app; inverse of the parser). */
export function listQueryString(params: {
  page?: number;
  max?: number;
  orderField?: string;
  orderValue?: 'asc' | 'desc';
  search?: string;
  searchFields?: readonly string[];
  finds?: Record<
    string,
    string | number | { op: Operator | 'eq'; value: string | number } | undefined | null
  >;
  extra?: Record<string, string | number | undefined>;
}): string {
  const q = new URLSearchParams();
  if (params.page) q.set('page', String(params.page));
  if (params.max) q.set('max', String(params.max));
  if (params.orderField) q.set('orderField', params.orderField);
  if (params.orderValue) q.set('orderValue', params.orderValue);
  if (params.search) {
    q.set('search', params.search);
    if (params.searchFields?.length) q.set('searchFields', params.searchFields.join(','));
  }
  for (const [field, v] of Object.entries(params.finds ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    if (typeof v === 'object') q.set(`finds[${field}][${v.op}]`, String(v.value));
    else q.set(`finds[${field}]`, String(v));
  }
  for (const [k, v] of Object.entries(params.extra ?? {}))
    if (v !== undefined && v !== '') q.set(k, String(v));
  return q.toString();
}
