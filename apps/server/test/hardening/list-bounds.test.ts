/** Paging that reaches too far and impossible dates answer 400 with a clear message, never 500 (both dialects). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import { createCompany, insertTx } from '../monitoring/support.ts';

const LISTS = [
  '/api/master/company',
  '/api/master/client',
  '/api/dashboard/transactionVa',
  '/api/dashboard/transactionQr',
  '/api/dashboard/notification',
  '/api/audit',
];
const MONITORING = [
  '/api/dashboard/transactionVa',
  '/api/dashboard/transactionQr',
  '/api/dashboard/notification',
  '/api/audit',
];
const DATE_RULE = 'must be a date (YYYY-MM-DD) from 1900-01-01 to 2999-12-31';

describe.each(DIALECTS)('list query bounds (%s)', (dialect) => {
  let ctx: TestContext;
  let token: string;
  const get = (url: string) => ctx.inject({ method: 'GET', url, token });

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    const company = await createCompany(ctx);
    await insertTx(ctx, company, 'VA', [
      { orderId: 'INV-B1', status: '00', amount: 1000, notification: { status: 2 } },
    ]);
    await insertTx(ctx, company, 'QRIS', [{ orderId: 'QR-B1', status: '03', amount: 1000 }]);
    token = await ctx.loginWithCompany(ADMIN, company.compId);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers 400 naming the bound when page × max leaves the safe integers (it was a 500)', async () => {
    for (const list of LISTS) {
      const res = await get(`${list}?page=9007199254740991&max=1000000`);
      expect(res.statusCode, list).toBe(400);
      expect(res.json().status).toEqual({
        error: 1,
        message:
          'page 9007199254740991 with max 1000000 reaches too far: page × max must be at most 9007199254740991',
      });
    }
    const res = await get('/api/master/company?page=4503599627370496&max=2');
    expect(res.statusCode).toBe(400);
    expect(res.json().status.message).toMatch(/page × max must be at most 9007199254740991$/);
  });

  it('pages right up to the bound: an empty page, not an error, on every list', async () => {
    for (const list of LISTS) {
      const res = await get(`${list}?page=9007199254740991&max=1`);
      expect(res.statusCode, `${list}: ${res.body}`).toBe(200);
      expect(res.json().data.data).toEqual([]);
      expect(res.json().data.pagination).toMatchObject({ page: 9007199254740991, itemPerPage: 1 });
    }
    const far = await get('/api/master/company?page=9007199254&max=1000000');
    expect(far.statusCode).toBe(200);
  });

  it('refuses impossible days in from and to (2026-02-30), and days outside 1900-2999', async () => {
    for (const list of MONITORING) {
      for (const [query, name, value] of [
        ['from=2026-02-30', 'from', '2026-02-30'],
        ['to=2026-02-29', 'to', '2026-02-29'],
        ['from=2026-04-31&to=2026-05-01', 'from', '2026-04-31'],
        ['to=9999-12-31', 'to', '9999-12-31'],
        ['from=0000-01-01', 'from', '0000-01-01'],
      ] as const) {
        const res = await get(`${list}?${query}`);
        expect(res.statusCode, `${list}?${query}`).toBe(400);
        expect(res.json().status.message).toBe(`${name} ${DATE_RULE}, got '${value}'`);
        expect(res.json().data).toEqual({ errors: { [name]: DATE_RULE } });
      }
      expect((await get(`${list}?from=2024-02-29&to=2999-12-31`)).statusCode, list).toBe(200);
    }
  });

  it('refuses impossible dates in the date filters finds[...] and additionalFilter of date fields', async () => {
    const cases: [string, string][] = [
      ['/api/master/company', 'compCreatedTime'],
      ['/api/dashboard/transactionVa', 'trctCreatedTime'],
      ['/api/dashboard/notification', 'notiCreatedTime'],
    ];
    for (const [list, field] of cases) {
      for (const key of [
        `finds[${field}]`,
        `finds[${field}][greater_than]`,
        `finds[${field}][less_than_equal]`,
      ]) {
        for (const value of [
          '2026-02-30',
          '2026-02-10T25:00',
          '2026-13-01',
          '9999-12-31',
          '2026-02-30T10:00:00Z',
        ]) {
          const res = await get(`${list}?${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
          expect(res.statusCode, `${list} ${key}=${value}: ${res.body}`).toBe(400);
          expect(res.json().status.message).toBe(`Filter value for '${field}' ${DATE_RULE}`);
        }
      }
      const additional = await get(
        `${list}?additionalFilter=${encodeURIComponent(JSON.stringify({ [field]: '2026-02-30' }))}`,
      );
      expect(additional.statusCode).toBe(400);
      for (const value of [
        '2024-02-29',
        '2026-02-10T10:00:00+07:00',
        '1900-01-01',
        '2999-12-31T23:59:59Z',
      ]) {
        const res = await get(
          `${list}?${encodeURIComponent(`finds[${field}][greater_than_equal]`)}=${encodeURIComponent(value)}`,
        );
        expect(res.statusCode, `${list} ${field}>=${value}: ${res.body}`).toBe(200);
      }
    }
  });
});
