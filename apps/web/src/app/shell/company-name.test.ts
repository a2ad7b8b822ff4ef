import { describe, expect, it } from 'vitest';
import { activeCompanyName } from './company-name.ts';

const available = [
  { compId: 7, compName: 'PT Kopi Kita' },
  { compId: 9, compName: 'PT Sinar Pay' },
];

describe('active company name', () => {
  it('takes the name of an active company object', () => {
    expect(activeCompanyName({ active: { compId: 9, compName: 'PT Sinar Pay' }, available })).toBe(
      'PT Sinar Pay',
    );
  });

  it('reads a numeric active value as an index into the available list', () => {
    expect(activeCompanyName({ active: 1, available })).toBe('PT Sinar Pay');
  });

  it("says 'Unknown Company' otherwise", () => {
    expect(activeCompanyName({ active: null, available })).toBe('Unknown Company');
    expect(activeCompanyName({ active: 5, available })).toBe('Unknown Company');
    expect(activeCompanyName(undefined)).toBe('Unknown Company');
  });
});
