import { describe, expect, it } from 'vitest';
import { presetOf, presetRange } from './date-presets.ts';

describe('date presets', () => {
  it('counts business days back from today, today included', () => {
    expect(presetRange('today', '2026-03-01')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(presetRange('yesterday', '2026-03-01')).toEqual({
      from: '2026-02-28',
      to: '2026-02-28',
    });
    expect(presetRange('last7', '2026-03-01')).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(presetRange('last30', '2024-03-01')).toEqual({ from: '2024-02-01', to: '2024-03-01' }); // leap year
    expect(presetRange('thisMonth', '2026-12-31')).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
    expect(presetRange('yesterday', '2026-01-01')).toEqual({
      from: '2025-12-31',
      to: '2025-12-31',
    });
  });

  it('names the preset a range is, or none', () => {
    expect(presetOf({ from: '2026-11-17', to: '2026-11-23' }, '2026-11-23')).toBe('last7');
    expect(presetOf({ from: '2026-11-01', to: '2026-11-23' }, '2026-11-23')).toBe('thisMonth');
    expect(presetOf({ from: '2026-11-02', to: '2026-11-23' }, '2026-11-23')).toBeNull();
  });
});
