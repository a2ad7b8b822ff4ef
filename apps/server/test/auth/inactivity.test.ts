/**
 * INACTIVE_DISABLE_DAYS on both dialects, at the test clock's times: the housekeeping step
 * deactivates users without a sign-in for that long (never signed in: counted from creation),
 * ends their sessions, records account.disabled.inactive, and never the last active Superadmin.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { SUPERADMIN_ROLE_ID } from '@tagih/contract';
import { deactivateInactiveUsers } from '../../src/modules/master/users/inactivity.ts';
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

const DAY = 24 * 60;
const STATUS = '/api/security/authentication/status';

describe.each(DIALECTS)('inactive users (%s)', (dialect) => {
  let ctx: TestContext;
  const open = async (options: TestOptions = {}) => {
    ctx = await createTestContext(dialect, options);
    return ctx;
  };
  afterEach(async () => {
    await ctx.close();
  });

  const active = async (userId: string) =>
    (
      await ctx.db.kysely
        .selectFrom('users')
        .select('userStatus')
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow()
    ).userStatus === 1;
  const events = () =>
    ctx.db.kysely
      .selectFrom('audit_events')
      .selectAll()
      .where('audtAction', '=', 'account.disabled.inactive')
      .orderBy('audtId')
      .execute();
  const signIn = (user: { username: string; password: string }) =>
    ctx.inject({ method: 'POST', url: '/api/security/authentication/login', payload: user });

  it('records the last sign-in and deactivates after 90 days without one (default), never the last Superadmin', async () => {
    await open();
    expect(ctx.config.inactiveDisableDays).toBe(90);
    const budiToken = await ctx.login(STAFF_USER);
    const signedIn = await ctx.db.kysely
      .selectFrom('user_logins')
      .select('usloLastLoginAt')
      .where('usloUserId', '=', USER_IDS.budi)
      .executeTakeFirstOrThrow();
    expect(signedIn.usloLastLoginAt).toBe('2026-11-20T03:00:00.000Z');
    ctx.clock.advanceMinutes(60 * DAY);
    await ctx.login(ADMIN_USER);
    ctx.clock.advanceMinutes(29 * DAY);
    expect(await deactivateInactiveUsers(ctx.deps)).toEqual([]);
    ctx.clock.advanceMinutes(DAY + 1);
    // Budi: 90 days since his sign-in. Rina signed in 30 days ago. The admin never signed in but is the only Superadmin.
    expect(await deactivateInactiveUsers(ctx.deps)).toEqual([USER_IDS.budi]);
    expect(await active(USER_IDS.budi)).toBe(false);
    expect(await active(USER_IDS.rina)).toBe(true);
    expect(await active(USER_IDS.admin)).toBe(true);
    expect((await ctx.inject({ method: 'GET', url: STATUS, token: budiToken })).statusCode).toBe(
      401,
    );
    expect((await signIn(STAFF_USER)).statusCode).toBe(401);
    const recorded = await events();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      audtActorUserId: null,
      audtActorUsername: 'system',
      audtTargetType: 'user',
      audtTargetId: USER_IDS.budi,
    });
    expect(JSON.parse(recorded[0]!.audtDetails)).toEqual({
      since: '2026-11-20T03:00:00.000Z',
      days: 90,
      neverSignedIn: false,
    });
    // Run again (the next hour, or another server process): nothing more.
    expect(await deactivateInactiveUsers(ctx.deps)).toEqual([]);
    expect(await events()).toHaveLength(1);
  });

  it('counts a user who never signed in from its creation', async () => {
    await open();
    ctx.clock.advanceMinutes(50 * DAY);
    const admin = await ctx.login(ADMIN);
    const created = await ctx.inject({
      method: 'POST',
      url: '/api/master/user',
      token: admin,
      payload: {
        userId: 'dewi@tagih.id',
        userStatus: 1,
        usloUserName: 'dewi',
        usloPassword: 'dewi-pass-1',
      },
    });
    expect(created.statusCode).toBe(200);
    ctx.clock.advanceMinutes(41 * DAY);
    // Budi and Rina were created 91 days ago and never signed in; Dewi 41 days ago.
    expect((await deactivateInactiveUsers(ctx.deps)).sort()).toEqual(
      [USER_IDS.budi, USER_IDS.rina].sort(),
    );
    expect(await active('dewi@tagih.id')).toBe(true);
    expect(JSON.parse((await events())[0]!.audtDetails)).toMatchObject({
      neverSignedIn: true,
      since: '2026-11-20T03:00:00.000Z',
    });
    ctx.clock.advanceMinutes(50 * DAY);
    expect(await deactivateInactiveUsers(ctx.deps)).toEqual(['dewi@tagih.id']);
  });

  it('keeps one active Superadmin when all of them are inactive', async () => {
    await open();
    await ctx.db.kysely
      .insertInto('user_roles')
      .values({ usroUserId: USER_IDS.rina, usroRoleId: SUPERADMIN_ROLE_ID })
      .execute();
    ctx.clock.advanceMinutes(100 * DAY);
    const deactivated = await deactivateInactiveUsers(ctx.deps);
    const superadmins = [USER_IDS.admin, USER_IDS.rina];
    const stillActive = [];
    for (const id of superadmins) if (await active(id)) stillActive.push(id);
    expect(stillActive).toHaveLength(1);
    expect(deactivated).toContain(USER_IDS.budi);
    expect(deactivated.filter((id) => superadmins.includes(id as never))).toHaveLength(1);
    expect((await events()).map((e) => e.audtTargetId).sort()).toEqual(deactivated.sort());
    // The one left signs in as before.
    const left = stillActive[0] === USER_IDS.admin ? ADMIN : ADMIN_USER;
    expect((await signIn(left)).statusCode).toBe(200);
  });

  it('INACTIVE_DISABLE_DAYS=0: never deactivates', async () => {
    await open({ config: { inactiveDisableDays: 0 } });
    ctx.clock.advanceMinutes(1000 * DAY);
    expect(await deactivateInactiveUsers(ctx.deps)).toEqual([]);
    expect(await active(USER_IDS.budi)).toBe(true);
    expect(await events()).toEqual([]);
  });
});
