/** Sign-in, lockout, logout, company choice and Manage Account leave their audit events, each with its change. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, MESSAGES } from '@tagih/contract';
import { verifyAuditChain } from '../../src/modules/audit/service.ts';
import {
  ADMIN_USER,
  DIALECTS,
  STAFF_USER,
  USER_IDS,
  companyId,
  createTestContext,
  type TestContext,
} from '../support/test-app.ts';
import { countEvents, eventsOf, refuseAuditOf } from './wiring-support.ts';

const LOGIN = '/api/security/authentication/login';
const LOGOUT = '/api/security/authentication/logout';
const STATUS = '/api/security/authentication/status';
const ACCOUNT = '/api/account/login';
const setCompanyUrl = (compId: number) => `/api/security/Authentication/SetCompany/${compId}`;
const BROWSER = 'Mozilla/5.0 (Wiring Test)';

describe.each(DIALECTS)('audit wiring: sign-in, sessions and account (%s)', (dialect) => {
  let ctx: TestContext;
  const signIn = (username: string, password: string) =>
    ctx.inject({
      method: 'POST',
      url: LOGIN,
      payload: { username, password },
      headers: { 'user-agent': BROWSER },
    });
  const lastLoginAt = async (userId: string) =>
    (
      await ctx.db.kysely
        .selectFrom('user_logins')
        .select('usloLastLoginAt')
        .where('usloUserId', '=', userId)
        .executeTakeFirstOrThrow()
    ).usloLastLoginAt;
  const sessionsOf = async (userId: string) =>
    (
      await ctx.db.kysely
        .selectFrom('sessions')
        .select('sessTokenHash')
        .where('sessUserId', '=', userId)
        .execute()
    ).length;

  beforeEach(async () => {
    ctx = await createTestContext(dialect);
  });
  afterEach(async () => {
    await ctx.close();
  });

  describe('sign-in', () => {
    it('records auth.login.succeeded for the user and sets the last sign-in time with the session', async () => {
      expect(await lastLoginAt(USER_IDS.rina)).toBeNull();
      const res = await signIn(ADMIN_USER.username, ADMIN_USER.password);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        user: { userId: USER_IDS.rina, username: 'rina' },
        failedAttemptsSinceLastLogin: 0,
      });
      expect(await lastLoginAt(USER_IDS.rina)).toBe(ctx.clock.now().toISOString());
      const [event] = await eventsOf(ctx, AUDIT_ACTIONS.loginSucceeded);
      expect(event).toMatchObject({
        audtOutcome: 'success',
        audtActorUserId: USER_IDS.rina,
        audtActorUsername: 'rina',
        audtCompId: null,
        audtIp: '127.0.0.1',
        audtTargetType: 'user',
        audtTargetId: USER_IDS.rina,
        details: { failedAttemptsSinceLastLogin: 0 },
      });
      expect(await verifyAuditChain(ctx.db.kysely)).toEqual({ ok: true, events: 1 });
    });

    it('records every failure with the name tried and the reason, while the answer stays one generic 401', async () => {
      await ctx.db.kysely
        .updateTable('users')
        .set({ userStatus: 0 })
        .where('userId', '=', USER_IDS.budi)
        .execute();
      const bodies = new Set<string>();
      for (const [username, password] of [
        ['nobody', 'whatever'],
        ['rina', 'wrong-password'],
        ['budi', STAFF_USER.password],
      ] as const) {
        const res = await signIn(username, password);
        expect(res.statusCode).toBe(401);
        bodies.add(res.body);
      }
      expect(bodies.size).toBe(1);
      expect(JSON.parse([...bodies][0]!).status.message).toBe(MESSAGES.invalidCredentials);
      const failed = await eventsOf(ctx, AUDIT_ACTIONS.loginFailed);
      expect(failed.map((e) => [e.audtActorUsername, e.audtOutcome, e.details.reason])).toEqual([
        ['nobody', 'failure', 'unknown-user'],
        ['rina', 'failure', 'wrong-password'],
        ['budi', 'failure', 'inactive'],
      ]);
      // Nobody signed in: no actor id, whoever the name belongs to; a known account is the target.
      expect(failed.map((e) => e.audtActorUserId)).toEqual([null, null, null]);
      expect(failed.map((e) => e.audtTargetId)).toEqual([null, USER_IDS.rina, USER_IDS.budi]);
      expect(await eventsOf(ctx, AUDIT_ACTIONS.loginSucceeded)).toEqual([]);
      expect(await sessionsOf(USER_IDS.budi)).toBe(0);
    });

    it('records auth.locked once when a failure crosses the lockout threshold, and each attempt refused while locked', async () => {
      for (let i = 0; i < 10; i++)
        expect((await signIn('rina', 'wrong-password')).statusCode).toBe(401);
      const locked = await eventsOf(ctx, AUDIT_ACTIONS.locked);
      expect(locked).toHaveLength(1);
      expect(locked[0]).toMatchObject({
        audtActorUsername: 'rina',
        audtOutcome: 'success',
        audtTargetId: USER_IDS.rina,
        details: { failures: 10, lockedUntil: expect.any(String) },
      });
      // It follows the tenth failure, in the same transaction.
      const failed = await eventsOf(ctx, AUDIT_ACTIONS.loginFailed);
      expect(failed).toHaveLength(10);
      expect(locked[0]!.audtId).toBe(failed.at(-1)!.audtId + 1);

      expect((await signIn(ADMIN_USER.username, ADMIN_USER.password)).statusCode).toBe(429);
      expect((await eventsOf(ctx, AUDIT_ACTIONS.loginFailed)).at(-1)).toMatchObject({
        audtActorUsername: 'rina',
        details: { reason: 'locked' },
      });
      expect(await eventsOf(ctx, AUDIT_ACTIONS.locked)).toHaveLength(1);
    });

    it('tells how many sign-ins failed on the account since its previous sign-in', async () => {
      for (const name of ['rina', 'RINA', ' rina ']) await signIn(name, 'wrong-password');
      await signIn('budi', 'wrong-password'); // another account's failure does not count
      ctx.clock.advanceMinutes(1);
      const first = await signIn(ADMIN_USER.username, ADMIN_USER.password);
      expect(first.json().data.failedAttemptsSinceLastLogin).toBe(3);

      ctx.clock.advanceMinutes(1);
      await signIn('rina', 'wrong-password');
      ctx.clock.advanceMinutes(1);
      const second = await signIn(ADMIN_USER.username, ADMIN_USER.password);
      expect(second.json().data.failedAttemptsSinceLastLogin).toBe(1);
      expect((await eventsOf(ctx, AUDIT_ACTIONS.loginSucceeded)).at(-1)!.details).toEqual({
        failedAttemptsSinceLastLogin: 1,
      });

      const third = await signIn(ADMIN_USER.username, ADMIN_USER.password);
      expect(third.json().data.failedAttemptsSinceLastLogin).toBe(0);
    });

    it('writes no session and no last sign-in time when its audit event cannot be written', async () => {
      const restore = await refuseAuditOf(ctx, AUDIT_ACTIONS.loginSucceeded);
      try {
        expect((await signIn(ADMIN_USER.username, ADMIN_USER.password)).statusCode).toBe(500);
      } finally {
        await restore();
      }
      expect(await sessionsOf(USER_IDS.rina)).toBe(0);
      expect(await lastLoginAt(USER_IDS.rina)).toBeNull();
      expect(await countEvents(ctx)).toBe(0);
    });

    it('counts no failure towards the lockout when its audit event cannot be written', async () => {
      const restore = await refuseAuditOf(ctx, AUDIT_ACTIONS.loginFailed);
      try {
        expect((await signIn('rina', 'wrong-password')).statusCode).toBe(500);
      } finally {
        await restore();
      }
      expect(await ctx.db.kysely.selectFrom('login_throttle').selectAll().execute()).toEqual([]);
    });
  });

  describe('sessions', () => {
    it('records auth.logout with the session revoked', async () => {
      const token = await ctx.login(STAFF_USER);
      expect((await ctx.inject({ method: 'POST', url: LOGOUT, token })).statusCode).toBe(200);
      expect(await eventsOf(ctx, AUDIT_ACTIONS.logout)).toEqual([
        expect.objectContaining({
          audtActorUserId: USER_IDS.budi,
          audtActorUsername: 'budi',
          audtOutcome: 'success',
          audtTargetId: USER_IDS.budi,
        }),
      ]);
      expect((await ctx.inject({ method: 'GET', url: STATUS, token })).statusCode).toBe(401);
    });

    it('keeps the session when the logout cannot be recorded', async () => {
      const token = await ctx.login(STAFF_USER);
      const restore = await refuseAuditOf(ctx, AUDIT_ACTIONS.logout);
      try {
        expect((await ctx.inject({ method: 'POST', url: LOGOUT, token })).statusCode).toBe(500);
      } finally {
        await restore();
      }
      expect((await ctx.inject({ method: 'GET', url: STATUS, token })).statusCode).toBe(200);
    });

    it('records auth.company.selected with the company, and a refused choice as denied with the same 403 as before', async () => {
      const token = await ctx.login(STAFF_USER);
      const allowed = await companyId(ctx, 'PT Toko Maju');
      const unlinked = await companyId(ctx, 'PT Sinar Pay');
      expect(
        (await ctx.inject({ method: 'POST', url: setCompanyUrl(allowed), token })).statusCode,
      ).toBe(200);
      const refused = await ctx.inject({ method: 'POST', url: setCompanyUrl(unlinked), token });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        status: { error: 1, message: MESSAGES.companyNotAllowed },
        data: { response: false },
      });

      const events = await eventsOf(ctx, AUDIT_ACTIONS.companySelected);
      expect(
        events.map((e) => [e.audtOutcome, e.details.compId, e.audtTargetType, e.audtTargetId]),
      ).toEqual([
        ['success', allowed, 'company', String(allowed)],
        ['denied', unlinked, 'company', String(unlinked)],
      ]);
      expect(events[0]).toMatchObject({
        audtActorUsername: 'budi',
        audtCompId: null,
        details: { previousCompId: null },
      });
      // The refused choice was made while working in the allowed company.
      expect(events[1]).toMatchObject({ audtCompId: allowed });
    });
  });

  describe('manage account', () => {
    const change = (token: string, payload: Record<string, string>) =>
      ctx.inject({ method: 'PUT', url: ACCOUNT, token, payload });

    it('records which credentials changed, never their values', async () => {
      expect(
        (
          await change(await ctx.login(STAFF_USER), {
            usloUserName: 'budi',
            usloPassword: 'first-secret',
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await change(await ctx.login({ username: 'budi', password: 'first-secret' }), {
            usloUserName: 'budi.new',
          })
        ).statusCode,
      ).toBe(200);
      expect(
        (
          await change(await ctx.login({ username: 'budi.new', password: 'first-secret' }), {
            usloUserName: 'budi',
            usloPassword: 'second-secret',
          })
        ).statusCode,
      ).toBe(200);

      const events = await eventsOf(ctx, AUDIT_ACTIONS.credentialsChanged);
      expect(events.map((e) => e.details)).toEqual([
        { changed: ['password'] },
        { changed: ['username'] },
        { changed: ['username', 'password'] },
      ]);
      expect(events.map((e) => e.audtActorUsername)).toEqual(['budi', 'budi', 'budi.new']);
      for (const e of events)
        expect(e).toMatchObject({
          audtActorUserId: USER_IDS.budi,
          audtTargetType: 'user',
          audtTargetId: USER_IDS.budi,
          audtOutcome: 'success',
        });
      const text = JSON.stringify(
        await ctx.db.kysely.selectFrom('audit_events').selectAll().execute(),
      );
      expect(text).not.toMatch(/first-secret|second-secret|\$argon2/);
    });

    it('changes nothing when the change cannot be recorded', async () => {
      const token = await ctx.login(STAFF_USER);
      const restore = await refuseAuditOf(ctx, AUDIT_ACTIONS.credentialsChanged);
      try {
        expect(
          (await change(token, { usloUserName: 'budi.other', usloPassword: 'other-secret' }))
            .statusCode,
        ).toBe(500);
      } finally {
        await restore();
      }
      expect((await ctx.inject({ method: 'GET', url: STATUS, token })).statusCode).toBe(200);
      expect((await signIn(STAFF_USER.username, STAFF_USER.password)).statusCode).toBe(200);
    });
  });
});
