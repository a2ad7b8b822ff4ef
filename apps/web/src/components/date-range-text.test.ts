import { describe, expect, it } from 'vitest';
import { rangeText } from './date-range-field.tsx';

describe('rangeText', () => {
  it('reads "from - to", and a range from the first day of all as "Semua tanggal" (never 1970-01-01)', () => {
    expect(rangeText({ from: '2026-11-01', to: '2026-11-28' }, '2026-11-28')).toBe(
      '2026-11-01 - 2026-11-28',
    );
    expect(rangeText({ from: '2026-11-01' }, '2026-11-28')).toBe('2026-11-01 - …');
    expect(rangeText({}, '2026-11-28')).toBe('');
    expect(rangeText({ from: '1970-01-01', to: '2026-11-28' }, '2026-11-28')).toBe('Semua tanggal');
    expect(rangeText({ from: '1970-01-01', to: '2026-11-20' }, '2026-11-28')).toBe(
      'Semua tanggal s.d. 2026-11-20',
    );
  });
});
