/** Business days (YYYY-MM-DD in BUSINESS_TZ) as UTC instants: the database stores UTC. */
import { addDays } from '@tagih/contract';

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Offset of a time zone from UTC at an instant, in minutes; fractional where the zone's local mean time has seconds. */
function exactOffsetMinutes(instant: Date, timeZone: string): number {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return (asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000;
}

/** Offset of a time zone from UTC at an instant, in minutes (Asia/Jakarta: +420). */
const offsetMinutes = (instant: Date, timeZone: string): number =>
  Math.round(exactOffsetMinutes(instant, timeZone));

const SAMPLE_FROM = Date.UTC(1970, 0, 1);
const SAMPLE_TO = Date.UTC(2100, 0, 1);
const WEEK_MS = 7 * 24 * 3600_000;
const fixedOffsets = new Map<string, number | null>();

/**
 * The zone's offset in whole minutes when it is the same at every week from 1970 to 2100
 * (Asia/Jakarta: +420 since 1964), else null: a database without time zones (SQLite) can write
 * such a zone's times by adding a constant, and no other.
 */
export function fixedOffsetMinutes(timeZone: string): number | null {
  if (fixedOffsets.has(timeZone)) return fixedOffsets.get(timeZone)!;
  const first = exactOffsetMinutes(new Date(SAMPLE_FROM), timeZone);
  let fixed: number | null = Number.isInteger(first) ? first : null;
  for (let ms = SAMPLE_FROM + WEEK_MS; fixed !== null && ms < SAMPLE_TO; ms += WEEK_MS) {
    if (exactOffsetMinutes(new Date(ms), timeZone) !== first) fixed = null;
  }
  fixedOffsets.set(timeZone, fixed);
  return fixed;
}

/** The UTC instant at which a business day starts. */
export function dayStartUtc(day: string, timeZone: string): Date {
  const guess = new Date(`${day}T00:00:00.000Z`);
  const first = new Date(guess.getTime() - offsetMinutes(guess, timeZone) * 60_000);
  // Correct once more in case the offset differs at the real start (DST edges).
  return new Date(guess.getTime() - offsetMinutes(first, timeZone) * 60_000);
}

/** The UTC instant at which the business day after `day` starts: the end of `day`, exclusive. */
export const dayEndUtc = (day: string, timeZone: string): Date =>
  dayStartUtc(addDays(day, 1), timeZone);

/** [start, end) in UTC ISO strings for an inclusive business-day range. */
export function businessRangeUtc(
  from: string,
  to: string,
  timeZone: string,
): { start: string; end: string } {
  return {
    start: dayStartUtc(from, timeZone).toISOString(),
    end: dayEndUtc(to, timeZone).toISOString(),
  };
}
