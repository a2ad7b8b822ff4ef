/**
 * A list's state in the page's URL: search-by, search text, date range, filters, sort, page and
 * page size. Defaults stay out of the URL, so a plain link opens the screen as the spec
 * describes; anything unreadable in a pasted link falls back to its default.
 */
import {
  addDays,
  businessDate,
  DEFAULT_BUSINESS_TZ,
  DEFAULT_PAGE_SIZE,
  PAGE_SIZE_OPTIONS,
} from '@tagih/contract';
import type { ListSort } from '../api/get-list.ts';

export interface ListUrlConfig {
  /**
   * The first day of the default date range: 'today', 'last30' (the 30 days up to today: the break
   * queue) or a fixed day (notifications: 1970-01-01). Absent: the list has no date range.
   */
  defaultFrom?: 'today' | 'last30' | string;
  /** The search-by choices; the first is the default. Empty = one search box without a choice. */
  searchBy: readonly string[];
  /** The screen's filter keys (e.g. bank, status): values are free strings. */
  filterKeys: readonly string[];
}

/** A day range as the date field holds it: either end may be missing while it is being picked. */
export interface DayRangeValue {
  from?: string;
  to?: string;
}

export interface ListUrlState {
  searchBy: string;
  /** The search that is asked for (already debounced and trimmed). */
  q: string;
  /** 'YYYY-MM-DD'; either may be missing (an incomplete range asks for nothing, spec §5). */
  from?: string;
  to?: string;
  filters: Readonly<Record<string, string>>;
  sort: ListSort | null;
  page: number;
  pageSize: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const FIELD = /^[A-Za-z][A-Za-z0-9_]*$/;

/** Today in the business time zone (Asia/Jakarta), 'YYYY-MM-DD'. */
export const businessToday = (): string => businessDate(new Date(), DEFAULT_BUSINESS_TZ);

/** A range the list can be asked for: both days known, else null (spec §5: no fetch). */
export function completeRange(value: DayRangeValue): { from: string; to: string } | null {
  return value.from && value.to ? { from: value.from, to: value.to } : null;
}

/** The default range of a list with dates; empty for a list without. */
export function defaultDays(config: ListUrlConfig, today: string): DayRangeValue {
  if (config.defaultFrom === undefined) return {};
  if (config.defaultFrom === 'today') return { from: today, to: today };
  if (config.defaultFrom === 'last30') return { from: addDays(today, -29), to: today };
  return { from: config.defaultFrom, to: today };
}

function positiveInt(text: string | null): number | null {
  if (!text || !/^\d{1,6}$/.test(text)) return null;
  const value = Number(text);
  return value >= 1 ? value : null;
}

function readSort(text: string | null): ListSort | null {
  if (!text) return null;
  const descending = text.startsWith('-');
  const field = descending ? text.slice(1) : text;
  return FIELD.test(field) ? { field, direction: descending ? 'desc' : 'asc' } : null;
}

function readDays(search: URLSearchParams, config: ListUrlConfig, today: string): DayRangeValue {
  const days = defaultDays(config, today);
  if (config.defaultFrom === undefined) return days;
  const fromText = search.get('from');
  const toText = search.get('to');
  if (fromText === null && toText === null) return days;
  return {
    from: fromText && DAY.test(fromText) ? fromText : undefined,
    to: toText && DAY.test(toText) ? toText : undefined,
  };
}

/** The state a URL's query asks for, defaults filled in. */
export function readListUrl(
  search: URLSearchParams,
  config: ListUrlConfig,
  today: string,
): ListUrlState {
  const by = search.get('by');
  const size = positiveInt(search.get('size'));
  const filters: Record<string, string> = {};
  for (const key of config.filterKeys) {
    const value = search.get(key);
    if (value) filters[key] = value;
  }
  return {
    searchBy: by && config.searchBy.includes(by) ? by : (config.searchBy[0] ?? ''),
    q: (search.get('q') ?? '').trim(),
    ...readDays(search, config, today),
    filters,
    sort: readSort(search.get('sort')),
    page: positiveInt(search.get('page')) ?? 1,
    pageSize:
      size && (PAGE_SIZE_OPTIONS as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** The URL query of a state: only what differs from the defaults, in a fixed order. */
export function writeListUrl(
  state: ListUrlState,
  config: ListUrlConfig,
  today: string,
): URLSearchParams {
  const out = new URLSearchParams();
  const days = defaultDays(config, today);
  if (config.searchBy.length > 0 && state.searchBy !== config.searchBy[0])
    out.set('by', state.searchBy);
  if (state.q.trim()) out.set('q', state.q.trim());
  if (config.defaultFrom !== undefined && (state.from !== days.from || state.to !== days.to)) {
    out.set('from', state.from ?? '');
    out.set('to', state.to ?? '');
  }
  for (const key of config.filterKeys) {
    const value = state.filters[key]?.trim();
    if (value) out.set(key, value);
  }
  if (state.sort)
    out.set('sort', `${state.sort.direction === 'desc' ? '-' : ''}${state.sort.field}`);
  if (state.page > 1) out.set('page', String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) out.set('size', String(state.pageSize));
  return out;
}
