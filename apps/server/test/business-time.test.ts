import { describe, expect, it } from 'vitest';
import { addDays } from '@tagih/contract';
import { businessRangeUtc, dayEndUtc, dayStartUtc } from '../src/business-time.ts';

describe('business days', () => {
  it('starts a Jakarta day at 17:00 UTC the day before', () => {
    expect(dayStartUtc('2026-05-01', 'Asia/Jakarta').toISOString()).toBe(
      '2026-04-30T17:00:00.000Z',
    );
  });
  it('turns an inclusive from/to range into a half-open UTC range', () => {
    expect(businessRangeUtc('2026-05-01', '2026-05-01', 'Asia/Jakarta')).toEqual({
      start: '2026-04-30T17:00:00.000Z',
      end: '2026-05-01T17:00:00.000Z',
    });
  });
  it('handles month and year ends and daylight-saving zones', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(dayEndUtc('2026-05-01', 'Asia/Jakarta').toISOString()).toBe('2026-05-01T17:00:00.000Z');
    // New York switches to daylight time on 2026-03-08: that day starts at 05:00 UTC, the next at 04:00 UTC.
    expect(dayStartUtc('2026-03-08', 'America/New_York').toISOString()).toBe(
      '2026-03-08T05:00:00.000Z',
    );
    expect(dayStartUtc('2026-03-09', 'America/New_York').toISOString()).toBe(
      '2026-03-09T04:00:00.000Z',
    );
  });
});
