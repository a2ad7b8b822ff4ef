/**
 * Nobody grants more than they hold (issue: least privilege): every escalation path an Admin had
 * is refused with 403, changes nothing and is recorded as 'denied'; a Superadmin may do it all.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@tagih/contract';
import {
  ADMIN,
  ADMIN_USER,
  DIALECTS,
  USER_IDS,
  createTestContext,
  type TestContext,
} from '../support/test-app.ts';
import { apiFor, type Api } from './helpers.ts';

const enc = encodeURIComponent;

describe.each(DIALECTS)('least privilege (%s)', (dialect) => {
  let ctx: TestContext;
  let admin: Api; // Superadmin
  let rina: Api; // Admin: writes users and user roles, reads roles and permissions
  beforeEach(async () => {
    ctx = await createTestContext(dialect);
    admin = apiFor(ctx, await ctx.login());
    rina = apiFor(ctx, await ctx.login(ADMIN_USER));
  });
  afterEach(async () => {
    await ctx.close();
  });

  const rolesOf = async (userId: string) =>
    (
      await ctx.db.kysely
        .selectFrom('user_roles')
        .select('usroRoleId')
        .where('usroUserId', '=', userId)
        .orderBy('usroRoleId')
        .execute()
    ).map((r) => r.usroRoleId);
  const events = (action: string) =>
    ctx.db.kysely
      .selectFrom('audit_events')
      .selectAll()
      .where('audtAction', '=', action)
      .orderBy('audtId')
      .execute();
  const prmsId = async (name: string) =>
    (
      await ctx.db.kysely
        .selectFrom('permissions')
        .select('prmsId')
        .where('prmsName', '=', name)
        .executeTakeFirstOrThrow()
    ).prmsId;
  const signsIn = async (username: string, password: string) =>
    (
      await ctx.inject({
        method: 'POST',
        url: '/api/security/authentication/login',
        payload: { username, password },
      })
    ).statusCode === 200;

  it('an Admin cannot give herself the Superadmin role; the refusal is recorded and nothing changes', async () => {
    const res = await rina.post('/master/User_Role', { usroUserId: USER_IDS.rina, usroRoleId: 1 });
    expect(res.status).toBe(403);
    expect(res.body.status).toEqual({ error: 1, message: MESSAGES.onlySuperadminGrantsSuperadmin });
    expect(await rolesOf(USER_IDS.rina)).toEqual([2]);
    const [denied] = await events('master.user_role.created');
    expect(denied).toMatchObject({
      audtOutcome: 'denied',
      audtActorUserId: USER_IDS.rina,
      audtActorUsername: 'rina',
    });
    expect(JSON.parse(denied!.audtDetails)).toMatchObject({
      reason: MESSAGES.onlySuperadminGrantsSuperadmin,
      attempted: { usroRoleId: 1 },
    });
  });

  it('an Admin cannot give a new user the Superadmin role, nor move a link onto it', async () => {
    expect(
      (
        await rina.post('/master/user', {
          userId: 'mallory@tagih.id',
          userStatus: 1,
          usloUserName: 'mallory',
          usloPassword: 'mallory-pass',
        })
      ).status,
    ).toBe(200);
    expect(
      (await rina.post('/master/User_Role', { usroUserId: 'mallory@tagih.id', usroRoleId: 1 }))
        .status,
    ).toBe(403);
    const link = await rina.post('/master/User_Role', {
      usroUserId: 'mallory@tagih.id',
      usroRoleId: 3,
    });
    expect(link.status).toBe(200);
    const moved = await rina.put(`/master/User_Role/${link.body.data.usroId}`, {
      usroUserId: 'mallory@tagih.id',
      usroRoleId: 1,
    });
    expect(moved.status).toBe(403);
    expect(await rolesOf('mallory@tagih.id')).toEqual([3]);
  });

  it('an Admin cannot edit, deactivate, delete or reset the login of a Superadmin user', async () => {
    const attempts = [
      await rina.put(`/master/user/${enc(USER_IDS.admin)}`, {
        userStatus: 1,
        usloUserName: 'xadmin',
        usloPassword: 'taken-over-1',
      }),
      await rina.put(`/master/user/${enc(USER_IDS.admin)}`, { userStatus: 0 }),
      await rina.del(`/master/user/${enc(USER_IDS.admin)}`),
      await rina.put(`/master/User_Login/${enc(USER_IDS.admin)}`, {
        usloUserName: 'admin',
        usloPassword: 'taken-over-1',
      }),
      await rina.del(`/master/User_Login/${enc(USER_IDS.admin)}`),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(403);
      expect(res.body.status.message).toBe(MESSAGES.onlySuperadminChangesSuperadmin);
    }
    expect(await signsIn(ADMIN.username, ADMIN.password)).toBe(true);
    expect(await signsIn('xadmin', 'taken-over-1')).toBe(false);
    expect((await events('master.user.updated')).map((e) => e.audtOutcome)).toEqual([
      'denied',
      'denied',
    ]);
  });

  it('a Superadmin may grant the Superadmin role and change Superadmin users', async () => {
    const res = await admin.post('/master/User_Role', { usroUserId: USER_IDS.rina, usroRoleId: 1 });
    expect(res.status).toBe(200);
    expect(await rolesOf(USER_IDS.rina)).toEqual([1, 2]);
    // and rina, now a Superadmin herself, may change the other Superadmin
    const now = apiFor(ctx, await ctx.login(ADMIN_USER));
    expect((await now.put(`/master/user/${enc(USER_IDS.admin)}`, { userStatus: 1 })).status).toBe(
      200,
    );
  });

  it('nobody changes the permissions of a role they hold, of the Superadmin role, or beyond what they hold', async () => {
    // A security officer: may write role permissions, and reads notifications; holds nothing else.
    const officerRole = (await admin.post('/master/roles', { roleName: 'Security Officer' })).body
      .data.roleId as number;
    const emptyRole = (await admin.post('/master/roles', { roleName: 'Trainee' })).body.data
      .roleId as number;
    const grant = (roleId: number, prms: number, ops: string[]) => ({
      rperRoleId: roleId,
      rperPrmsId: prms,
      rperOperations: JSON.stringify(ops),
    });
    expect(
      (
        await admin.post(
          '/master/Role_Permission',
          grant(officerRole, await prmsId('master_role_permission'), [
            'read',
            'create',
            'update',
            'delete',
          ]),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await admin.post(
          '/master/Role_Permission',
          grant(officerRole, await prmsId('dashboard_notification'), ['read']),
        )
      ).status,
    ).toBe(200);
    expect(
      (
        await admin.post('/master/user', {
          userId: 'sec@tagih.id',
          userStatus: 1,
          usloUserName: 'sec',
          usloPassword: 'sec-pass-1',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await admin.post('/master/User_Role', {
          usroUserId: 'sec@tagih.id',
          usroRoleId: officerRole,
        })
      ).status,
    ).toBe(200);
    const sec = apiFor(ctx, await ctx.login({ username: 'sec', password: 'sec-pass-1' }));

    const own = await sec.post(
      '/master/Role_Permission',
      grant(officerRole, await prmsId('dashboard_transactionva'), ['read']),
    );
    expect(own.status).toBe(403);
    expect(own.body.status.message).toBe(MESSAGES.ownRolePermissions);

    const superadminRole = await sec.post(
      '/master/Role_Permission',
      grant(1, await prmsId('dashboard_notification'), ['read']),
    );
    expect(superadminRole.status).toBe(403);
    expect(superadminRole.body.status.message).toBe(MESSAGES.onlySuperadminChangesSuperadminRole);

    const beyond = await sec.post(
      '/master/Role_Permission',
      grant(emptyRole, await prmsId('audit_log'), ['read']),
    );
    expect(beyond.status).toBe(403);
    expect(beyond.body.status.message).toBe(MESSAGES.grantBeyondOwn);

    const within = await sec.post(
      '/master/Role_Permission',
      grant(emptyRole, await prmsId('dashboard_notification'), ['read']),
    );
    expect(within.status).toBe(200);
    const widened = await sec.put(`/master/Role_Permission/${within.body.data.rperId}`, {
      ...grant(emptyRole, await prmsId('dashboard_notification'), ['read', 'delete']),
      rperId: within.body.data.rperId,
    });
    expect(widened.status).toBe(403);
    const trainee = await ctx.db.kysely
      .selectFrom('role_permissions')
      .select('rperOperations')
      .where('rperRoleId', '=', emptyRole)
      .execute();
    expect(trainee).toEqual([{ rperOperations: '["read"]' }]);
  });

  it('records every change with its fields before and after, secrets redacted, in the same transaction', async () => {
    const created = await admin.post('/master/Company_Group', {
      grcpName: 'Audit Group',
      grcpNickName: 'AG',
      grcpAddress: 'Jl. A 1',
      grcpCity: 'Bandung',
      grcpTelp: '0225550100',
      grcpFax: '0225550101',
    });
    const id = created.body.data.grcpId as number;
    await admin.put(`/master/Company_Group/${id}`, {
      grcpId: id,
      grcpName: 'Audit Group',
      grcpNickName: 'AG',
      grcpAddress: 'Jl. A 1',
      grcpCity: 'Cirebon',
      grcpTelp: '0225550100',
      grcpFax: '0225550101',
    });
    await admin.del(`/master/Company_Group/${id}`);
    const [c, u, d] = [
      ...(await events('master.company_group.created')),
      ...(await events('master.company_group.updated')),
      ...(await events('master.company_group.deleted')),
    ];
    expect(JSON.parse(c!.audtDetails).after).toMatchObject({ grcpId: id, grcpCity: 'Bandung' });
    expect(JSON.parse(u!.audtDetails)).toEqual({
      before: { grcpCity: 'Bandung' },
      after: { grcpCity: 'Cirebon' },
    });
    expect(JSON.parse(d!.audtDetails).before).toMatchObject({
      grcpName: 'Audit Group',
      grcpCity: 'Cirebon',
    });
    for (const e of [c, u, d])
      expect(e).toMatchObject({
        audtOutcome: 'success',
        audtActorUserId: USER_IDS.admin,
        audtTargetType: 'company_group',
        audtTargetId: String(id),
      });

    await admin.put(`/master/user/${enc(USER_IDS.budi)}`, {
      userStatus: 1,
      usloUserName: 'budi',
      usloPassword: 'new-budi-pass',
    });
    const [pw] = await events('master.user.updated');
    expect(JSON.parse(pw!.audtDetails)).toMatchObject({
      before: { usloPassword: '[redacted]' },
      after: { usloPassword: '[redacted]' },
    });
    expect(pw!.audtDetails).not.toContain('new-budi-pass');
  });

  it('leaves no audit row for a change that rolled back', async () => {
    const before = (await events('master.company_group.created')).length;
    const group = {
      grcpName: 'Twice',
      grcpNickName: 'TW',
      grcpAddress: 'Jl. B 2',
      grcpCity: 'Bogor',
      grcpTelp: '0251555010',
      grcpFax: '0251555011',
    };
    expect((await admin.post('/master/Company_Group', group)).status).toBe(200);
    expect((await admin.post('/master/Company_Group', group)).status).toBe(409);
    expect((await events('master.company_group.created')).length).toBe(before + 1);
    // the last Superadmin link: refused by the invariant after the delete, rolled back
    const link = await ctx.db.kysely
      .selectFrom('user_roles')
      .select('usroId')
      .where('usroRoleId', '=', 1)
      .executeTakeFirstOrThrow();
    expect((await admin.del(`/master/User_Role/${link.usroId}`)).status).toBe(409);
    expect(await events('master.user_role.deleted')).toEqual([]);
  });

  it('a Superadmin unlocks a locked user, who can then sign in; an Admin may not unlock', async () => {
    for (let i = 0; i < 10; i++) await signsIn('budi', 'wrong-password');
    expect(await signsIn('budi', 'demo-pass-1')).toBe(false);
    const listed = await admin.get(`/master/user?finds[userId]=${enc(USER_IDS.budi)}`);
    expect(listed.body.data.data[0].userLockedUntil).toEqual(expect.any(String));

    const refused = await rina.post(`/master/user/${enc(USER_IDS.budi)}/unlock`, {});
    expect(refused.status).toBe(403);
    expect(await signsIn('budi', 'demo-pass-1')).toBe(false);

    const unlocked = await admin.post(`/master/user/${enc(USER_IDS.budi)}/unlock`, {});
    expect(unlocked.status).toBe(200);
    expect(unlocked.body.status.message).toBe(MESSAGES.userUnlocked);
    expect(await signsIn('budi', 'demo-pass-1')).toBe(true);
    expect(
      (await events('auth.unlocked')).map((e) => [
        e.audtOutcome,
        e.audtActorUserId,
        e.audtTargetId,
      ]),
    ).toEqual([
      ['denied', USER_IDS.rina, USER_IDS.budi],
      ['success', USER_IDS.admin, USER_IDS.budi],
    ]);
    expect((await admin.post(`/master/user/${enc('nobody@tagih.id')}/unlock`, {})).status).toBe(
      404,
    );
  });

  it('marks Superadmin users in the user list so that screens can stop offering what would be refused', async () => {
    const rows = (await rina.get('/master/user?max=100')).body.data.data as {
      userId: string;
      userIsSuperadmin: boolean;
    }[];
    expect(rows.find((r) => r.userId === USER_IDS.admin)?.userIsSuperadmin).toBe(true);
    expect(rows.find((r) => r.userId === USER_IDS.rina)?.userIsSuperadmin).toBe(false);
  });
});
