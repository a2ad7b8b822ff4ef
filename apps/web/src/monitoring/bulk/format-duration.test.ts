import { describe, expect, it } from 'vitest';
import { formatDuration } from './format-duration.ts';

describe('formatDuration', () => {
  it('reads seconds, minutes and hours in Indonesian, rounding a part second up', () => {
    expect(formatDuration(0)).toBe('0 detik');
    expect(formatDuration(44.2)).toBe('45 detik');
    expect(formatDuration(60)).toBe('1 menit');
    expect(formatDuration(200)).toBe('3 menit 20 detik');
    expect(formatDuration(3600)).toBe('1 jam');
    expect(formatDuration(7500)).toBe('2 jam 5 menit');
  });
});
