/**
 * Inputs that used to reach a 500 (or were quietly taken for something else) answer 400 naming
 * the field, and change nothing: NUL characters anywhere, numbers out of their column's range or
 * not whole, lists where text is expected, flags and hex where ids are expected, broken URLs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  DIALECTS,
  USER_IDS,
  companyId,
  createTestContext,
  type TestContext,
} from '../support/test-app.ts';

const NUL = 'must not contain a NUL character';

function multipart(fields: Record<string, string>): {
  payload: string;
  headers: Record<string, string>;
} {
  const boundary = '----tagih-input-types';
  const payload = `${Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('')}--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(DIALECTS)('hostile input types answer 400 naming the field (%s)', (dialect) => {
  let ctx: TestContext;
  let token: string;
  let compId: number;
  const get = (url: string) => ctx.inject({ method: 'GET', url, token });
  const count = async (
    table:
      | 'user_roles'
      | 'company_groups'
      | 'notification_history'
      | 'login_throttle'
      | 'audit_events'
      | 'roles',
  ) =>
    Number(
      (
        await ctx.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const expect400 = (
    res: { statusCode: number; json: () => unknown },
    field: string,
    rule: string,
  ) => {
    expect(res.statusCode, JSON.stringify(res.json())).toBe(400);
    expect(res.json()).toEqual({
      status: { error: 1, message: `${field}: ${rule}` },
      data: { errors: { [field]: rule } },
    });
  };

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    compId = await companyId(ctx, 'PT Toko Maju');
    token = await ctx.loginWithCompany(ADMIN, compId);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('refuses a NUL character in a search, a filter, an export filter and a path id (the search and export were a 500 and a 503)', async () => {
    expect400(await get('/api/dashboard/transactionVa?search=a%00b'), 'search', NUL);
    expect400(await get('/api/master/company?finds%5BcompName%5D=%00'), 'finds[compName]', NUL);
    expect400(
      await get('/api/dashboard/transactionVa/export.csv?finds%5BtrctOrderId%5D=a%00b'),
      'finds[trctOrderId]',
      NUL,
    );
    expect400(
      await ctx.inject({ method: 'DELETE', url: '/api/master/user/a%00b', token }),
      'id',
      NUL,
    );
    // JSON inside a parameter can spell one too.
    const spelled = await get(
      `/api/dashboard/notification?additionalFilter=${encodeURIComponent('{"notiOrderId":"a\\u0000b"}')}`,
    );
    expect(spelled.statusCode).toBe(400);
    expect(spelled.json().status.message).toBe(
      "Filter value for 'notiOrderId' must not contain a NUL character",
    );
  });

  it('refuses a NUL character in the sign-in form, whatever its encoding, without counting a failure (PostgreSQL answered 500)', async () => {
    const throttled = await count('login_throttle');
    const url = '/api/security/authentication/login';
    expect400(
      await ctx.inject({
        method: 'POST',
        url,
        payload: { username: 'ad\u0000min', password: 'whatever1' },
      }),
      'username',
      NUL,
    );
    expect400(
      await ctx.inject({
        method: 'POST',
        url,
        ...multipart({ username: 'admin', password: 'pass\u0000word' }),
      }),
      'password',
      NUL,
    );
    const form = await ctx.inject({
      method: 'POST',
      url,
      payload: 'username=ad%00min&password=whatever1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect400(form, 'username', NUL);
    expect(await count('login_throttle')).toBe(throttled);
    expect((await ctx.inject({ method: 'POST', url, payload: ADMIN })).statusCode).toBe(200);
  });

  it('refuses a NUL character in a body field and stores nothing (SQLite stored it, PostgreSQL answered 500)', async () => {
    const groups = await count('company_groups');
    const group = {
      grcpName: 'Grup Baru',
      grcpNickName: 'GB',
      grcpAddress: 'Jl. Baru No. 1',
      grcpCity: 'Ban\u0000dung',
      grcpTelp: '0215550199',
      grcpFax: '(021) 5550198',
    };
    expect400(
      await ctx.inject({ method: 'POST', url: '/api/master/Company_Group', token, payload: group }),
      'grcpCity',
      NUL,
    );
    const nested = await ctx.inject({
      method: 'POST',
      url: '/api/bulk-actions/preview',
      token,
      payload: { action: 'inquiry', source: 'va', selection: { query: { search: 'x\u0000' } } },
    });
    expect400(nested, 'selection.query.search', NUL);
    expect(await count('company_groups')).toBe(groups);
  });

  it('refuses numbers a filter column cannot hold or that are not whole, naming the field (PostgreSQL answered 500)', async () => {
    const cases: [string, string][] = [
      [
        '/api/dashboard/notification?finds%5BnotiStatus%5D=99999999999999999999',
        "Filter value for 'notiStatus' must be a whole number from -2147483648 to 2147483647",
      ],
      [
        '/api/audit?finds%5BaudtId%5D=1.5',
        "Filter value for 'audtId' must be a whole number from -9007199254740991 to 9007199254740991",
      ],
      [
        '/api/master/roles?finds%5BroleId%5D%5Bgreater_than%5D=2147483648',
        "Filter value for 'roleId' must be a whole number from -2147483648 to 2147483647",
      ],
      [
        `/api/master/company?additionalFilter=${encodeURIComponent('{"compGrcpId":1e20}')}`,
        "Filter value for 'compGrcpId' must be a whole number from -2147483648 to 2147483647",
      ],
      [
        '/api/dashboard/transactionVa?finds%5BtrctTotalAmount%5D=99999999999999999999',
        "Filter value for 'trctTotalAmount' must be an amount with at most 2 decimals from -9999999999999.99 to 9999999999999.99",
      ],
      [
        '/api/dashboard/transactionQr?finds%5BtrctTotalAmount%5D=1500.255',
        "Filter value for 'trctTotalAmount' must be an amount with at most 2 decimals from -9999999999999.99 to 9999999999999.99",
      ],
    ];
    for (const [url, message] of cases) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().status, url).toEqual({ error: 1, message });
    }
    // What fits still answers.
    expect(
      (await get('/api/dashboard/notification?finds%5BnotiStatus%5D=2147483647')).statusCode,
    ).toBe(200);
    expect(
      (await get('/api/dashboard/transactionVa?finds%5BtrctId%5D%5Bgreater_than%5D=2147483648'))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await get(
          '/api/dashboard/transactionVa?finds%5BtrctTotalAmount%5D%5Bgreater_than%5D=1500.25',
        )
      ).statusCode,
    ).toBe(200);
  });

  it('refuses path ids out of their column or not plain digits (PostgreSQL answered 500 past 2147483647)', async () => {
    for (const [url, field, max] of [
      ['/api/bulk-actions/2147483648', 'jobId', 2147483647],
      ['/api/preferences/notifications/views/2147483648', 'viewId', 2147483647],
      ['/api/master/company/1.5', 'id', 2147483647],
      ['/api/dashboard/notification/9007199254740992', 'notiId', 9007199254740991],
      ['/api/audit/1e3', 'audtId', 9007199254740991],
      ['/api/dashboard/transactionVa/0x10', 'trctId', 9007199254740991],
    ] as const) {
      const method = url.includes('/preferences/') ? 'DELETE' : 'GET';
      expect400(
        await ctx.inject({ method, url, token }),
        field,
        `must be a whole number from 1 to ${max}`,
      );
    }
    expect400(
      await ctx.inject({
        method: 'POST',
        url: '/api/security/Authentication/SetCompany/true',
        token,
      }),
      'compId',
      'must be a whole number from 1 to 2147483647',
    );
  });

  it('never takes hex, spaces or a fraction for a transaction id: no notification goes out (0x.. reached the merchant)', async () => {
    const paid = await ctx.db.kysely
      .selectFrom('transactions')
      .select('trctId')
      .where('trctCompId', '=', compId)
      .where('trctType', '=', 'VA')
      .where('trctStatus', '=', '00')
      .orderBy('trctId')
      .executeTakeFirstOrThrow();
    const [history, events] = [await count('notification_history'), await count('audit_events')];
    for (const spelled of [
      `0x${paid.trctId.toString(16)}`,
      `%20${paid.trctId}`,
      `${paid.trctId}.0`,
      `0${paid.trctId}`,
    ]) {
      const res = await ctx.inject({
        method: 'POST',
        url: `/api/dashboard/transactionVa/send_notification/${spelled}`,
        token,
      });
      expect(res.statusCode, spelled).toBe(400);
      expect(res.json().data.errors).toEqual({
        trctId: 'must be a whole number from 1 to 9007199254740991',
      });
    }
    expect(await count('notification_history')).toBe(history);
    expect(await count('audit_events')).toBe(events);
  });

  it('never takes true as role 1: a user role with usroRoleId true is refused and nothing is linked', async () => {
    const links = await count('user_roles');
    for (const usroRoleId of [true, 1.5, [1], { id: 1 }, '1e0', '0x1']) {
      const res = await ctx.inject({
        method: 'POST',
        url: '/api/master/User_Role',
        token,
        payload: { usroUserId: USER_IDS.budi, usroRoleId },
      });
      expect(res.statusCode, JSON.stringify(usroRoleId)).toBe(400);
      expect(res.json().data.errors, JSON.stringify(usroRoleId)).toEqual({
        usroRoleId: 'Role is required',
      });
    }
    const tooLarge = await ctx.inject({
      method: 'POST',
      url: '/api/master/User_Role',
      token,
      payload: { usroUserId: USER_IDS.budi, usroRoleId: 2147483648 },
    });
    expect(tooLarge.json().data.errors).toEqual({ usroRoleId: 'Role is invalid' });
    expect(await count('user_roles')).toBe(links);
    // The web's select sends the id as a number or as its digits: both still work.
    const asText = await ctx.inject({
      method: 'POST',
      url: '/api/master/User_Role',
      token,
      payload: { usroUserId: USER_IDS.budi, usroRoleId: '2' },
    });
    expect(asText.statusCode, asText.body).toBe(200);
    expect(asText.json().data.usroRoleId).toBe(2);
  });

  it('refuses lists and objects where text is expected: repeated query names, name[], arrays in a body', async () => {
    const roles = await count('roles');
    expect400(
      await get('/api/master/company?search=a&search=b'),
      'search',
      'must be given once, as text',
    );
    expect400(
      await get('/api/audit?finds%5BaudtAction%5D=a&finds%5BaudtAction%5D=b'),
      'finds[audtAction]',
      'must be given once, as text',
    );
    const bracketed = await get('/api/master/company?finds%5BcompName%5D%5B%5D=a');
    expect(bracketed.statusCode).toBe(400);
    expect(bracketed.json().status.message).toBe("Unknown query parameter 'finds[compName][]'");
    for (const roleName of [['Auditor'], { name: 'Auditor' }, 7, true]) {
      const res = await ctx.inject({
        method: 'POST',
        url: '/api/master/roles',
        token,
        payload: { roleName },
      });
      expect(res.statusCode, JSON.stringify(roleName)).toBe(400);
      expect(res.json().data.errors).toEqual({ roleName: 'Role Name is required' });
    }
    const login = await ctx.inject({
      method: 'POST',
      url: '/api/security/authentication/login',
      payload: { username: ['admin'], password: ADMIN.password },
    });
    expect(login.statusCode).toBe(400);
    expect(Object.keys(login.json().data.errors)).toEqual(['username']);
    expect(await count('roles')).toBe(roles);
  });

  it("answers a broken URL and an overlong path segment with the JSON envelope, not the router's own body", async () => {
    for (const url of [
      '/api/%E0%A4%A',
      '/api/master/company/%',
      '/api/dashboard/transactionVa/%E0%A4%A',
    ]) {
      const res = await ctx.inject({ method: 'GET', url, token });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({
        status: { error: 1, message: 'The address is not valid (a broken % escape).' },
        data: null,
      });
    }
    const long = await ctx.inject({
      method: 'GET',
      url: `/api/master/company/${'1'.repeat(200)}`,
      token,
    });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({
      status: { error: 1, message: 'A part of the address is too long.' },
      data: null,
    });
  });
});
