import { describe, expect, it } from 'vitest';
import {
  USERNAME_FORMAT_MESSAGE,
  accountLoginBody,
  loginBody,
  selectCompanyForm,
} from '../src/index.ts';

/** The first message per field: what a form shows under the field. */
function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('login form (spec §5)', () => {
  it('accepts a username and a password of at least 3 characters', () => {
    expect(loginBody.safeParse({ username: 'budi', password: 'abc' }).success).toBe(true);
  });
  it("says 'Password is required' for an empty password", () => {
    expect(messages(loginBody.safeParse({ username: 'budi', password: '' })).password).toBe(
      'Password is required',
    );
    expect(messages(loginBody.safeParse({ username: 'budi' })).password).toBe(
      'Password is required',
    );
  });
  it("says 'Password must be at least 3 characters' for a short one", () => {
    expect(messages(loginBody.safeParse({ username: 'budi', password: 'ab' })).password).toBe(
      'Password must be at least 3 characters',
    );
  });
  it('requires a username and rejects unknown fields', () => {
    expect(messages(loginBody.safeParse({ username: '', password: 'abc' })).username).toBe(
      'Username is required',
    );
    expect(loginBody.safeParse({ username: 'a', password: 'abc', role: 1 }).success).toBe(false);
  });
});

describe('Manage Account (spec §5)', () => {
  const valid = ['budi', 'budi.santoso', 'b_u@d1', 'Abc'];
  const invalid: [string, string][] = [
    ['1budi', USERNAME_FORMAT_MESSAGE],
    ['bu', 'Username must be at least 3 characters'],
    ['bu__di', USERNAME_FORMAT_MESSAGE],
    ['bu..di', USERNAME_FORMAT_MESSAGE],
    ['bu di', USERNAME_FORMAT_MESSAGE],
    ['budi!', USERNAME_FORMAT_MESSAGE],
    ['b'.repeat(51), 'Username must not exceed 50 characters'],
    ['', 'Username is required'],
  ];
  it.each(valid)('accepts the username %s', (u) => {
    expect(accountLoginBody.safeParse({ usloUserName: u }).success).toBe(true);
  });
  it.each(invalid)('rejects the username %s with its message', (u, message) => {
    expect(messages(accountLoginBody.safeParse({ usloUserName: u })).usloUserName).toBe(message);
  });
  it('takes an optional password of 6 to 50 characters', () => {
    expect(
      accountLoginBody.safeParse({ usloUserName: 'budi', usloPassword: 'secret' }).success,
    ).toBe(true);
    expect(accountLoginBody.safeParse({ usloUserName: 'budi', usloPassword: '' }).success).toBe(
      true,
    );
    expect(
      messages(accountLoginBody.safeParse({ usloUserName: 'budi', usloPassword: '12345' }))
        .usloPassword,
    ).toBe('Password must be at least 6 characters');
    expect(
      messages(accountLoginBody.safeParse({ usloUserName: 'budi', usloPassword: 'x'.repeat(51) }))
        .usloPassword,
    ).toBe('Password must not exceed 50 characters');
  });
});

describe('company selection', () => {
  it("says 'Please select a company.' until one is chosen", () => {
    expect(messages(selectCompanyForm.safeParse({ compId: undefined })).compId).toBe(
      'Please select a company.',
    );
    expect(selectCompanyForm.safeParse({ compId: 3 }).success).toBe(true);
  });
});
