/** Master-data writes can never leave the product without an active Superadmin. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_USER,
  DIALECTS,
  USER_IDS,
  createTestContext,
  type TestContext,
} from '../support/test-app.ts';
import { apiFor, type Api } from './helpers.ts';

const MESSAGE = 'At least one active Superadmin must remain.';

describe.each(DIALECTS)('the last Superadmin (%s)', (dialect) => {
  let ctx: TestContext;
  let rina: Api; // an Admin: may write users and user roles
  let adminLinkId: number;
  beforeEach(async () => {
    ctx = await createTestContext(dialect);
    rina = apiFor(ctx, await ctx.login(ADMIN_USER));
    const link = await ctx.db.kysely
      .selectFrom('user_roles')
      .select('usroId')
      .where('usroUserId', '=', USER_IDS.admin)
      .where('usroRoleId', '=', 1)
      .executeTakeFirstOrThrow();
    adminLinkId = link.usroId;
  });
  afterEach(async () => {
    await ctx.close();
  });

  const superadminLinks = async () =>
    (
      await ctx.db.kysely
        .selectFrom('user_roles')
        .select('usroUserId')
        .where('usroRoleId', '=', 1)
        .execute()
    ).map((r) => r.usroUserId);

  it('refuses to remove or re-role the only Superadmin link, even by the Superadmin, changing nothing', async () => {
    const admin = apiFor(ctx, await ctx.login());
    const attempts = [
      await admin.del(`/master/User_Role/${adminLinkId}`),
      await admin.put(`/master/User_Role/${adminLinkId}`, {
        usroUserId: USER_IDS.admin,
        usroRoleId: 2,
      }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(409);
      expect(res.body.status.message).toBe(MESSAGE);
    }
    expect(await superadminLinks()).toEqual([USER_IDS.admin]);
  });

  it('refuses an Admin every change to the Superadmin and its role (403), changing nothing', async () => {
    const attempts = [
      await rina.del(`/master/User_Role/${adminLinkId}`),
      await rina.put(`/master/User_Role/${adminLinkId}`, {
        usroUserId: USER_IDS.admin,
        usroRoleId: 2,
      }),
      await rina.put(`/master/user/${encodeURIComponent(USER_IDS.admin)}`, { userStatus: 0 }),
      await rina.del(`/master/user/${encodeURIComponent(USER_IDS.admin)}`),
    ];
    for (const res of attempts) expect(res.status).toBe(403);
    expect(await superadminLinks()).toEqual([USER_IDS.admin]);
    const admin = await ctx.db.kysely
      .selectFrom('users')
      .select('userStatus')
      .where('userId', '=', USER_IDS.admin)
      .executeTakeFirstOrThrow();
    expect(admin.userStatus).toBe(1);
  });

  it('allows removing a Superadmin link once another active Superadmin exists', async () => {
    const admin = apiFor(ctx, await ctx.login());
    expect(
      (await admin.post('/master/User_Role', { usroUserId: USER_IDS.rina, usroRoleId: 1 })).status,
    ).toBe(200);
    const res = await admin.del(`/master/User_Role/${adminLinkId}`);
    expect(res.status).toBe(200);
    expect(await superadminLinks()).toEqual([USER_IDS.rina]);
  });
});
