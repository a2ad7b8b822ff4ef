/** The from/to of monitoring lists: inclusive business days (YYYY-MM-DD in BUSINESS_TZ) as UTC bounds. */
import { FILTER_DATE_RANGE, isFilterDate } from '@tagih/contract';
import { dayEndUtc, dayStartUtc } from '../business-time.ts';
import { Invalid } from './errors.ts';

/** UTC bounds [start, end); either may be absent (no restriction on that side). */
export interface UtcRange {
  start: string | null;
  end: string | null;
}

/** A real calendar day (2026-02-30 is none) that both databases and every time zone can hold. */
function checkDay(name: 'from' | 'to', value: string | undefined): void {
  if (value === undefined || isFilterDate(value)) return;
  const rule = `must be a date (YYYY-MM-DD) from ${FILTER_DATE_RANGE.min} to ${FILTER_DATE_RANGE.max}`;
  throw new Invalid(`${name} ${rule}, got '${value.slice(0, 40)}'`, { [name]: rule });
}

/** Inclusive business days (YYYY-MM-DD, real days: parseDays checked them); null: no bound on that side. */
export interface DayRange {
  from: string | null;
  to: string | null;
}

/** A list's from/to as its business days and as those days' UTC bounds; a bad day or to before from is a 400. */
export function parseDays(
  from: string | undefined,
  to: string | undefined,
  timeZone: string,
): { days: DayRange; range: UtcRange } {
  const f = from?.trim() || undefined;
  const t = to?.trim() || undefined;
  checkDay('from', f);
  checkDay('to', t);
  if (f !== undefined && t !== undefined && t < f)
    throw new Invalid('to must not be before from', { to: 'must not be before from' });
  return {
    days: { from: f ?? null, to: t ?? null },
    range: {
      start: f === undefined ? null : dayStartUtc(f, timeZone).toISOString(),
      end: t === undefined ? null : dayEndUtc(t, timeZone).toISOString(),
    },
  };
}

/** The UTC bounds [start, end) of a list's from/to (parseDays). */
export const parseDateRange = (
  from: string | undefined,
  to: string | undefined,
  timeZone: string,
): UtcRange => parseDays(from, to, timeZone).range;
