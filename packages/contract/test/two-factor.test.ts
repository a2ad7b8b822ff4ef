import { describe, expect, it } from 'vitest';
import {
  loginAnswerSchema,
  loginTwoFactorBody,
  needsSecondStep,
  recoveryCode,
  totpCode,
  twoFactorDisableBody,
} from '../src/index.ts';

describe('two-factor shapes', () => {
  it('takes a 6-digit code, spaces aside', () => {
    expect(totpCode.parse(' 123 456 ')).toBe('123456');
    for (const bad of ['12345', '1234567', 'abcdef', ''])
      expect(totpCode.safeParse(bad).success).toBe(false);
  });

  it('takes a recovery code whatever its dashes, spaces and case', () => {
    expect(recoveryCode.parse('ABCD-efgh 2345-6789')).toBe('abcdefgh23456789');
    expect(recoveryCode.safeParse('short').success).toBe(false);
  });

  it('the second step carries the challenge and either a code or a recovery code, not both', () => {
    expect(loginTwoFactorBody.parse({ challenge: 'c', code: '123456' })).toEqual({
      challenge: 'c',
      code: '123456',
    });
    expect(
      loginTwoFactorBody.parse({ challenge: 'c', recoveryCode: 'abcd-efgh-2345-6789' }),
    ).toEqual({ challenge: 'c', recoveryCode: 'abcdefgh23456789' });
    expect(
      loginTwoFactorBody.safeParse({
        challenge: 'c',
        code: '123456',
        recoveryCode: 'abcd-efgh-2345-6789',
      }).success,
    ).toBe(false);
    expect(loginTwoFactorBody.safeParse({ code: '123456' }).success).toBe(false);
  });

  it('tells a sign-in that needs the second step from one that is done', () => {
    const challenge = loginAnswerSchema.parse({ twoFactorRequired: true, challenge: 'c' });
    const done = loginAnswerSchema.parse({ token: 't', user: { userId: 'u', username: 'n' } });
    expect(needsSecondStep(challenge)).toBe(true);
    expect(needsSecondStep(done)).toBe(false);
  });

  it('disable needs the password and a code', () => {
    expect(twoFactorDisableBody.safeParse({ password: 'x', code: '' }).success).toBe(false);
    expect(twoFactorDisableBody.safeParse({ password: 'secret-1', code: '123456' }).success).toBe(
      true,
    );
  });
});
