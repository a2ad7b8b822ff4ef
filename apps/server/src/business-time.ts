/** Business days (YYYY-MM-DD in BUSINESS_TZ) as UTC instants: the database stores UTC. */
import { addDays } from '@tagih/contract';

/** Offset of a time zone from UTC at an instant, in minutes (Asia/Jakarta: +420). */
function offsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
  }).formatToParts(instant);
  const get = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The UTC instant at which a business day starts. */
export function dayStartUtc(day: string, timeZone: string): Date {
  const guess = new Date(`${day}T00:00:00.000Z`);
  const first = new Date(guess.getTime() - offsetMinutes(guess, timeZone) * 60_000);
  // Correct once more in case the offset differs at the real start (DST edges).
  return new Date(guess.getTime() - offsetMinutes(first, timeZone) * 60_000);
}

/** The UTC instant at which the business day after `day` starts: the end of `day`, exclusive. */
export const dayEndUtc = (day: string, timeZone: string): Date => dayStartUtc(addDays(day, 1), timeZone);

/** [start, end) in UTC ISO strings for an inclusive business-day range. */
export function businessRangeUtc(from: string, to: string, timeZone: string): { start: string; end: string } {
  return { start: dayStartUtc(from, timeZone).toISOString(), end: dayEndUtc(to, timeZone).toISOString() };
}
