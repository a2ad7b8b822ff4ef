/** What a master write puts in its audit event's details. */
import { describe, expect, it } from 'vitest';
import { changeDetails } from '../../src/modules/audit/details.ts';

describe('change details', () => {
  it('keeps the whole row after a create and before a delete, secrets redacted', () => {
    expect(changeDetails(null, { clntName: 'A', clntSecret: 'k' })).toEqual({
      after: { clntName: 'A', clntSecret: '[redacted]' },
    });
    expect(changeDetails({ usloUserName: 'a', usloPassword: '$argon2id$x' }, null)).toEqual({
      before: { usloUserName: 'a', usloPassword: '[redacted]' },
    });
  });

  it('keeps only the fields an update changed, and shows a password change without its value', () => {
    const before = {
      compName: 'PT A',
      compCity: 'Jakarta',
      compStatus: 1,
      usloPassword: '$argon2id$old',
    };
    expect(changeDetails(before, { compName: 'PT B', compCity: 'Jakarta', compStatus: 1 })).toEqual(
      { before: { compName: 'PT A' }, after: { compName: 'PT B' } },
    );
    expect(changeDetails(before, { compCity: 'Jakarta', usloPassword: '$argon2id$new' })).toEqual({
      before: { usloPassword: '[redacted]' },
      after: { usloPassword: '[redacted]' },
    });
    expect(changeDetails(before, { compStatus: 1 })).toEqual({ before: {}, after: {} });
  });
});
