/** Every master route checks its area's action on the server. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ADMIN_USER,
  DIALECTS,
  STAFF_USER,
  createTestContext,
  type TestContext,
} from '../support/test-app.ts';
import { GROUP, apiFor, type Api } from './helpers.ts';

const PATHS: Record<string, string> = {
  '/master/user': 'master_user',
  '/master/User_Login': 'master_user',
  '/master/roles': 'master_role',
  '/master/Permission': 'master_permission',
  '/master/Role_Permission': 'master_role_permission',
  '/master/User_Role': 'master_user_role',
  '/master/Company_Group': 'master_company_group',
  '/master/company': 'master_company',
  '/master/Bank_Account': 'master_bank_account',
};
const WRITE_OF: Record<string, string> = { POST: 'create', PUT: 'update', DELETE: 'delete' };

describe.each(DIALECTS)('master permissions (%s)', (dialect) => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext(dialect);
  });
  afterEach(async () => {
    await ctx.close();
  });

  it('declares the expected area and action on every master route', () => {
    const routes = ctx.app.routeTable.filter((r) => r.url.startsWith('/api/master/'));
    const seen = routes.map(
      (r) =>
        `${r.method} ${r.url} ${typeof r.access === 'object' ? `${r.access.area}.${r.access.action}` : String(r.access)}`,
    );
    const expected: string[] = [];
    for (const [path, area] of Object.entries(PATHS)) {
      expected.push(`GET /api${path} ${area}.read`);
      if (
        [
          '/master/Company_Group',
          '/master/company',
          '/master/User_Login',
          '/master/Bank_Account',
        ].includes(path)
      )
        expected.push(`GET /api${path}/:id ${area}.read`);
      for (const [method, action] of Object.entries(WRITE_OF))
        expected.push(`${method} /api${path}${method === 'POST' ? '' : '/:id'} ${area}.${action}`);
    }
    expected.push('GET /api/master/User_Company master_user.read');
    for (const [method, action] of Object.entries(WRITE_OF)) {
      expected.push(
        `${method} /api/master/User_Company${method === 'POST' ? '' : '/:id'} master_user_company.${action}`,
      );
    }
    expected.push('GET /api/master/client master_company.read');
    expected.push('POST /api/master/user/:id/unlock master_user.update');
    expected.push('POST /api/master/user/:id/2fa/reset master_user.update');
    expected.push('POST /api/master/client/:id/snap-credentials master_client_api.update');
    expected.push('DELETE /api/master/client/:id/snap-credentials master_client_api.update');
    expect(seen.filter((s) => !s.startsWith('HEAD')).sort()).toEqual(expected.sort());
  });

  it('answers 403 to a dashboards-only user on every master call, before validating anything', async () => {
    const api = apiFor(ctx, await ctx.login(STAFF_USER));
    for (const path of [...Object.keys(PATHS), '/master/User_Company', '/master/client']) {
      const list = await api.get(path);
      expect(list.status, path).toBe(403);
      expect(list.body.status.message).toMatch(/\(needs master_\w+\.read\)$/);
    }
    for (const path of Object.keys(PATHS)) {
      for (const res of [
        await api.post(path, {}),
        await api.put(`${path}/1`, {}),
        await api.del(`${path}/1`),
      ])
        expect(res.status, path).toBe(403);
    }
    expect((await ctx.inject({ method: 'GET', url: '/api/master/roles' })).statusCode).toBe(401);
  });

  it('lets an Admin read roles, permissions and role permissions but not write them', async () => {
    const api = apiFor(ctx, await ctx.login(ADMIN_USER));
    for (const path of ['/master/roles', '/master/Permission', '/master/Role_Permission']) {
      expect((await api.get(path)).status).toBe(200);
      const create = await api.post(path, {});
      expect(create.status).toBe(403);
      expect(create.body.status.message).toMatch(/needs master_\w+\.create/);
      expect((await api.put(`${path}/1`, {})).status).toBe(403);
      expect((await api.del(`${path}/1`)).status).toBe(403);
    }
    expect(
      (await api.post('/master/User_Role', { usroUserId: 'budi.staff@tagih.id', usroRoleId: 2 }))
        .status,
    ).toBe(200);
  });

  it('grants exactly the actions of a partial role, under either spelling of the company group area', async () => {
    const admin = apiFor(ctx, await ctx.login());
    const role = (await admin.post('/master/roles', { roleName: 'Group Editor' })).body.data.roleId;
    const alias = (
      await admin.post('/master/Permission', {
        prmsName: 'master_group_company',
        prmsOperations: '["read","create","update","delete"]',
      })
    ).body.data.prmsId;
    const userArea = (await admin.get('/master/Permission?finds[prmsName][eq]=master_user')).body
      .data.data[0].prmsId;
    await admin.post('/master/Role_Permission', {
      rperRoleId: role,
      rperPrmsId: alias,
      rperOperations: '["read","update"]',
    });
    await admin.post('/master/Role_Permission', {
      rperRoleId: role,
      rperPrmsId: userArea,
      rperOperations: '["read"]',
    });
    await admin.post('/master/user', {
      userId: 'editor@tagih.id',
      userStatus: 1,
      usloUserName: 'editor',
      usloPassword: 'editor-pass',
    });
    await admin.post('/master/User_Role', { usroUserId: 'editor@tagih.id', usroRoleId: role });

    const api: Api = apiFor(ctx, await ctx.login({ username: 'editor', password: 'editor-pass' }));
    expect((await api.get('/master/Company_Group')).status).toBe(200);
    expect((await api.get('/master/Company_Group/1')).status).toBe(200);
    expect((await api.put('/master/Company_Group/1', { ...GROUP, grcpId: 1 })).status).toBe(200);
    expect((await api.post('/master/Company_Group', GROUP)).status).toBe(403);
    expect((await api.del('/master/Company_Group/1')).status).toBe(403);
    // User Company is read with master_user.read, written with master_user_company
    expect((await api.get('/master/User_Company')).status).toBe(200);
    const link = await api.post('/master/User_Company', {
      uscoUserId: 'editor@tagih.id',
      uscoCompId: 1,
    });
    expect(link.status).toBe(403);
    expect(link.body.status.message).toMatch(/needs master_user_company\.create/);
    expect((await api.get('/master/user')).status).toBe(200);
    expect((await api.get('/master/User_Login/admin@tagih.id')).status).toBe(200);
    expect((await api.put('/master/user/editor@tagih.id', { userStatus: 1 })).status).toBe(403);
    expect((await api.get('/master/client')).status).toBe(403);
    expect((await api.get('/master/company')).status).toBe(403);
  });
});
