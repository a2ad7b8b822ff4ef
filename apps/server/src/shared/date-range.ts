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

export function parseDateRange(from: string | undefined, to: string | undefined, timeZone: string): UtcRange {
  const f = from?.trim() || undefined;
  const t = to?.trim() || undefined;
  checkDay('from', f);
  checkDay('to', t);
  if (f !== undefined && t !== undefined && t < f) throw new Invalid('to must not be before from', { to: 'must not be before from' });
  return {
    start: f === undefined ? null : dayStartUtc(f, timeZone).toISOString(),
    end: t === undefined ? null : dayEndUtc(t, timeZone).toISOString(),
  };
}
