/**
 * Two-factor sign-in (TOTP, RFC 6238) on both dialects: real codes computed at the test clock's
 * times (the server checks on deps.clock), enrolment, the second step, wrong, expired and
 * replayed codes, recovery codes once, the lockout, the Superadmin reset and MFA_REQUIRED_ROLES.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@tagih/contract';
import { SecretBox, newDataKey } from '../../src/security/secret-box.ts';
import { totpCodeAt } from '../../src/security/totp.ts';
import { resealTotpSecrets } from '../../src/security/totp-secrets.ts';
import {
  ADMIN,
  ADMIN_USER,
  DIALECTS,
  STAFF_USER,
  USER_IDS,
  createTestContext,
  type TestContext,
  type TestOptions,
} from '../support/test-app.ts';

const LOGIN = '/api/security/authentication/login';
const LOGIN_2FA = '/api/security/authentication/login/2fa';
const STATUS = '/api/security/authentication/status';
const LOGOUT = '/api/security/authentication/logout';
const SETUP = '/api/account/2fa/setup';
const ENABLE = '/api/account/2fa/enable';
const DISABLE = '/api/account/2fa/disable';
const resetPath = (userId: string) => `/api/master/user/${encodeURIComponent(userId)}/2fa/reset`;

describe.each(DIALECTS)('two-factor sign-in (%s)', (dialect) => {
  let ctx: TestContext;
  const open = async (options: TestOptions = {}) => {
    ctx = await createTestContext(dialect, { secretBox: new SecretBox(newDataKey()), ...options });
    return ctx;
  };
  afterEach(async () => {
    await ctx.close();
  });

  const code = (secret: string) => totpCodeAt(secret, ctx.clock.now());
  const nextStep = () => ctx.clock.advanceMinutes(0.5);
  const events = (action: string) =>
    ctx.db.kysely
      .selectFrom('audit_events')
      .selectAll()
      .where('audtAction', '=', action)
      .orderBy('audtId')
      .execute();

  /** Budi enrols: returns the secret and his recovery codes; the clock moves on a step (his enrolment code is spent). */
  async function enrol(user = STAFF_USER): Promise<{ secret: string; recoveryCodes: string[] }> {
    const token = await ctx.login(user);
    const setup = await ctx.inject({ method: 'POST', url: SETUP, token });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json().data as { secret: string };
    const enabled = await ctx.inject({
      method: 'POST',
      url: ENABLE,
      token,
      payload: { code: code(secret) },
    });
    expect(enabled.statusCode).toBe(200);
    nextStep();
    return { secret, recoveryCodes: enabled.json().data.recoveryCodes };
  }

  const passwordStep = async (user = STAFF_USER) => {
    const res = await ctx.inject({ method: 'POST', url: LOGIN, payload: user });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ twoFactorRequired: true, challenge: expect.any(String) });
    return res.json().data.challenge as string;
  };

  it('enrols: a pending sealed secret, a first code turns it on, ten recovery codes stored hashed and shown once', async () => {
    await open();
    const token = await ctx.login(STAFF_USER);
    const setup = await ctx.inject({ method: 'POST', url: SETUP, token });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(
      `otpauth://totp/Tagih:budi?issuer=Tagih&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    const stored = await ctx.db.kysely
      .selectFrom('user_two_factor')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(stored.utfaSecret).toMatch(/^v1:/);
    expect(stored.utfaSecret).not.toContain(secret);
    expect(stored.utfaEnabledTime).toBeNull();
    // Nothing changed yet: status says off, sign-in still gives a token.
    expect((await ctx.inject({ method: 'GET', url: STATUS, token })).json().data).toMatchObject({
      twoFactorEnabled: false,
      twoFactorEnrolmentRequired: false,
    });
    await ctx.login(STAFF_USER);

    const wrong = await ctx.inject({
      method: 'POST',
      url: ENABLE,
      token,
      payload: { code: '000000' === code(secret) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().status.message).toBe(MESSAGES.twoFactorCodeInvalid);
    const enabled = await ctx.inject({
      method: 'POST',
      url: ENABLE,
      token,
      payload: { code: code(secret) },
    });
    expect(enabled.statusCode).toBe(200);
    const { recoveryCodes } = enabled.json().data as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const hashes = await ctx.db.kysely
      .selectFrom('user_recovery_codes')
      .select('urcoHash')
      .execute();
    expect(hashes).toHaveLength(10);
    for (const { urcoHash } of hashes) {
      expect(urcoHash).toMatch(/^[0-9a-f]{64}$/);
      expect(recoveryCodes.map((c) => c.replaceAll('-', ''))).not.toContain(urcoHash);
    }
    expect(
      (await ctx.inject({ method: 'GET', url: STATUS, token })).json().data.twoFactorEnabled,
    ).toBe(true);
    expect(await events('auth.2fa.enabled')).toHaveLength(1);
    expect((await events('auth.2fa.failed'))[0]).toMatchObject({
      audtOutcome: 'failure',
      audtTargetId: USER_IDS.budi,
    });
    // On: no second setup, and the secret is never shown again.
    expect((await ctx.inject({ method: 'POST', url: SETUP, token })).statusCode).toBe(409);
    const audit = JSON.stringify(
      await ctx.db.kysely.selectFrom('audit_events').selectAll().execute(),
    );
    expect(audit).not.toContain(secret);
    for (const c of recoveryCodes) expect(audit).not.toContain(c);
  });

  it('signs in with the password and then a current code: the answer of a sign-in', async () => {
    await open();
    const { secret } = await enrol();
    const challenge = await passwordStep();
    const res = await ctx.inject({
      method: 'POST',
      url: LOGIN_2FA,
      payload: { challenge, code: code(secret) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      token: expect.any(String),
      user: { userId: USER_IDS.budi, username: 'budi' },
      failedAttemptsSinceLastLogin: 0,
    });
    expect(
      (await ctx.inject({ method: 'GET', url: STATUS, token: res.json().data.token })).statusCode,
    ).toBe(200);
    const succeeded = await events('auth.login.succeeded');
    expect(JSON.parse(succeeded.at(-1)!.audtDetails)).toMatchObject({ twoFactor: 'code' });
    // The challenge is spent.
    nextStep();
    expect(
      (
        await ctx.inject({
          method: 'POST',
          url: LOGIN_2FA,
          payload: { challenge, code: code(secret) },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('refuses a wrong code (recorded) and kills the challenge after five', async () => {
    await open();
    const { secret } = await enrol();
    const challenge = await passwordStep();
    const wrong = code(secret) === '123456' ? '654321' : '123456';
    for (let i = 1; i <= 5; i++) {
      const res = await ctx.inject({
        method: 'POST',
        url: LOGIN_2FA,
        payload: { challenge, code: wrong },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().status.message).toBe(MESSAGES.twoFactorCodeInvalid);
    }
    const failed = await events('auth.2fa.failed');
    expect(failed).toHaveLength(5);
    expect(JSON.parse(failed[4]!.audtDetails)).toMatchObject({
      reason: 'wrong-code',
      challengeFailures: 5,
      failures: 5,
    });
    const right = await ctx.inject({
      method: 'POST',
      url: LOGIN_2FA,
      payload: { challenge, code: code(secret) },
    });
    expect(right.statusCode).toBe(401);
    expect(right.json().status.message).toBe(MESSAGES.twoFactorChallengeInvalid);
    // A new sign-in starts over.
    const again = await ctx.inject({
      method: 'POST',
      url: LOGIN_2FA,
      payload: { challenge: await passwordStep(), code: code(secret) },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.failedAttemptsSinceLastLogin).toBe(0);
  });

  it('lets a challenge live five minutes', async () => {
    await open();
    const { secret } = await enrol();
    const challenge = await passwordStep();
    ctx.clock.advanceMinutes(5);
    const res = await ctx.inject({
      method: 'POST',
      url: LOGIN_2FA,
      payload: { challenge, code: code(secret) },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().status.message).toBe(MESSAGES.twoFactorChallengeInvalid);
    const fresh = await passwordStep();
    ctx.clock.advanceMinutes(4.5);
    expect(
      (
        await ctx.inject({
          method: 'POST',
          url: LOGIN_2FA,
          payload: { challenge: fresh, code: code(secret) },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses a code accepted once (replay), in its step and the steps before', async () => {
    await open();
    const { secret } = await enrol();
    const used = code(secret);
    expect(
      (
        await ctx.inject({
          method: 'POST',
          url: LOGIN_2FA,
          payload: { challenge: await passwordStep(), code: used },
        })
      ).statusCode,
    ).toBe(200);
    const replay = await ctx.inject({
      method: 'POST',
      url: LOGIN_2FA,
      payload: { challenge: await passwordStep(), code: used },
    });
    expect(replay.statusCode).toBe(401);
    expect(JSON.parse((await events('auth.2fa.failed')).at(-1)!.audtDetails)).toMatchObject({
      reason: 'replayed-code',
    });
    // The enrolment code (one step earlier, still inside the window) is refused too.
    nextStep();
    expect(
      (
        await ctx.inject({
          method: 'POST',
          url: LOGIN_2FA,
          payload: { challenge: await passwordStep(), code: code(secret) },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('accepts each recovery code once (dashes and case aside)', async () => {
    await open();
    const { recoveryCodes } = await enrol();
    const [first, second] = recoveryCodes as [string, string];
    const ok = await ctx.inject({
      method: 'POST',
      url: LOGIN_2FA,
      payload: { challenge: await passwordStep(), recoveryCode: first.toUpperCase() },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.token).toEqual(expect.any(String));
    const again = await ctx.inject({
      method: 'POST',
      url: LOGIN_2FA,
      payload: { challenge: await passwordStep(), recoveryCode: first },
    });
    expect(again.statusCode).toBe(401);
    const other = await ctx.inject({
      method: 'POST',
      url: LOGIN_2FA,
      payload: { challenge: await passwordStep(), recoveryCode: second.replaceAll('-', ' ') },
    });
    expect(other.statusCode).toBe(200);
    const used = await ctx.db.kysely
      .selectFrom('user_recovery_codes')
      .select('urcoUsedTime')
      .where('urcoUsedTime', 'is not', null)
      .execute();
    expect(used).toHaveLength(2);
  });

  it('counts wrong codes toward the account lockout', async () => {
    await open();
    const { secret } = await enrol();
    const wrong = () => (code(secret) === '123456' ? '654321' : '123456');
    for (let round = 0; round < 2; round++) {
      const challenge = await passwordStep();
      for (let i = 0; i < 5; i++)
        await ctx.inject({ method: 'POST', url: LOGIN_2FA, payload: { challenge, code: wrong() } });
    }
    expect(await events('auth.locked')).toHaveLength(1);
    const locked = await ctx.inject({ method: 'POST', url: LOGIN, payload: STAFF_USER });
    expect(locked.statusCode).toBe(429);
    // The password alone never resets the count: it is cleared only by a completed sign-in.
    ctx.clock.advanceMinutes(30);
    const challenge = await passwordStep();
    const res = await ctx.inject({
      method: 'POST',
      url: LOGIN_2FA,
      payload: { challenge, code: code(secret) },
    });
    expect(res.statusCode).toBe(200);
    // Wrong codes are auth.2fa.failed, not failed passwords: the one sign-in refused while locked counts.
    expect(res.json().data.failedAttemptsSinceLastLogin).toBe(1);
    expect(await ctx.db.kysely.selectFrom('login_throttle').selectAll().execute()).toEqual([]);
  });

  it('turns off with the password and a code or a recovery code', async () => {
    await open();
    const { secret, recoveryCodes } = await enrol();
    const token = await ctx
      .inject({
        method: 'POST',
        url: LOGIN_2FA,
        payload: { challenge: await passwordStep(), code: code(secret) },
      })
      .then((r) => r.json().data.token as string);
    nextStep();
    const badPassword = await ctx.inject({
      method: 'POST',
      url: DISABLE,
      token,
      payload: { password: 'wrong-pass-1', code: code(secret) },
    });
    expect(badPassword.statusCode).toBe(400);
    expect(badPassword.json().data.errors).toEqual({ password: MESSAGES.passwordInvalid });
    const badCode = await ctx.inject({
      method: 'POST',
      url: DISABLE,
      token,
      payload: { password: STAFF_USER.password, code: 'aaaa-bbbb-cccc-dddd' },
    });
    expect(badCode.statusCode).toBe(400);
    const off = await ctx.inject({
      method: 'POST',
      url: DISABLE,
      token,
      payload: { password: STAFF_USER.password, code: recoveryCodes[3]! },
    });
    expect(off.statusCode).toBe(200);
    expect(
      (await ctx.inject({ method: 'GET', url: STATUS, token })).json().data.twoFactorEnabled,
    ).toBe(false);
    expect(await ctx.db.kysely.selectFrom('user_recovery_codes').selectAll().execute()).toEqual([]);
    expect(JSON.parse((await events('auth.2fa.disabled'))[0]!.audtDetails)).toEqual({
      with: 'recovery-code',
    });
    expect(
      (await ctx.inject({ method: 'POST', url: LOGIN, payload: STAFF_USER })).json().data.token,
    ).toEqual(expect.any(String));
  });

  it("lets only a Superadmin reset another user's two-factor (recorded, sessions ended); User Management shows it", async () => {
    await open();
    const { secret } = await enrol();
    // budi signed in with both steps: the session a stolen phone would hold
    const challenge = (await ctx.inject({ method: 'POST', url: LOGIN, payload: STAFF_USER })).json()
      .data.challenge as string;
    const budiSession = (
      await ctx.inject({
        method: 'POST',
        url: LOGIN_2FA,
        payload: { challenge, code: code(secret) },
      })
    ).json().data.token as string;
    expect((await ctx.inject({ method: 'GET', url: STATUS, token: budiSession })).statusCode).toBe(
      200,
    );
    const adminToken = await ctx.login(ADMIN);
    const listed = await ctx.inject({
      method: 'GET',
      url: `/api/master/user?search=budi`,
      token: adminToken,
    });
    expect(
      listed.json().data.data.find((u: { userId: string }) => u.userId === USER_IDS.budi),
    ).toMatchObject({ userTwoFactor: true });

    const rina = await ctx.login(ADMIN_USER);
    const refused = await ctx.inject({
      method: 'POST',
      url: resetPath(USER_IDS.budi),
      token: rina,
    });
    expect(refused.statusCode).toBe(403);
    expect((await events('auth.2fa.reset'))[0]).toMatchObject({
      audtOutcome: 'denied',
      audtActorUserId: USER_IDS.rina,
    });

    const reset = await ctx.inject({
      method: 'POST',
      url: resetPath(USER_IDS.budi),
      token: adminToken,
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({
      status: { message: MESSAGES.twoFactorReset },
      data: { userId: USER_IDS.budi, username: 'budi' },
    });
    const recorded = (await events('auth.2fa.reset')).at(-1)!;
    expect(recorded).toMatchObject({
      audtOutcome: 'success',
      audtActorUserId: USER_IDS.admin,
      audtTargetId: USER_IDS.budi,
    });
    expect(JSON.parse(recorded.audtDetails)).toEqual({ username: 'budi', wasOn: true });
    expect((await ctx.inject({ method: 'GET', url: STATUS, token: budiSession })).statusCode).toBe(
      401,
    );
    expect(
      (await ctx.inject({ method: 'POST', url: LOGIN, payload: STAFF_USER })).json().data.token,
    ).toEqual(expect.any(String));
    const after = await ctx.inject({
      method: 'GET',
      url: `/api/master/user?search=budi`,
      token: adminToken,
    });
    expect(
      after.json().data.data.find((u: { userId: string }) => u.userId === USER_IDS.budi),
    ).toMatchObject({ userTwoFactor: false });
    expect(
      (await ctx.inject({ method: 'POST', url: resetPath('nobody@tagih.id'), token: adminToken }))
        .statusCode,
    ).toBe(404);
  });

  it('MFA_REQUIRED_ROLES: a user of such a role without two-factor can only enrol', async () => {
    await open({ config: { mfaRequiredRoles: [3] } }); // Staff
    const token = await ctx.login(STAFF_USER);
    const status = await ctx.inject({ method: 'GET', url: STATUS, token });
    expect(status.statusCode).toBe(200);
    expect(status.json().data).toMatchObject({
      twoFactorEnabled: false,
      twoFactorEnrolmentRequired: true,
    });
    const refused = await ctx.inject({
      method: 'GET',
      url: '/api/account/username-available?username=newname',
      token,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().status.message).toBe(MESSAGES.twoFactorEnrolmentRequired);
    expect(
      (
        await ctx.inject({
          method: 'POST',
          url: '/api/security/Authentication/SetCompany/1',
          token,
        })
      ).statusCode,
    ).toBe(403);
    // Others are not held: Rina is an Admin.
    const rina = await ctx.login(ADMIN_USER);
    expect(
      (
        await ctx.inject({
          method: 'GET',
          url: '/api/account/username-available?username=newname',
          token: rina,
        })
      ).statusCode,
    ).toBe(200);

    const setup = await ctx.inject({ method: 'POST', url: SETUP, token });
    expect(setup.statusCode).toBe(200);
    const secret = setup.json().data.secret as string;
    expect(
      (await ctx.inject({ method: 'POST', url: ENABLE, token, payload: { code: code(secret) } }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await ctx.inject({
          method: 'GET',
          url: '/api/account/username-available?username=newname',
          token,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await ctx.inject({ method: 'GET', url: STATUS, token })).json().data
        .twoFactorEnrolmentRequired,
    ).toBe(false);
    expect((await ctx.inject({ method: 'POST', url: LOGOUT, token })).statusCode).toBe(200);
  });

  it('re-seals the secrets under a new data key (data-key:rotate); sign-in goes on working', async () => {
    const oldKey = newDataKey();
    await open({ secretBox: new SecretBox(oldKey) });
    const { secret } = await enrol();
    const newKey = newDataKey();
    const rotated = new SecretBox(newKey, [oldKey]);
    expect(await resealTotpSecrets(ctx.db.kysely, rotated)).toEqual({
      resealed: 1,
      current: 0,
      unreadable: [],
    });
    expect(await resealTotpSecrets(ctx.db.kysely, rotated)).toEqual({
      resealed: 0,
      current: 1,
      unreadable: [],
    });
    ctx.deps.secretBox = new SecretBox(newKey); // the old key is gone: only the re-sealed value opens
    const res = await ctx.inject({
      method: 'POST',
      url: LOGIN_2FA,
      payload: { challenge: await passwordStep(), code: code(secret) },
    });
    expect(res.statusCode).toBe(200);
    expect(await resealTotpSecrets(ctx.db.kysely, new SecretBox(newDataKey()))).toEqual({
      resealed: 0,
      current: 0,
      unreadable: [USER_IDS.budi],
    });
  });

  it('answers 503 to setup when the server has no data key', async () => {
    ctx = await createTestContext(dialect);
    const token = await ctx.login(STAFF_USER);
    const res = await ctx.inject({ method: 'POST', url: SETUP, token });
    expect(res.statusCode).toBe(503);
    expect(res.json().status.message).toBe(MESSAGES.twoFactorNeedsDataKey);
  });
});
