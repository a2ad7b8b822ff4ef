/** The from/to of monitoring lists: inclusive business days (YYYY-MM-DD in BUSINESS_TZ) as UTC bounds. */
import { isIsoDate } from '@tagih/contract';
import { dayStartUtc, nextDay } from '../business-time.ts';
import { Invalid } from './errors.ts';

/** UTC bounds [start, end); either may be absent (no restriction on that side). */
export interface UtcRange {
  start: string | null;
  end: string | null;
}

export function parseDateRange(from: string | undefined, to: string | undefined, timeZone: string): UtcRange {
  const f = from?.trim() || undefined;
  const t = to?.trim() || undefined;
  if (f !== undefined && !isIsoDate(f)) throw new Invalid(`from must be a date (YYYY-MM-DD), got '${f}'`, { from: 'must be a date (YYYY-MM-DD)' });
  if (t !== undefined && !isIsoDate(t)) throw new Invalid(`to must be a date (YYYY-MM-DD), got '${t}'`, { to: 'must be a date (YYYY-MM-DD)' });
  if (f !== undefined && t !== undefined && t < f) throw new Invalid('to must not be before from', { to: 'must not be before from' });
  return {
    start: f === undefined ? null : dayStartUtc(f, timeZone).toISOString(),
    end: t === undefined ? null : dayStartUtc(nextDay(t), timeZone).toISOString(),
  };
}
