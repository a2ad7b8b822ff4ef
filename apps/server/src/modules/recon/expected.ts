/**
 * When a missing-at-bank break stops being "expected": RECON_EXPECTED_DAYS business days (Monday
 * to Friday) after the day it was paid. Read, not stored: the same break turns late by itself as
 * days pass. `lateBefore` is the instant before which a paid time is late today.
 */
import { addDays, businessDate } from '@tagih/contract';
import { dayEndUtc } from '../../business-time.ts';

const isWeekend = (day: string) => [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());

/** The business day `n` business days after `day` (a weekend day counts from the next Monday). */
export function addBusinessDays(day: string, n: number): string {
  let d = day;
  let left = n;
  while (left > 0 || isWeekend(d)) {
    d = addDays(d, 1);
    if (!isWeekend(d)) left--;
    if (left < 0) break;
  }
  return d;
}

/** Paid before this instant: a missing-at-bank break, not expected, today. */
export function lateBefore(now: Date, timeZone: string, expectedDays: number): string {
  const today = businessDate(now, timeZone);
  if (expectedDays === 0) return now.toISOString();
  // The latest paid day whose due day has come: walk back from today.
  let day = today;
  while (addBusinessDays(day, expectedDays) > today) day = addDays(day, -1);
  return dayEndUtc(day, timeZone).toISOString();
}
