import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, SESSION_ERROR_CODE } from '@tagih/contract';
import { purgeEndedSessions } from '../src/modules/auth/service.ts';
import { USERNAME_LOOKUPS } from '../src/modules/account/routes.ts';
import {
  ADMIN,
  ADMIN_USER,
  DIALECTS,
  STAFF_USER,
  USER_IDS,
  companyId,
  createTestContext,
  type TestContext,
} from './support/test-app.ts';

const LOGIN = '/api/security/authentication/login';
const STATUS = '/api/security/authentication/status';
const LOGOUT = '/api/security/authentication/logout';

function multipart(fields: Record<string, string>): {
  payload: string;
  headers: Record<string, string>;
} {
  const boundary = '----tagihtest';
  const payload =
    Object.entries(fields)
      .map(
        ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
      )
      .join('') + `--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(DIALECTS)('authentication (%s)', (dialect) => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext(dialect);
  });
  afterEach(async () => {
    await ctx.close();
  });

  describe('sign-in', () => {
    it('accepts JSON, URL-encoded and multipart bodies and returns a token and the user', async () => {
      const json = await ctx.inject({
        method: 'POST',
        url: LOGIN,
        payload: { username: 'budi', password: STAFF_USER.password },
      });
      const form = await ctx.inject({
        method: 'POST',
        url: LOGIN,
        payload: `username=budi&password=${STAFF_USER.password}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const multi = await ctx.inject({
        method: 'POST',
        url: LOGIN,
        ...multipart({ username: 'budi', password: STAFF_USER.password }),
      });
      for (const res of [json, form, multi]) {
        expect(res.statusCode).toBe(200);
        const body = res.json();
        expect(body.status.error).toBe(0);
        expect(body.data.user).toEqual({ userId: USER_IDS.budi, username: 'budi' });
        expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits, base64url
      }
      expect(new Set([json, form, multi].map((r) => r.json().data.token)).size).toBe(3);
    });

    it('answers one generic 401 for an unknown user, a wrong password and an inactive user', async () => {
      await ctx.db.kysely
        .updateTable('users')
        .set({ userStatus: 0 })
        .where('userId', '=', USER_IDS.budi)
        .execute();
      const bodies = [];
      for (const payload of [
        { username: 'nobody', password: 'whatever' },
        { username: 'rina', password: 'wrong-password' },
        { username: 'budi', password: STAFF_USER.password },
      ]) {
        const res = await ctx.inject({ method: 'POST', url: LOGIN, payload });
        expect(res.statusCode).toBe(401);
        bodies.push(res.body);
      }
      expect(new Set(bodies).size).toBe(1);
      expect(JSON.parse(bodies[0]!).status).toEqual({
        error: 1,
        message: 'Invalid username or password.',
      });
    });

    it('locks a username for 30 minutes after 10 consecutive failures, even for the right password', async () => {
      for (let i = 0; i < 10; i++) {
        const res = await ctx.inject({
          method: 'POST',
          url: LOGIN,
          payload: { username: 'rina', password: 'wrong-password' },
        });
        expect(res.statusCode).toBe(401);
      }
      const locked = await ctx.inject({ method: 'POST', url: LOGIN, payload: ADMIN_USER });
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers['retry-after'])).toBe(30 * 60);
      expect(locked.json().status.error).toBe(1);

      ctx.clock.advanceMinutes(29);
      expect(
        (await ctx.inject({ method: 'POST', url: LOGIN, payload: ADMIN_USER })).statusCode,
      ).toBe(429);
      ctx.clock.advanceMinutes(1);
      expect(
        (await ctx.inject({ method: 'POST', url: LOGIN, payload: ADMIN_USER })).statusCode,
      ).toBe(200);
      // other usernames were never affected
      expect(
        (await ctx.inject({ method: 'POST', url: LOGIN, payload: STAFF_USER })).statusCode,
      ).toBe(200);
    });

    it('resets the failure count after a successful sign-in', async () => {
      for (let i = 0; i < 9; i++)
        await ctx.inject({
          method: 'POST',
          url: LOGIN,
          payload: { username: 'rina', password: 'nope-nope' },
        });
      expect(
        (await ctx.inject({ method: 'POST', url: LOGIN, payload: ADMIN_USER })).statusCode,
      ).toBe(200);
      for (let i = 0; i < 9; i++)
        await ctx.inject({
          method: 'POST',
          url: LOGIN,
          payload: { username: 'rina', password: 'nope-nope' },
        });
      expect(
        (await ctx.inject({ method: 'POST', url: LOGIN, payload: ADMIN_USER })).statusCode,
      ).toBe(200);
    });

    it('rejects bad bodies with 400 and a clear message, never 500', async () => {
      const cases = [
        { payload: {}, field: 'username' },
        { payload: { username: 'budi' }, field: 'password' },
        { payload: { username: 42, password: 'secret' }, field: 'username' },
        { payload: { username: 'budi', password: ['a'] }, field: 'password' },
        { payload: { username: 'budi', password: 'secret', admin: true }, field: 'admin' },
        { payload: { username: 'budi', password: 'ab' }, field: 'password' },
      ];
      for (const c of cases) {
        const res = await ctx.inject({ method: 'POST', url: LOGIN, payload: c.payload });
        expect(res.statusCode, JSON.stringify(c.payload)).toBe(400);
        const body = res.json();
        expect(body.status.error).toBe(1);
        expect(body.status.message.length).toBeGreaterThan(3);
        expect(Object.keys(body.data.errors)).toContain(c.field);
      }
      const broken = await ctx.inject({
        method: 'POST',
        url: LOGIN,
        payload: '{"username":',
        headers: { 'content-type': 'application/json' },
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().status.error).toBe(1);
    });

    it('refuses an oversized body with 413 and the envelope', async () => {
      const res = await ctx.inject({
        method: 'POST',
        url: LOGIN,
        payload: { username: 'budi', password: 'x'.repeat(300 * 1024) },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().status).toEqual({ error: 1, message: 'Request body is too large.' });
    });

    it('keeps a per-address rate limit on the sign-in route', async () => {
      const limited = await createTestContext(dialect, {
        demo: false,
        loginRateLimit: { max: 3, timeWindowMs: 60_000 },
      });
      try {
        const codes = [];
        for (let i = 0; i < 4; i++) {
          codes.push(
            (
              await limited.inject({
                method: 'POST',
                url: LOGIN,
                payload: { username: `user${i}`, password: 'whatever' },
              })
            ).statusCode,
          );
        }
        expect(codes).toEqual([401, 401, 401, 429]);
      } finally {
        await limited.close();
      }
    });
  });

  describe('sessions', () => {
    it('returns the status with access, user, username and companies', async () => {
      const token = await ctx.login(STAFF_USER);
      const res = await ctx.inject({ method: 'GET', url: STATUS, token });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.user).toBe(USER_IDS.budi);
      expect(data.username).toBe('budi');
      expect(data.access).toEqual({
        dashboard_notification: ['read'],
        dashboard_transactionva: ['read'],
        dashboard_transactionqr: ['read'],
        reconciliation: ['read'],
      });
      expect(data.company.active).toBeNull();
      expect(data.company.available.map((c: { compName: string }) => c.compName).sort()).toEqual([
        'PT Kopi Kita',
        'PT Toko Maju',
      ]);
    });

    it('lists both spellings of the company-group area for an admin', async () => {
      const token = await ctx.login(ADMIN_USER);
      const access = (await ctx.inject({ method: 'GET', url: STATUS, token })).json().data.access;
      expect(access.master_company_group).toEqual(['read', 'create', 'update', 'delete']);
      expect(access.master_group_company).toEqual(access.master_company_group);
      expect(access.master_role).toEqual(['read']);
    });

    it('reads permissions from the database on every request', async () => {
      const token = await ctx.login(STAFF_USER);
      await ctx.db.kysely
        .deleteFrom('user_roles')
        .where('usroUserId', '=', USER_IDS.budi)
        .execute();
      const access = (await ctx.inject({ method: 'GET', url: STATUS, token })).json().data.access;
      expect(access).toEqual({});
    });

    it('sets a linked company, refuses an unlinked or inactive one with 403 and response false', async () => {
      const token = await ctx.login(STAFF_USER);
      const allowed = await companyId(ctx, 'PT Toko Maju');
      const unlinked = await companyId(ctx, 'PT Sinar Pay');
      const ok = await ctx.inject({
        method: 'POST',
        url: `/api/security/Authentication/SetCompany/${allowed}`,
        token,
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data).toEqual({ response: true });
      const status = (await ctx.inject({ method: 'GET', url: STATUS, token })).json().data;
      expect(status.company.active).toEqual({ compId: allowed, compName: 'PT Toko Maju' });

      const refused = await ctx.inject({
        method: 'POST',
        url: `/api/security/Authentication/SetCompany/${unlinked}`,
        token,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().data).toEqual({ response: false });

      const inactive = await companyId(ctx, 'PT Lama Tutup');
      const rinaToken = await ctx.login(ADMIN_USER); // linked to every company, including the inactive one
      const res = await ctx.inject({
        method: 'POST',
        url: `/api/security/Authentication/SetCompany/${inactive}`,
        token: rinaToken,
      });
      expect(res.statusCode).toBe(403);
      const missing = await ctx.inject({
        method: 'POST',
        url: '/api/security/Authentication/SetCompany/999999',
        token,
      });
      expect(missing.statusCode).toBe(403);
      const garbage = await ctx.inject({
        method: 'POST',
        url: '/api/security/Authentication/SetCompany/abc',
        token,
      });
      expect(garbage.statusCode).toBe(400);
    });

    it('lets the Superadmin pick any active company, linked or not', async () => {
      await ctx.db.kysely
        .deleteFrom('user_companies')
        .where('uscoUserId', '=', 'admin@tagih.id')
        .execute();
      const token = await ctx.login(ADMIN);
      const sinar = await companyId(ctx, 'PT Sinar Pay');
      const res = await ctx.inject({
        method: 'POST',
        url: `/api/security/Authentication/SetCompany/${sinar}`,
        token,
      });
      expect(res.statusCode).toBe(200);
      const available = (await ctx.inject({ method: 'GET', url: STATUS, token })).json().data
        .company.available;
      expect(available).toHaveLength(3);
    });

    it('answers 401 with errorCode 411 for a missing, unknown, revoked or expired token', async () => {
      const expect411 = async (token?: string) => {
        const res = await ctx.inject({ method: 'GET', url: STATUS, ...(token ? { token } : {}) });
        expect(res.statusCode).toBe(401);
        expect(res.json().status).toMatchObject({ error: 1, errorCode: SESSION_ERROR_CODE });
      };
      await expect411();
      await expect411('not-a-token');

      const token = await ctx.login(STAFF_USER);
      expect((await ctx.inject({ method: 'POST', url: LOGOUT, token })).statusCode).toBe(200);
      await expect411(token);
    });

    it('accepts Authorization: Bearer too', async () => {
      const token = await ctx.login(STAFF_USER);
      const res = await ctx.inject({
        method: 'GET',
        url: STATUS,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
    });

    it('expires a session after the idle time, and keeps an active one alive', async () => {
      const idle = await ctx.login(STAFF_USER);
      const active = await ctx.login(ADMIN_USER);
      for (let i = 0; i < 3; i++) {
        ctx.clock.advanceMinutes(10);
        expect((await ctx.inject({ method: 'GET', url: STATUS, token: active })).statusCode).toBe(
          200,
        );
      }
      expect((await ctx.inject({ method: 'GET', url: STATUS, token: idle })).statusCode).toBe(401);
    });

    it('expires a session at the absolute limit however active it is', async () => {
      const token = await ctx.login(STAFF_USER);
      for (let minutes = 0; minutes < 12 * 60 - 10; minutes += 10) {
        ctx.clock.advanceMinutes(10);
        expect((await ctx.inject({ method: 'GET', url: STATUS, token })).statusCode).toBe(200);
      }
      ctx.clock.advanceMinutes(10);
      expect((await ctx.inject({ method: 'GET', url: STATUS, token })).statusCode).toBe(401);
    });

    it('drops sessions and failure counts that ended over a day ago', async () => {
      await ctx.login(STAFF_USER); // expires after 12 h
      const revoked = await ctx.login(ADMIN_USER);
      await ctx.inject({ method: 'POST', url: LOGOUT, token: revoked });
      await ctx.inject({
        method: 'POST',
        url: LOGIN,
        payload: { username: 'ghost', password: 'whatever' },
      });
      const count = async (table: 'sessions' | 'login_throttle') =>
        Number(
          (
            await ctx.db.kysely
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await purgeEndedSessions(ctx.deps)).toEqual({ sessions: 0, throttles: 0 });

      ctx.clock.advanceMinutes(25 * 60); // past the revocation, not yet past the 12 h expiry + 1 day
      const fresh = await ctx.login(STAFF_USER);
      // The failure's two counts: from its address and on the username.
      expect(await purgeEndedSessions(ctx.deps)).toEqual({ sessions: 1, throttles: 2 });
      expect(await count('login_throttle')).toBe(0);
      ctx.clock.advanceMinutes(12 * 60);
      expect((await purgeEndedSessions(ctx.deps)).sessions).toBe(1); // the first one expired 25 h ago
      expect((await ctx.inject({ method: 'GET', url: STATUS, token: fresh })).statusCode).toBe(401); // idle, not purged
      expect(await count('sessions')).toBe(1);
    });

    it('never returns a password hash', async () => {
      const token = await ctx.login(ADMIN);
      const bodies = [
        (await ctx.inject({ method: 'POST', url: LOGIN, payload: ADMIN })).body,
        (await ctx.inject({ method: 'GET', url: STATUS, token })).body,
      ];
      for (const body of bodies) expect(body).not.toMatch(/\$argon2/);
    });
  });

  describe('manage account', () => {
    it('changes username and password, revokes every session, and the new credentials work', async () => {
      const first = await ctx.login(STAFF_USER);
      const second = await ctx.login(STAFF_USER);
      const res = await ctx.inject({
        method: 'PUT',
        url: '/api/account/login',
        token: first,
        payload: { usloUserName: 'budi.new', usloPassword: 'new-secret' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().status.error).toBe(0);
      for (const token of [first, second])
        expect((await ctx.inject({ method: 'GET', url: STATUS, token })).statusCode).toBe(401);
      expect(
        (await ctx.inject({ method: 'POST', url: LOGIN, payload: STAFF_USER })).statusCode,
      ).toBe(401);
      expect(
        (
          await ctx.inject({
            method: 'POST',
            url: LOGIN,
            payload: { username: 'budi.new', password: 'new-secret' },
          })
        ).statusCode,
      ).toBe(200);
    });

    it('keeps the password when none is sent', async () => {
      const token = await ctx.login(STAFF_USER);
      const res = await ctx.inject({
        method: 'PUT',
        url: '/api/account/login',
        token,
        payload: { usloUserName: 'budi2' },
      });
      expect(res.statusCode).toBe(200);
      expect(
        (
          await ctx.inject({
            method: 'POST',
            url: LOGIN,
            payload: { username: 'budi2', password: STAFF_USER.password },
          })
        ).statusCode,
      ).toBe(200);
    });

    it('refuses a taken username with 409 and a bad one with 400, changing nothing', async () => {
      const token = await ctx.login(STAFF_USER);
      const taken = await ctx.inject({
        method: 'PUT',
        url: '/api/account/login',
        token,
        payload: { usloUserName: 'rina' },
      });
      expect(taken.statusCode).toBe(409);
      expect(taken.json().status.message).toBe('Username has already been used');
      for (const payload of [
        { usloUserName: 'a__b' },
        { usloUserName: '1abc' },
        { usloUserName: 'ok_name', usloPassword: '123' },
        { usloUserName: 'ok_name', extra: 1 },
        { usloUserName: "x'; drop table users; --" },
      ]) {
        const res = await ctx.inject({ method: 'PUT', url: '/api/account/login', token, payload });
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect((await ctx.inject({ method: 'GET', url: STATUS, token })).statusCode).toBe(200);
      expect(
        (await ctx.inject({ method: 'POST', url: LOGIN, payload: STAFF_USER })).statusCode,
      ).toBe(200);
    });

    it("tells whether a username is available (one's own counts as available)", async () => {
      const token = await ctx.login(STAFF_USER);
      const ask = async (u: string) =>
        (
          await ctx.inject({
            method: 'GET',
            url: `/api/account/username-available?username=${u}`,
            token,
          })
        ).json().data.available;
      expect(await ask('rina')).toBe(false);
      expect(await ask('budi')).toBe(true);
      expect(await ask('someone.new')).toBe(true);
    });

    it('answers only about a name the caller could take, and only so often (429 with Retry-After)', async () => {
      const token = await ctx.login(STAFF_USER);
      const ask = (u: string, as = token) =>
        ctx.inject({
          method: 'GET',
          url: `/api/account/username-available?username=${encodeURIComponent(u)}`,
          token: as,
        });
      // not a username one could change to in Manage Account: 400 with the field, no answer
      for (const name of ['x', 'admin%', '1admin', 'a'.repeat(51)]) {
        const res = await ask(name);
        expect(res.statusCode, name).toBe(400);
        expect(Object.keys(res.json().data.errors), name).toEqual(['username']);
      }
      for (let i = 0; i < USERNAME_LOOKUPS.max; i++)
        expect((await ask(`guess${i}`)).statusCode).toBe(200);
      const limited = await ask('rina');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().status.message).toBe(MESSAGES.tooManyRequests);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json()).not.toHaveProperty('data.available');
      // per user: another signed-in user looks up freely; the window passes
      expect((await ask('newname', await ctx.login(ADMIN_USER))).statusCode).toBe(200);
      ctx.clock.advanceMinutes(1.5);
      expect((await ask('rina')).json().data).toEqual({ available: false });
    });
  });
});
