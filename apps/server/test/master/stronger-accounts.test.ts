/**
 * Nobody acts on an account stronger than their own, and nobody strips the Superadmin role: from
 * the attacker's side, each request that worked before is refused with 403 and its reason,
 * changes nothing and leaves a 'denied' event; what the actor fully holds still works.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@tagih/contract';
import { SecretBox, newDataKey } from '../../src/security/secret-box.ts';
import { totpCodeAt } from '../../src/security/totp.ts';
import {
  ADMIN_USER,
  DIALECTS,
  USER_IDS,
  createTestContext,
  type TestContext,
} from '../support/test-app.ts';
import { apiFor, type Api } from './helpers.ts';

const enc = encodeURIComponent;
const AUDITOR = { userId: 'auditor@tagih.id', username: 'auditor', password: 'auditor-pass-1' };

describe.each(DIALECTS)('nobody acts on a stronger account (%s)', (dialect) => {
  let ctx: TestContext;
  let admin: Api; // Superadmin
  let rina: Api; // Admin: writes users, user roles and user companies; reads no audit log
  let auditorRole: number;
  beforeEach(async () => {
    ctx = await createTestContext(dialect, { secretBox: new SecretBox(newDataKey()) });
    admin = apiFor(ctx, await ctx.login());
    rina = apiFor(ctx, await ctx.login(ADMIN_USER));
    auditorRole = (await admin.post('/master/roles', { roleName: 'Auditor' })).body.data
      .roleId as number;
    expect(
      (
        await admin.post('/master/Role_Permission', {
          rperRoleId: auditorRole,
          rperPrmsId: await prmsId('audit_log'),
          rperOperations: '["read"]',
        })
      ).status,
    ).toBe(200);
    const { userId, username, password } = AUDITOR;
    expect(
      (
        await admin.post('/master/user', {
          userId,
          userStatus: 1,
          usloUserName: username,
          usloPassword: password,
        })
      ).status,
    ).toBe(200);
    expect(
      (await admin.post('/master/User_Role', { usroUserId: userId, usroRoleId: auditorRole }))
        .status,
    ).toBe(200);
    expect(
      (await admin.post('/master/User_Company', { uscoUserId: userId, uscoCompId: 1 })).status,
    ).toBe(200);
  });
  afterEach(async () => {
    await ctx.close();
  });

  async function prmsId(name: string): Promise<number> {
    return (
      await ctx.db.kysely
        .selectFrom('permissions')
        .select('prmsId')
        .where('prmsName', '=', name)
        .executeTakeFirstOrThrow()
    ).prmsId;
  }
  const events = (action: string) =>
    ctx.db.kysely
      .selectFrom('audit_events')
      .selectAll()
      .where('audtAction', '=', action)
      .orderBy('audtId')
      .execute();
  const signIn = (username: string, password: string) =>
    ctx.inject({
      method: 'POST',
      url: '/api/security/authentication/login',
      payload: { username, password },
    });
  /** Everything an attack could change about a user: status, login, roles, companies, two-factor. */
  const stateOf = async (userId: string) => ({
    user: await ctx.db.kysely
      .selectFrom('users')
      .select(['userStatus'])
      .where('userId', '=', userId)
      .executeTakeFirst(),
    login: await ctx.db.kysely
      .selectFrom('user_logins')
      .select(['usloUserName', 'usloPassword'])
      .where('usloUserId', '=', userId)
      .executeTakeFirst(),
    roles: await ctx.db.kysely
      .selectFrom('user_roles')
      .select(['usroId', 'usroRoleId'])
      .where('usroUserId', '=', userId)
      .orderBy('usroId')
      .execute(),
    companies: await ctx.db.kysely
      .selectFrom('user_companies')
      .select(['uscoId', 'uscoCompId'])
      .where('uscoUserId', '=', userId)
      .orderBy('uscoId')
      .execute(),
    twoFactor: await ctx.db.kysely
      .selectFrom('user_two_factor')
      .select(['utfaEnabledTime'])
      .where('utfaUserId', '=', userId)
      .execute(),
  });
  const linkOf = async (table: 'user_roles' | 'user_companies', userId: string) =>
    table === 'user_roles'
      ? (
          await ctx.db.kysely
            .selectFrom('user_roles')
            .select('usroId')
            .where('usroUserId', '=', userId)
            .executeTakeFirstOrThrow()
        ).usroId
      : (
          await ctx.db.kysely
            .selectFrom('user_companies')
            .select('uscoId')
            .where('uscoUserId', '=', userId)
            .executeTakeFirstOrThrow()
        ).uscoId;

  /** The auditor turns two-factor on, so that a reset would be a change. */
  async function auditorEnrols(): Promise<string> {
    const token = await ctx.login({ username: AUDITOR.username, password: AUDITOR.password });
    const { secret } = (
      await ctx.inject({ method: 'POST', url: '/api/account/2fa/setup', token })
    ).json().data as { secret: string };
    const enabled = await ctx.inject({
      method: 'POST',
      url: '/api/account/2fa/enable',
      token,
      payload: { code: totpCodeAt(secret, ctx.clock.now()) },
    });
    expect(enabled.statusCode).toBe(200);
    return secret;
  }

  it('an Admin cannot take over, deactivate, re-role, unlink, reset or delete a user who reads the audit log', async () => {
    await auditorEnrols();
    const before = await stateOf(AUDITOR.userId);
    const roleLink = await linkOf('user_roles', AUDITOR.userId);
    const companyLink = await linkOf('user_companies', AUDITOR.userId);
    const id = enc(AUDITOR.userId);
    const attempts: [string, Awaited<ReturnType<Api['get']>>, string][] = [
      [
        'master.user_login.updated',
        await rina.put(`/master/User_Login/${id}`, {
          usloUserName: AUDITOR.username,
          usloPassword: 'taken-over-1',
        }),
        MESSAGES.strongerAccount,
      ],
      [
        'master.user.updated',
        await rina.put(`/master/user/${id}`, {
          userStatus: 1,
          usloUserName: 'auditor',
          usloPassword: 'taken-over-1',
        }),
        MESSAGES.strongerAccount,
      ],
      [
        'master.user.updated',
        await rina.put(`/master/user/${id}`, { userStatus: 0 }),
        MESSAGES.strongerAccount,
      ],
      [
        'master.user_role.created',
        await rina.post('/master/User_Role', { usroUserId: AUDITOR.userId, usroRoleId: 3 }),
        MESSAGES.strongerAccount,
      ],
      [
        'master.user_role.updated',
        await rina.put(`/master/User_Role/${roleLink}`, {
          usroUserId: AUDITOR.userId,
          usroRoleId: 3,
        }),
        MESSAGES.strongerAccount,
      ],
      [
        'master.user_role.deleted',
        await rina.del(`/master/User_Role/${roleLink}`),
        MESSAGES.strongerAccount,
      ],
      [
        'master.user_company.created',
        await rina.post('/master/User_Company', { uscoUserId: AUDITOR.userId, uscoCompId: 2 }),
        MESSAGES.strongerAccount,
      ],
      [
        'master.user_company.updated',
        await rina.put(`/master/User_Company/${companyLink}`, {
          uscoUserId: AUDITOR.userId,
          uscoCompId: 2,
        }),
        MESSAGES.strongerAccount,
      ],
      [
        'master.user_company.deleted',
        await rina.del(`/master/User_Company/${companyLink}`),
        MESSAGES.strongerAccount,
      ],
      [
        'master.user_login.deleted',
        await rina.del(`/master/User_Login/${id}`),
        MESSAGES.strongerAccount,
      ],
      ['master.user.deleted', await rina.del(`/master/user/${id}`), MESSAGES.strongerAccount],
      ['auth.2fa.reset', await rina.post(`/master/user/${id}/2fa/reset`, {}), MESSAGES.forbidden],
    ];
    for (const [action, res, reason] of attempts) {
      expect(res.status, action).toBe(403);
      expect(res.body.status.message, action).toContain(reason);
    }
    expect(await stateOf(AUDITOR.userId)).toEqual(before);
    // the old password still signs the auditor in (first step of two), the attacker's does not
    expect((await signIn(AUDITOR.username, AUDITOR.password)).json().data).toMatchObject({
      twoFactorRequired: true,
    });
    expect((await signIn(AUDITOR.username, 'taken-over-1')).statusCode).toBe(401);
    for (const action of new Set(attempts.map(([a]) => a))) {
      const recorded = await events(action);
      expect(recorded.length, action).toBeGreaterThan(0);
      for (const e of recorded.filter((r) => r.audtActorUserId === USER_IDS.rina))
        expect(e.audtOutcome, action).toBe('denied');
    }
    const [deniedLogin] = await events('master.user_login.updated');
    expect(deniedLogin).toMatchObject({ audtOutcome: 'denied', audtTargetId: AUDITOR.userId });
    expect(JSON.parse(deniedLogin!.audtDetails).reason).toBe(MESSAGES.strongerAccount);
  });

  it('a link that moves from a weaker user onto the stronger one is refused too', async () => {
    const budiLink = await linkOf('user_companies', USER_IDS.budi);
    const moved = await rina.put(`/master/User_Company/${budiLink}`, {
      uscoUserId: AUDITOR.userId,
      uscoCompId: 2,
    });
    expect(moved.status).toBe(403);
    expect(moved.body.status.message).toBe(MESSAGES.strongerAccount);
    expect(await linkOf('user_companies', USER_IDS.budi)).toBe(budiLink);
  });

  it('an Admin still manages a Staff user whose access she fully holds', async () => {
    const id = enc(USER_IDS.budi);
    expect(
      (
        await rina.put(`/master/User_Login/${id}`, {
          usloUserName: 'budi',
          usloPassword: 'reset-by-rina-1',
        })
      ).status,
    ).toBe(200);
    expect((await signIn('budi', 'reset-by-rina-1')).statusCode).toBe(200);
    expect((await rina.put(`/master/user/${id}`, { userStatus: 0 })).status).toBe(200);
    expect(
      (await rina.post('/master/User_Role', { usroUserId: USER_IDS.budi, usroRoleId: 2 })).status,
    ).toBe(200);
    expect(
      (await rina.del(`/master/User_Company/${await linkOf('user_companies', USER_IDS.budi)}`))
        .status,
    ).toBe(200);
    expect((await rina.del(`/master/user/${id}`)).status).toBe(200);
    expect(await stateOf(USER_IDS.budi)).toMatchObject({
      user: undefined,
      login: undefined,
      roles: [],
      companies: [],
    });
  });

  it('once the Admin holds what the auditor holds, she may manage the auditor', async () => {
    expect(
      (
        await admin.post('/master/User_Role', {
          usroUserId: USER_IDS.rina,
          usroRoleId: auditorRole,
        })
      ).status,
    ).toBe(200);
    const rinaNow = apiFor(ctx, await ctx.login(ADMIN_USER));
    expect(
      (await rinaNow.put(`/master/user/${enc(AUDITOR.userId)}`, { userStatus: 0 })).status,
    ).toBe(200);
  });

  it('lists say per row why the viewer may not change that user, by the same rule', async () => {
    const reasons = async (api: Api, path: string, field: string) =>
      Object.fromEntries(
        ((await api.get(`${path}?max=100`)).body.data.data as Record<string, unknown>[]).map(
          (r) => [r[field], r.protectedReason],
        ),
      );
    const users = await reasons(rina, '/master/user', 'userId');
    expect(users).toMatchObject({
      [AUDITOR.userId]: MESSAGES.strongerAccount,
      [USER_IDS.admin]: MESSAGES.onlySuperadminChangesSuperadmin,
      [USER_IDS.budi]: null,
      [USER_IDS.rina]: null,
    });
    expect(await reasons(rina, '/master/User_Role', 'usroUserId')).toMatchObject({
      [AUDITOR.userId]: MESSAGES.strongerAccount,
      [USER_IDS.budi]: null,
    });
    expect(await reasons(rina, '/master/User_Company', 'uscoUserId')).toMatchObject({
      [AUDITOR.userId]: MESSAGES.strongerAccount,
      [USER_IDS.budi]: null,
    });
    expect(
      Object.values(await reasons(admin, '/master/user', 'userId')).every((r) => r === null),
    ).toBe(true);
  });

  it('Manage Account still lets the auditor change her own login', async () => {
    const token = await ctx.login({ username: AUDITOR.username, password: AUDITOR.password });
    const own = await ctx.inject({
      method: 'PUT',
      url: '/api/account/login',
      token,
      payload: { usloUserName: 'auditor2', usloPassword: 'auditor-pass-2' },
    });
    expect(own.statusCode).toBe(200);
    expect((await signIn('auditor2', 'auditor-pass-2')).statusCode).toBe(200);
  });
});

