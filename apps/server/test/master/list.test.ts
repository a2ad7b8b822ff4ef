/** The one list query on the master endpoints: paging, sorting, search, every operator, whitelists. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import { COMPANY, apiFor, qs, type Api } from './helpers.ts';

type Row = Record<string, unknown>;

describe.each(DIALECTS)('master lists (%s)', (dialect) => {
  let ctx: TestContext;
  let api: Api;
  const names = async (
    path: string,
    params: Record<string, string | number>,
    field = 'compName',
  ) => {
    const res = await api.get(`${path}${qs(params)}`);
    expect(res.status, JSON.stringify(res.body.status)).toBe(200);
    return (res.body.data.data as Row[]).map((r) => r[field]);
  };
  const companies = (params: Record<string, string | number>) =>
    names('/master/company', { orderField: 'compId', ...params });

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    // Two companies made later, one with a file id: created times and nulls differ.
    ctx.clock.advanceMinutes(10);
    api = apiFor(ctx, await ctx.login());
    await api.post('/master/company', {
      ...COMPANY,
      compName: 'cv kecil',
      compGrcpId: 2,
      compClientId: 2,
      compFileId: 7,
    });
    ctx.clock.advanceMinutes(10);
    await api.post('/master/company', {
      ...COMPANY,
      compName: 'PT Seratus Jaya',
      compGrcpId: 1,
      compClientId: 3,
    });
    await api.post('/master/user', { userId: 'wati_x@tagih.id', userStatus: 0 });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('pages with the default size of 10 and reports the pagination', async () => {
    const all = await api.get('/master/User_Company');
    expect(all.body.data.pagination).toEqual({
      totalData: 10,
      totalPage: 1,
      page: 1,
      itemPerPage: 10,
    });
    const page = await api.get(`/master/User_Company${qs({ page: 3, max: 4 })}`);
    expect(page.body.data.pagination).toEqual({
      totalData: 10,
      totalPage: 3,
      page: 3,
      itemPerPage: 4,
    });
    expect(page.body.data.data).toHaveLength(2);
    expect(
      (await api.get(`/master/User_Company${qs({ page: 4, max: 4 })}`)).body.data.data,
    ).toEqual([]);
    expect((await api.get(`/master/company${qs({ max: 1_000_000 })}`)).status).toBe(200);
    for (const bad of [{ max: 1_000_001 }, { max: 0 }, { page: 0 }, { page: 'x' }] as Record<
      string,
      string | number
    >[]) {
      expect((await api.get(`/master/company${qs(bad)}`)).status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('orders by created time ascending by default, users by userId descending', async () => {
    expect(await names('/master/company', {})).toEqual([
      'PT Toko Maju',
      'PT Kopi Kita',
      'PT Sinar Pay',
      'PT Lama Tutup',
      'cv kecil',
      'PT Seratus Jaya',
    ]);
    expect(await names('/master/user', {}, 'userId')).toEqual([
      'wati_x@tagih.id',
      'rina.admin@tagih.id',
      'budi.staff@tagih.id',
      'admin@tagih.id',
    ]);
  });

  it('sorts both ways, on own and looked-up columns, with nulls first when ascending on both dialects', async () => {
    const asc = await companies({ orderField: 'compName', orderValue: 'asc' });
    expect(asc).toEqual([
      'PT Kopi Kita',
      'PT Lama Tutup',
      'PT Seratus Jaya',
      'PT Sinar Pay',
      'PT Toko Maju',
      'cv kecil',
    ]);
    expect(await companies({ orderField: 'compName', orderValue: 'desc' })).toEqual(
      [...asc].reverse(),
    );
    // ties fall back to the id, in the same direction
    expect(await companies({ orderField: 'grcpName', orderValue: 'desc' })).toEqual([
      'cv kecil',
      'PT Lama Tutup',
      'PT Sinar Pay',
      'PT Seratus Jaya',
      'PT Kopi Kita',
      'PT Toko Maju',
    ]);
    expect((await companies({ orderField: 'compFileId', orderValue: 'asc' })).at(-1)).toBe(
      'cv kecil',
    );
    expect((await companies({ orderField: 'compFileId', orderValue: 'desc' }))[0]).toBe('cv kecil');
    expect(
      await names('/master/roles', { orderField: 'roleName', orderValue: 'DESC' }, 'roleName'),
    ).toEqual(['Superadmin', 'Staff', 'Admin']);
  });

  it('searches case-insensitively over the named fields, and % and _ only match themselves', async () => {
    expect(await companies({ search: 'KOPI', searchFields: 'compName' })).toEqual(['PT Kopi Kita']);
    expect(await companies({ search: 'bandung', searchFields: 'compName,compAddress' })).toEqual(
      [],
    );
    expect(
      await names(
        '/master/Company_Group',
        { search: 'bandung', searchFields: 'grcpName,grcpCity' },
        'grcpName',
      ),
    ).toEqual(['Sinar Digital Group']);
    expect(await companies({ search: 'sinar', searchFields: 'grcpName' })).toEqual([
      'PT Sinar Pay',
      'PT Lama Tutup',
      'cv kecil',
    ]);
    expect(await companies({ search: 'seratus' })).toEqual(['PT Seratus Jaya']); // default: the resource's searchable fields
    expect(await names('/master/user', { search: 'I_X' }, 'userId')).toEqual(['wati_x@tagih.id']);
    expect(await names('/master/user', { search: 'w_ti' }, 'userId')).toEqual([]);
    expect(await names('/master/user', { search: 'rina%' }, 'userId')).toEqual([]);
  });

  it('applies every operator', async () => {
    const cases: [Record<string, string | number>, string[]][] = [
      [{ 'finds[compName]': 'kita' }, ['PT Kopi Kita']],
      [{ 'finds[compName][contain]': 'TU' }, ['PT Lama Tutup', 'PT Seratus Jaya']],
      [{ 'finds[compName][not_contain]': 'pt' }, ['cv kecil']],
      [{ 'finds[compName][equal]': 'PT Sinar Pay' }, ['PT Sinar Pay']],
      [{ 'finds[compName][eq]': 'pt sinar pay' }, []],
      [{ 'finds[compStatus][not_equal]': 1 }, ['PT Lama Tutup']],
      [{ 'finds[compName][start_with]': 'cv' }, ['cv kecil']],
      [{ 'finds[compName][end_with]': 'PAY' }, ['PT Sinar Pay']],
      [{ 'finds[compId][greater_than]': 4 }, ['cv kecil', 'PT Seratus Jaya']],
      [{ 'finds[compId][greater_than_equal]': 5 }, ['cv kecil', 'PT Seratus Jaya']],
      [{ 'finds[compId][less_than]': 2 }, ['PT Toko Maju']],
      [{ 'finds[compId][less_than_equal]': 2 }, ['PT Toko Maju', 'PT Kopi Kita']],
      [{ 'finds[compFileId][is_not_null]': '' }, ['cv kecil']],
      [{ 'finds[compFileId][is_null]': '', 'finds[compStatus]': 0 }, ['PT Lama Tutup']],
      [{ 'finds[compStatus]': 0 }, ['PT Lama Tutup']],
      [
        { 'finds[compCreatedTime][greater_than]': '2026-11-20T03:05:00.000Z' },
        ['cv kecil', 'PT Seratus Jaya'],
      ],
      [
        { 'finds[compCreatedTime][equal]': '2026-11-20' },
        [
          'PT Toko Maju',
          'PT Kopi Kita',
          'PT Sinar Pay',
          'PT Lama Tutup',
          'cv kecil',
          'PT Seratus Jaya',
        ],
      ],
      [{ 'finds[grcpName][start_with]': 'sinar' }, ['PT Sinar Pay', 'PT Lama Tutup', 'cv kecil']],
      [
        { 'finds[compName]': '' },
        [
          'PT Toko Maju',
          'PT Kopi Kita',
          'PT Sinar Pay',
          'PT Lama Tutup',
          'cv kecil',
          'PT Seratus Jaya',
        ],
      ],
    ];
    for (const [params, expected] of cases)
      expect(await companies(params), JSON.stringify(params)).toEqual(expected);
  });

  it('applies additionalFilter as equalities', async () => {
    expect(
      await companies({ additionalFilter: JSON.stringify({ compGrcpId: 2, compStatus: 1 }) }),
    ).toEqual(['PT Sinar Pay', 'cv kecil']);
    expect(await companies({ additionalFilter: JSON.stringify({ compName: 'kopi' }) })).toEqual([]);
    expect(
      await companies({ additionalFilter: JSON.stringify({ compFileId: null }) }),
    ).toHaveLength(5);
    expect((await api.get(`/master/company${qs({ additionalFilter: '[1]' })}`)).status).toBe(400);
    expect((await api.get(`/master/company${qs({ additionalFilter: '{bad' })}`)).status).toBe(400);
  });

  it('filters link lists by looked-up names', async () => {
    expect(
      await names(
        '/master/Role_Permission',
        { 'finds[roleName]': 'staff', orderField: 'prmsName' },
        'prmsName',
      ),
    ).toEqual([
      'dashboard_notification',
      'dashboard_transactionqr',
      'dashboard_transactionva',
      'reconciliation',
    ]);
    expect(await names('/master/User_Role', { 'finds[usroRoleId]': 3 }, 'usroUserId')).toEqual([
      'budi.staff@tagih.id',
    ]);
    expect(
      await names(
        '/master/User_Company',
        { 'finds[companyName][eq]': 'PT Lama Tutup', orderField: 'uscoUserId' },
        'uscoUserId',
      ),
    ).toEqual(['admin@tagih.id', 'rina.admin@tagih.id']);
  });

  it("answers 400 naming any field that is not the resource's", async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['/master/company', { orderField: 'clntSecret' }, "Unknown order field 'clntSecret'"],
      [
        '/master/company',
        { orderField: 'compName', orderValue: 'sideways' },
        "orderValue must be 'asc' or 'desc'",
      ],
      [
        '/master/company',
        { search: 'x', searchFields: 'compName,password' },
        "Unknown search field 'password'",
      ],
      ['/master/company', { 'finds[userId]': 'x' }, "Unknown filter field 'userId'"],
      ['/master/company', { 'finds[compName][like]': 'x' }, "Unknown filter operator 'like'"],
      [
        '/master/company',
        { 'finds[compName][greater_than]': 'x' },
        "Operator 'greater_than' does not apply to 'compName'",
      ],
      [
        '/master/company',
        { 'finds[compId]': 'abc' },
        "Filter value for 'compId' must be a whole number from -2147483648 to 2147483647",
      ],
      [
        '/master/company',
        { additionalFilter: '{"roleName":"x"}' },
        "Unknown filter field 'roleName'",
      ],
      ['/master/company', { sql: '1' }, "Unknown query parameter 'sql'"],
      ['/master/user', { 'finds[usloPassword]': '$argon2' }, "Unknown filter field 'usloPassword'"],
      ['/master/user', { orderField: 'usloPassword' }, "Unknown order field 'usloPassword'"],
      ['/master/client', { 'finds[clntSecret]': 'demo' }, "Unknown filter field 'clntSecret'"],
      [
        '/master/client',
        { search: 'x', searchFields: 'clntCallbackUrl' },
        "Unknown search field 'clntCallbackUrl'",
      ],
    ];
    for (const [path, params, message] of cases) {
      const res = await api.get(`${path}${qs(params)}`);
      expect(res.status, message).toBe(400);
      expect(res.body.status).toEqual({ error: 1, message });
    }
  });

  it('describes the columns in data.fields, with the key and the option paths', async () => {
    const fields = (await api.get('/master/company')).body.data.fields as Row[];
    expect(fields.find((f) => f.Field === 'compId')).toEqual({
      Field: 'compId',
      Label: 'ID',
      Type: 'number',
      Key: 'PRI',
      input: 'none',
      options_api_path: null,
    });
    expect(fields.find((f) => f.Field === 'compGrcpId')).toMatchObject({
      Key: '',
      input: 'dropdown-api',
      options_api_path: '/master/Company_Group',
    });
    expect(fields.find((f) => f.Field === 'compClientId')).toMatchObject({
      options_api_path: '/master/client',
    });
    const userRoleFields = (await api.get('/master/User_Role')).body.data.fields as Row[];
    expect(userRoleFields.find((f) => f.Field === 'usroRoleId')).toMatchObject({
      options_api_path: '/master/roles',
    });
    const clientFields = (await api.get('/master/client')).body.data.fields as Row[];
    expect(clientFields.map((f) => [f.Field, f.Key])).toEqual([
      ['clntid', 'PRI'],
      ['clntName', ''],
      ['clsnClientId', ''],
      ['clsnUpdatedTime', ''],
    ]);
  });

  it('returns only clntid, clntName and the API client id (none yet) for clients, and has no client writes', async () => {
    const res = await api.get('/master/client');
    expect(res.body.data.data[0]).toEqual({
      clntid: 1,
      clntName: 'PT Toko Maju Store',
      clsnClientId: null,
      clsnUpdatedTime: null,
    });
    expect(res.body.data.pagination.totalData).toBe(4);
    expect((await api.post('/master/client', { clntName: 'x' })).status).toBe(404);
    expect((await api.del('/master/client/1')).status).toBe(404);
  });

  it('derives grcpName and clntName for companies', async () => {
    const res = await api.get(`/master/company${qs({ 'finds[compName][eq]': 'cv kecil' })}`);
    expect(res.body.data.data[0]).toMatchObject({
      grcpName: 'Sinar Digital Group',
      clntName: 'PT Kopi Kita Store',
      compFileId: 7,
    });
  });
});
