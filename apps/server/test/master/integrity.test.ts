/** Nothing is orphaned, references must exist, and hostile or malformed bodies are refused or stored literally. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, USER_IDS, createTestContext, type TestContext } from '../support/test-app.ts';
import { COMPANY, GROUP, apiFor, qs, type Api } from './helpers.ts';

describe.each(DIALECTS)('master data integrity (%s)', (dialect) => {
  let ctx: TestContext;
  let api: Api;
  beforeEach(async () => {
    ctx = await createTestContext(dialect);
    api = apiFor(ctx, await ctx.login());
  });
  afterEach(async () => {
    await ctx.close();
  });

  it('refuses to delete what others still use (409 saying what uses it), and deletes once freed', async () => {
    const refused: [string, string][] = [
      [
        '/master/Company_Group/2',
        'Company Group is still used by 2 companies; remove those first.',
      ],
      ['/master/company/4', 'Company is still used by 2 user companies; remove those first.'],
      [
        '/master/roles/3',
        'Role is still used by 1 user roles and 4 role permissions; remove those first.',
      ],
      [
        '/master/Permission/1',
        'Permission is still used by 3 role permissions; remove those first.',
      ],
    ];
    for (const [url, message] of refused) {
      const res = await api.del(url);
      expect(res.status, url).toBe(409);
      expect(res.body.status.message).toBe(message);
    }
    const counts = await Promise.all(
      ['companies', 'user_companies', 'role_permissions'].map((t) =>
        ctx.db.kysely
          .selectFrom(t as 'companies')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow(),
      ),
    );
    expect(counts.map((c) => Number(c.n))).toEqual([4, 10, 32]);

    // once its user links are gone, the company may go
    const links = (await api.get(`/master/User_Company${qs({ 'finds[uscoCompId]': 4 })}`)).body.data
      .data;
    for (const link of links)
      expect((await api.del(`/master/User_Company/${link.uscoId}`)).status).toBe(200);
    expect((await api.del('/master/company/4')).status).toBe(200);
  });

  it('counts transactions and notifications as uses of a company', async () => {
    const company = (
      await api.post('/master/company', { ...COMPANY, compGrcpId: 1, compClientId: 1 })
    ).body.data;
    const now = ctx.clock.now().toISOString();
    const trx = await ctx.db.kysely
      .insertInto('transactions')
      .values({
        trctType: 'VA',
        trctCompId: company.compId,
        trctClntId: 1,
        trctOrderId: 'ORD-1',
        trctStatus: '03',
        trctCreatedTime: now,
      })
      .returning('trctId')
      .executeTakeFirstOrThrow();
    await ctx.db.kysely
      .insertInto('notifications')
      .values({
        notiTrctId: trx.trctId,
        notiCompId: company.compId,
        notiStatus: 1,
        notiCreatedTime: now,
        notiAttempts: 0,
      })
      .execute();
    const res = await api.del(`/master/company/${company.compId}`);
    expect(res.status).toBe(409);
    expect(res.body.status.message).toBe(
      'Company is still used by 1 transactions and 1 notifications; remove those first.',
    );
  });

  it('answers 400 naming the field when a referenced row does not exist, on create and on update', async () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      [
        '/master/company',
        { ...COMPANY, compGrcpId: 999, compClientId: 1 },
        'compGrcpId',
        'Company Group does not exist',
      ],
      [
        '/master/company',
        { ...COMPANY, compGrcpId: 1, compClientId: 999 },
        'compClientId',
        'Client does not exist',
      ],
      [
        '/master/Role_Permission',
        { rperRoleId: 999, rperPrmsId: 1, rperOperations: '["read"]' },
        'rperRoleId',
        'Role does not exist',
      ],
      [
        '/master/Role_Permission',
        { rperRoleId: 3, rperPrmsId: 999, rperOperations: '["read"]' },
        'rperPrmsId',
        'Permission does not exist',
      ],
      [
        '/master/User_Role',
        { usroUserId: 'ghost@tagih.id', usroRoleId: 1 },
        'usroUserId',
        'User does not exist',
      ],
      [
        '/master/User_Role',
        { usroUserId: USER_IDS.budi, usroRoleId: 999 },
        'usroRoleId',
        'Role does not exist',
      ],
      [
        '/master/User_Company',
        { uscoUserId: 'ghost@tagih.id', uscoCompId: 1 },
        'uscoUserId',
        'User does not exist',
      ],
      [
        '/master/User_Company',
        { uscoUserId: USER_IDS.budi, uscoCompId: 999 },
        'uscoCompId',
        'Company does not exist',
      ],
      [
        '/master/User_Login',
        { usloUserId: 'ghost@tagih.id', usloUserName: 'ghost', usloPassword: 'secret-1' },
        'usloUserId',
        'User does not exist',
      ],
    ];
    for (const [path, body, field, message] of cases) {
      const res = await api.post(path, body);
      expect(res.status, `${path} ${field}`).toBe(400);
      expect(res.body.status.message).toBe(message);
      expect(res.body.data.errors).toEqual({ [field]: message });
    }
    const update = await api.put('/master/company/1', {
      ...COMPANY,
      compGrcpId: 999,
      compClientId: 1,
    });
    expect(update.status).toBe(400);
    expect(update.body.data.errors).toEqual({ compGrcpId: 'Company Group does not exist' });
    expect((await api.get('/master/company/1')).body.data.compGrcpId).toBe(1);
  });

  it('stores SQL-looking text literally and finds it literally', async () => {
    const hostile = "o'neil--@tagih.id";
    const user = await api.post('/master/user', { userId: hostile, userStatus: 1 });
    expect(user.status).toBe(200);
    expect(user.body.data.userId).toBe(hostile);
    const found = await api.get(`/master/user${qs({ search: "'neil--", searchFields: 'userId' })}`);
    expect(found.body.data.data.map((u: { userId: string }) => u.userId)).toEqual([hostile]);
    for (const search of ["' OR '1'='1", '%', '_', "x'); DROP TABLE users; --"]) {
      const res = await api.get(`/master/Company_Group${qs({ search, searchFields: 'grcpName' })}`);
      expect(res.status, search).toBe(200);
      expect(res.body.data.pagination.totalData, search).toBe(0);
    }
    const injected = await api.get(
      `/master/roles${qs({ 'finds[roleName][equal]': "x' OR 1=1 --" })}`,
    );
    expect(injected.body.data.pagination.totalData).toBe(0);
    expect((await api.get('/master/user')).body.data.pagination.totalData).toBe(4);
  });

  it('refuses oversized values, wrong types and oversized bodies', async () => {
    const long = await api.post('/master/Company_Group', {
      ...GROUP,
      grcpName: 'A'.repeat(51),
      grcpAddress: 'B'.repeat(101),
    });
    expect(long.status).toBe(400);
    expect(long.body.data.errors).toEqual({
      grcpName: 'Max 50 characters.',
      grcpAddress: 'Alamat must not exceed 100 characters',
    });
    const types = await api.post('/master/company', {
      ...COMPANY,
      compGrcpId: 'abc',
      compClientId: 1,
      compStatus: 7,
      compName: 42,
    });
    expect(types.status).toBe(400);
    expect(types.body.data.errors).toEqual({
      compGrcpId: 'Company Group is required',
      compStatus: 'Status is required',
      compName: 'Company Name is required',
    });
    const hugeId = await api.post('/master/company', {
      ...COMPANY,
      compGrcpId: 1e12,
      compClientId: 1,
    });
    expect(hugeId.status).toBe(400);
    expect(hugeId.body.data.errors).toEqual({ compGrcpId: 'Company Group is invalid' });
    const huge = await api.post('/master/roles', { roleName: 'x'.repeat(300 * 1024) });
    expect(huge.status).toBe(413);
    const notJson = await ctx.inject({
      method: 'POST',
      url: '/api/master/roles',
      token: await ctx.login(),
      payload: '{"roleName":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
  });
});