describe.each(DIALECTS)('the Superadmin role keeps every operation (%s)', (dialect) => {
  let ctx: TestContext;
  let admin: Api;
  beforeEach(async () => {
    ctx = await createTestContext(dialect);
    admin = apiFor(ctx, await ctx.login());
  });
  afterEach(async () => {
    await ctx.close();
  });

  const permission = (name: string) =>
    ctx.db.kysely
      .selectFrom('permissions')
      .select(['prmsId', 'prmsName', 'prmsOperations'])
      .where('prmsName', '=', name)
      .executeTakeFirstOrThrow();
  const superadminGrant = async (prmsId: number) =>
    ctx.db.kysely
      .selectFrom('role_permissions')
      .select(['rperId', 'rperOperations'])
      .where('rperRoleId', '=', 1)
      .where('rperPrmsId', '=', prmsId)
      .executeTakeFirstOrThrow();
  const denied = (action: string) =>
    ctx.db.kysely
      .selectFrom('audit_events')
      .selectAll()
      .where('audtAction', '=', action)
      .where('audtOutcome', '=', 'denied')
      .orderBy('audtId')
      .execute();

  /** A keeper of permissions: may read and update them (and nothing else of note). */
  async function keeper(): Promise<Api> {
    const role = (await admin.post('/master/roles', { roleName: 'Permission Keeper' })).body.data
      .roleId as number;
    const { prmsId } = await permission('master_permission');
    expect(
      (
        await admin.post('/master/Role_Permission', {
          rperRoleId: role,
          rperPrmsId: prmsId,
          rperOperations: '["read","update","delete"]',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await admin.post('/master/user', {
          userId: 'keeper@tagih.id',
          userStatus: 1,
          usloUserName: 'keeper',
          usloPassword: 'keeper-pass-1',
        })
      ).status,
    ).toBe(200);
    expect(
      (await admin.post('/master/User_Role', { usroUserId: 'keeper@tagih.id', usroRoleId: role }))
        .status,
    ).toBe(200);
    return apiFor(ctx, await ctx.login({ username: 'keeper', password: 'keeper-pass-1' }));
  }

  it("a non-Superadmin with master_permission.update cannot shrink a permission's operations, rename or delete it", async () => {
    const api = await keeper();
    const target = await permission('master_permission');
    const attempts = [
      await api.put(`/master/Permission/${target.prmsId}`, {
        prmsId: target.prmsId,
        prmsName: 'master_permission',
        prmsOperations: '["read"]',
      }),
      await api.put(`/master/Permission/${target.prmsId}`, {
        prmsId: target.prmsId,
        prmsName: 'renamed',
        prmsOperations: target.prmsOperations,
      }),
      await api.del(`/master/Permission/${target.prmsId}`),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(403);
      expect(res.body.status.message).toBe(MESSAGES.onlySuperadminChangesPermissions);
    }
    expect(await permission('master_permission')).toEqual(target);
    expect(
      (await denied('master.permission.updated')).map((e) => JSON.parse(e.audtDetails).reason),
    ).toEqual([
      MESSAGES.onlySuperadminChangesPermissions,
      MESSAGES.onlySuperadminChangesPermissions,
    ]);
    expect(await denied('master.permission.deleted')).toHaveLength(1);
    // and the Superadmin can still update permissions afterwards
    expect(
      (
        await admin.put(`/master/Permission/${target.prmsId}`, {
          prmsId: target.prmsId,
          prmsName: 'master_permission',
          prmsOperations: target.prmsOperations,
        })
      ).status,
    ).toBe(200);
  });

  it('the Superadmin cannot strip the Superadmin role either: not through a permission, nor through its grants', async () => {
    const target = await permission('master_permission');
    const grant = await superadminGrant(target.prmsId);
    const attempts = [
      [
        'master.permission.updated',
        await admin.put(`/master/Permission/${target.prmsId}`, {
          prmsId: target.prmsId,
          prmsName: 'master_permission',
          prmsOperations: '["read"]',
        }),
      ],
      [
        'master.permission.updated',
        await admin.put(`/master/Permission/${target.prmsId}`, {
          prmsId: target.prmsId,
          prmsName: 'renamed',
          prmsOperations: target.prmsOperations,
        }),
      ],
      [
        'master.role_permission.updated',
        await admin.put(`/master/Role_Permission/${grant.rperId}`, {
          rperId: grant.rperId,
          rperRoleId: 1,
          rperPrmsId: target.prmsId,
          rperOperations: '["read"]',
        }),
      ],
      [
        'master.role_permission.updated',
        await admin.put(`/master/Role_Permission/${grant.rperId}`, {
          rperId: grant.rperId,
          rperRoleId: 3,
          rperPrmsId: target.prmsId,
          rperOperations: target.prmsOperations,
        }),
      ],
      [
        'master.role_permission.deleted',
        await admin.del(`/master/Role_Permission/${grant.rperId}`),
      ],
    ] as const;
    for (const [action, res] of attempts) {
      expect(res.status, action).toBe(403);
      expect(res.body.status.message, action).toMatch(
        new RegExp(
          `^${MESSAGES.superadminRoleKeepsAll.replace(/[.()]/g, '\\$&')} \\(.*master_permission\\.update`,
        ),
      );
    }
    expect(await permission('master_permission')).toEqual(target);
    expect(await superadminGrant(target.prmsId)).toEqual(grant);
    expect(await denied('master.permission.updated')).toHaveLength(2);
    expect(await denied('master.role_permission.updated')).toHaveLength(2);
    expect(await denied('master.role_permission.deleted')).toHaveLength(1);
    // still in charge: updates a permission of its own making, and the real ones without loss
    const own = (
      await admin.post('/master/Permission', {
        prmsName: 'reports',
        prmsOperations: '["read","update"]',
      })
    ).body.data.prmsId as number;
    expect(
      (
        await admin.put(`/master/Permission/${own}`, {
          prmsId: own,
          prmsName: 'reports',
          prmsOperations: '["read"]',
        })
      ).status,
    ).toBe(200);
    expect((await admin.del(`/master/Permission/${own}`)).status).toBe(200);
    expect(
      (
        await admin.put(`/master/Permission/${target.prmsId}`, {
          prmsId: target.prmsId,
          prmsName: 'master_permission',
          prmsOperations: target.prmsOperations,
        })
      ).status,
    ).toBe(200);
  });
});
