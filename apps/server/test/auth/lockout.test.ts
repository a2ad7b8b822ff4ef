/**
 * The lockout from the attacker's side, on both dialects (modules/auth/lockout.ts):
 *  - a signed-in session guessing the current password or a two-factor code (a re-check) is
 *    stopped at the tenth wrong one: every session of the user ends, the account is locked from
 *    every address, nothing changed, and the audit trail says so;
 *  - sign-in failures lock (username, address): one address cannot lock the owner out;
 *  - many addresses together slow the username down to one attempt per SLOWDOWN_SECONDS (429).
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, MESSAGES, SESSION_ERROR_CODE } from '@tagih/contract';
import {
  LOCKOUT_FAILURES,
  SLOWDOWN_FAILURES,
  SLOWDOWN_SECONDS,
} from '../../src/modules/auth/lockout.ts';
import { SecretBox, newDataKey } from '../../src/security/secret-box.ts';
import { totpCodeAt } from '../../src/security/totp.ts';
import {
  ADMIN,
  DEMO_PASSWORD,
  DIALECTS,
  STAFF_USER,
  USER_IDS,
  createTestContext,
  type TestContext,
  type TestOptions,
} from '../support/test-app.ts';

const LOGIN = '/api/security/authentication/login';
const STATUS = '/api/security/authentication/status';
const ACCOUNT_LOGIN = '/api/account/login';
const SETUP = '/api/account/2fa/setup';
const ENABLE = '/api/account/2fa/enable';
const DISABLE = '/api/account/2fa/disable';
const unlockPath = (userId: string) => `/api/master/user/${encodeURIComponent(userId)}/unlock`;

const OWNER_ADDRESS = '198.51.100.7';
const ATTACKER_ADDRESS = '203.0.113.66';

describe.each(DIALECTS)('lockout (%s)', (dialect) => {
  let ctx: TestContext;
  /** A data key for two-factor secrets; `config` on top of the defaults. */
  const open = async (config: TestOptions['config'] = {}) => {
    ctx = await createTestContext(dialect, { secretBox: new SecretBox(newDataKey()), config });
  };
  afterEach(() => ctx.close());

  const signIn = (user: { username: string; password: string }, remoteAddress = OWNER_ADDRESS) =>
    ctx.inject({ method: 'POST', url: LOGIN, payload: user, remoteAddress });
  const signInToken = async (
    user: { username: string; password: string },
    remoteAddress = OWNER_ADDRESS,
  ) => {
    const res = await signIn(user, remoteAddress);
    expect(res.statusCode).toBe(200);
    return res.json().data.token as string;
  };
  const events = (action: string) =>
    ctx.db.kysely
      .selectFrom('audit_events')
      .selectAll()
      .where('audtAction', '=', action)
      .orderBy('audtId')
      .execute();
  const detailsOf = (event: { audtDetails: string | null }) =>
    JSON.parse(event.audtDetails ?? '{}') as Record<string, unknown>;
  const liveSessions = async (userId: string) =>
    (
      await ctx.db.kysely
        .selectFrom('sessions')
        .select('sessTokenHash')
        .where('sessUserId', '=', userId)
        .where('sessRevokedTime', 'is', null)
        .execute()
    ).length;
  const budiLogin = () =>
    ctx.db.kysely
      .selectFrom('user_logins')
      .select(['usloUserName', 'usloPassword'])
      .where('usloUserId', '=', USER_IDS.budi)
      .executeTakeFirstOrThrow();

  /** The request of the attacker's tenth wrong re-check, the ones before it answered `refused`. */
  async function expectLockedAfterTenth(
    guess: () => Promise<LightMyRequestResponse>,
    refusedMessage: string,
  ) {
    for (let i = 1; i < LOCKOUT_FAILURES; i++) {
      const res = await guess();
      expect(res.statusCode, `guess ${i}`).toBe(400);
      expect(res.json().status.message).toBe(refusedMessage);
    }
    const tenth = await guess();
    expect(tenth.statusCode).toBe(401);
    expect(tenth.json().status).toMatchObject({
      error: 1,
      message: MESSAGES.accountLocked,
      errorCode: SESSION_ERROR_CODE,
    });
    // Every later guess meets an ended session.
    for (let i = 0; i < 30; i++) expect((await guess()).statusCode).toBe(401);
  }

  /** Budi turns two-factor on in this session: the secret. */
  async function enrolBudi(token: string): Promise<string> {
    const { secret } = (await ctx.inject({ method: 'POST', url: SETUP, token })).json().data as {
      secret: string;
    };
    expect(
      (
        await ctx.inject({
          method: 'POST',
          url: ENABLE,
          token,
          payload: { code: totpCodeAt(secret, ctx.clock.now()) },
        })
      ).statusCode,
    ).toBe(200);
    return secret;
  }

  async function expectAccountLocked(user: { username: string; password: string }, userId: string) {
    expect(await liveSessions(userId)).toBe(0);
    for (const address of [OWNER_ADDRESS, ATTACKER_ADDRESS, '192.0.2.1']) {
      const res = await signIn(user, address);
      expect(res.statusCode, address).toBe(429);
      expect(res.json().status.message).toBe(MESSAGES.accountLocked);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(29 * 60);
    }
    const locked = await events(AUDIT_ACTIONS.locked);
    expect(locked).toHaveLength(1);
    expect(locked[0]).toMatchObject({ audtActorUserId: userId, audtTargetId: userId });
    expect(detailsOf(locked[0]!)).toMatchObject({
      scope: 'account',
      reason: 're-check',
      failures: LOCKOUT_FAILURES,
      minutes: 30,
      sessionsEnded: true,
    });
    // 30 minutes later the owner signs in again.
    ctx.clock.advanceMinutes(30);
    expect((await signIn(user)).statusCode).toBe(200);
  }

  it('40 wrong current passwords on Manage Account, then the right one: refused, every session ended, the account locked, recorded', async () => {
    await open({ passwordPolicy: 'pci' });
    const token = await signInToken(STAFF_USER);
    const otherSession = await signInToken(STAFF_USER, '192.0.2.50');
    const before = await budiLogin();
    let n = 0;
    // The attacker moves from address to address: re-checks count for the account, not per address.
    const guess = () =>
      ctx.inject({
        method: 'PUT',
        url: ACCOUNT_LOGIN,
        token,
        remoteAddress: `203.0.113.${++n}`,
        payload: {
          usloUserName: 'budi',
          usloPassword: 'Attacker-Chosen-2026',
          currentPassword: `guess-number-${n}`,
        },
      });
    await expectLockedAfterTenth(guess, MESSAGES.currentPasswordInvalid);
    const right = await ctx.inject({
      method: 'PUT',
      url: ACCOUNT_LOGIN,
      token,
      payload: {
        usloUserName: 'budi',
        usloPassword: 'Attacker-Chosen-2026',
        currentPassword: DEMO_PASSWORD,
      },
    });
    expect(right.statusCode).toBe(401);
    expect((await ctx.inject({ method: 'GET', url: STATUS, token: otherSession })).statusCode).toBe(
      401,
    );
    expect(await budiLogin()).toEqual(before);

    const failures = await events(AUDIT_ACTIONS.credentialsChanged);
    expect(failures).toHaveLength(LOCKOUT_FAILURES);
    expect(failures.every((e) => e.audtOutcome === 'failure')).toBe(true);
    expect(failures.map((e) => detailsOf(e).failures)).toEqual(
      Array.from({ length: LOCKOUT_FAILURES }, (_, i) => i + 1),
    );
    expect(JSON.stringify(failures)).not.toContain('guess-number');
    await expectAccountLocked(STAFF_USER, USER_IDS.budi);
    expect(await budiLogin()).toEqual(before);
  });

  it('60 wrong codes on two-factor disable: the tenth ends the sessions and locks the account; two-factor stays on', async () => {
    await open();
    const token = await signInToken(STAFF_USER);
    const secret = await enrolBudi(token);
    ctx.clock.advanceMinutes(0.5);
    const right = totpCodeAt(secret, ctx.clock.now());
    let n = 0;
    const wrongCode = () => String((Number(right) + 1 + n++) % 1_000_000).padStart(6, '0');
    const guess = () =>
      ctx.inject({
        method: 'POST',
        url: DISABLE,
        token,
        payload: { password: DEMO_PASSWORD, code: wrongCode() },
      });
    await expectLockedAfterTenth(guess, MESSAGES.twoFactorCodeInvalid);
    expect(
      (
        await ctx.inject({
          method: 'POST',
          url: DISABLE,
          token,
          payload: { password: DEMO_PASSWORD, code: right },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      await ctx.db.kysely
        .selectFrom('user_two_factor')
        .select('utfaEnabledTime')
        .where('utfaUserId', '=', USER_IDS.budi)
        .executeTakeFirst(),
    ).toEqual({ utfaEnabledTime: expect.any(String) });
    const failed = await events(AUDIT_ACTIONS.twoFactorFailed);
    expect(failed).toHaveLength(LOCKOUT_FAILURES);
    expect(failed.map((e) => detailsOf(e).reason)).toEqual(
      Array(LOCKOUT_FAILURES).fill('disable-wrong-code'),
    );
    // A sign-in after the lock ends answers the second step as before (two-factor still on).
    await expectAccountLocked(STAFF_USER, USER_IDS.budi);
  });

  it('wrong passwords on two-factor disable count too, and a passed re-check starts the count again', async () => {
    await open();
    const token = await signInToken(STAFF_USER);
    const secret = await enrolBudi(token);
    const wrongPassword = () =>
      ctx.inject({
        method: 'POST',
        url: DISABLE,
        token,
        payload: { password: 'not-the-password', code: '123456' },
      });
    for (let i = 1; i < LOCKOUT_FAILURES; i++) expect((await wrongPassword()).statusCode).toBe(400);
    ctx.clock.advanceMinutes(0.5);
    const ok = await ctx.inject({
      method: 'POST',
      url: DISABLE,
      token,
      payload: { password: DEMO_PASSWORD, code: totpCodeAt(secret, ctx.clock.now()) },
    });
    expect(ok.statusCode).toBe(200);
    // The nine were forgotten: nine more wrong ones do not lock.
    await enrolBudi(token);
    for (let i = 1; i < LOCKOUT_FAILURES; i++) expect((await wrongPassword()).statusCode).toBe(400);
    expect(await events(AUDIT_ACTIONS.locked)).toEqual([]);
    expect((await wrongPassword()).statusCode).toBe(401);
    expect(await liveSessions(USER_IDS.budi)).toBe(0);
  });

  it('a sign-in lock from one address does not lock the owner out from another', async () => {
    await open();
    for (let i = 0; i < LOCKOUT_FAILURES; i++) {
      expect(
        (await signIn({ username: 'admin', password: `wrong-${i}` }, ATTACKER_ADDRESS)).statusCode,
      ).toBe(401);
    }
    const attacker = await signIn(ADMIN, ATTACKER_ADDRESS);
    expect(attacker.statusCode).toBe(429);
    expect(attacker.json().status.message).toBe(MESSAGES.accountLocked);
    expect(Number(attacker.headers['retry-after'])).toBe(30 * 60);
    // The owner, elsewhere, signs in.
    expect((await signIn(ADMIN, OWNER_ADDRESS)).statusCode).toBe(200);
    // ... and that does not end the attacker's lock.
    expect((await signIn(ADMIN, ATTACKER_ADDRESS)).statusCode).toBe(429);
    const locked = await events(AUDIT_ACTIONS.locked);
    expect(locked).toHaveLength(1);
    expect(detailsOf(locked[0]!)).toMatchObject({
      scope: 'address',
      address: ATTACKER_ADDRESS,
      failures: LOCKOUT_FAILURES,
    });
    // The user list shows the lock; Unlock ends it.
    const admin = await signInToken(ADMIN);
    const users = await ctx.inject({ method: 'GET', url: '/api/master/user', token: admin });
    const row = (
      users.json().data.data as { userId: string; userLockedUntil: string | null }[]
    ).find((u) => u.userId === USER_IDS.admin);
    expect(row?.userLockedUntil).toEqual(expect.any(String));
    expect(
      (await ctx.inject({ method: 'POST', url: unlockPath(USER_IDS.admin), token: admin }))
        .statusCode,
    ).toBe(200);
    expect((await signIn(ADMIN, ATTACKER_ADDRESS)).statusCode).toBe(200);
  });

  it('many addresses together: the username is slowed down to one attempt per SLOWDOWN_SECONDS, nobody is locked out', async () => {
    await open();
    // SLOWDOWN_FAILURES wrong passwords from addresses that each stay under the lock.
    for (let i = 0; i < SLOWDOWN_FAILURES; i++) {
      const res = await signIn(
        { username: 'budi', password: `wrong-${i}` },
        `203.0.113.${Math.floor(i / (LOCKOUT_FAILURES - 1)) + 1}`,
      );
      expect(res.statusCode, `failure ${i + 1}`).toBe(401);
    }
    expect(await events(AUDIT_ACTIONS.locked)).toEqual([]);
    // Right away even the right password from a fresh address waits.
    const slowed = await signIn(STAFF_USER, OWNER_ADDRESS);
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().status.message).toBe(MESSAGES.accountLocked);
    expect(Number(slowed.headers['retry-after'])).toBe(SLOWDOWN_SECONDS);
    expect(detailsOf((await events(AUDIT_ACTIONS.loginFailed)).at(-1)!)).toMatchObject({
      reason: 'slowed-down',
    });
    // One attempt per SLOWDOWN_SECONDS, whoever takes it.
    ctx.clock.advanceMinutes(SLOWDOWN_SECONDS / 60);
    expect(
      (await signIn({ username: 'budi', password: 'one-more-guess' }, '192.0.2.99')).statusCode,
    ).toBe(401);
    expect(
      (await signIn({ username: 'budi', password: 'and-another' }, '192.0.2.98')).statusCode,
    ).toBe(429);
    ctx.clock.advanceMinutes(10 / 60);
    const waiting = await signIn(STAFF_USER, OWNER_ADDRESS);
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBe(SLOWDOWN_SECONDS - 10);
    ctx.clock.advanceMinutes((SLOWDOWN_SECONDS - 10) / 60);
    // The owner's turn: signed in, and the slowdown is over.
    expect((await signIn(STAFF_USER, OWNER_ADDRESS)).statusCode).toBe(200);
    expect((await signIn(STAFF_USER, '192.0.2.1')).statusCode).toBe(200);
    // Other usernames were never slowed.
    expect((await signIn(ADMIN, '203.0.113.1')).statusCode).toBe(200);
  });
});
