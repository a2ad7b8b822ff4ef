import { describe, expect, it } from 'vitest';
import {
  LOGIN_FIELD_RULES,
  SECOND_FACTOR_RULES,
  checkCode,
  loginBody,
  recoveryCode,
  textRuleIssue,
  totpCode,
} from '../src/index.ts';

/** The sign-in page checks the plain rules; the server the schemas built from them: they must agree. */
describe('login rules as plain data', () => {
  const cases: [string, string][] = [
    ['', ''],
    ['   ', 'ab'],
    [' budi ', 'abc'],
    ['b'.repeat(50), 'x'.repeat(200)],
    ['b'.repeat(51), 'x'.repeat(201)],
    ['budi', '  '],
  ];
  it.each(cases)(
    'username %j, password %j: the same first message as loginBody',
    (username, password) => {
      const parsed = loginBody.safeParse({ username, password });
      const first = (field: string) =>
        parsed.error?.issues.find((issue) => issue.path[0] === field)?.message ?? null;
      expect(textRuleIssue(LOGIN_FIELD_RULES.username, username)).toBe(first('username'));
      expect(textRuleIssue(LOGIN_FIELD_RULES.password, password)).toBe(first('password'));
    },
  );

  it('says what the spec says', () => {
    expect(textRuleIssue(LOGIN_FIELD_RULES.username, '  ')).toBe('Username is required');
    expect(textRuleIssue(LOGIN_FIELD_RULES.password, '')).toBe('Password is required');
    expect(textRuleIssue(LOGIN_FIELD_RULES.password, 'ab')).toBe(
      'Password must be at least 3 characters',
    );
  });

  it.each([['123 456'], ['12345'], ['abcdef'], [' 654321 ']])(
    'the code %j: as totpCode',
    (input) => {
      const parsed = totpCode.safeParse(input);
      expect(checkCode(SECOND_FACTOR_RULES.code, input)).toEqual(
        parsed.success ? { code: parsed.data } : { issue: parsed.error.issues[0]?.message },
      );
    },
  );

  it.each([['ABCD-EFGH-IJ'], ['abc'], ['abcd efgh ij'], ['abcd_efgh_ij']])(
    'the recovery code %j: as recoveryCode',
    (input) => {
      const parsed = recoveryCode.safeParse(input);
      expect(checkCode(SECOND_FACTOR_RULES.recoveryCode, input)).toEqual(
        parsed.success ? { code: parsed.data } : { issue: parsed.error.issues[0]?.message },
      );
    },
  );
});
