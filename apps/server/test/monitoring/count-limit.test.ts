import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import { createCompany, insertTx, type TestCompany, type TxInput } from './support.ts';

const VA = '/api/dashboard/transactionVa/';
const EXPORT = '/api/dashboard/transactionVa/export.csv';
/** Small, so that a handful of rows crosses it (the server's default is 10,000). */
const LIMIT = 4;
const UNCOUNTED = { nominal_lunas: null, count_lunas: null, by_status: [] };

interface Row {
  trctOrderId: string;
}
const orderIds = (rows: Row[]) => rows.map((r) => r.trctOrderId);

/**
 * Issue 10: a list whose totals are counted from the rows (a search, the work queue, filters the
 * rollup does not know) counts at most EXACT_COUNT_LIMIT of them; beyond it the answer says
 * "more than" (pagination.totalCapped) and claims no totals, while its rows stay the same rows.
 */
describe.each(DIALECTS)(
  'a list counted from its rows stops counting at EXACT_COUNT_LIMIT (%s)',
  (dialect) => {
    let ctx: TestContext;
    let company: TestCompany;
    let token: string;
    const get = async (url: string, query: Record<string, string | number>) => {
      const qs = new URLSearchParams(
        Object.entries(query).map(([k, v]) => [k, String(v)]),
      ).toString();
      return ctx.inject({ method: 'GET', url: `${url}?${qs}`, token });
    };
    const broad = { search: 'broad-', searchFields: 'trctOrderId' };
    const narrow = { search: 'narrow-', searchFields: 'trctOrderId' };

    beforeAll(async () => {
      ctx = await createTestContext(dialect, { config: { exactCountLimit: LIMIT } });
      company = await createCompany(ctx);
      const rows: TxInput[] = [];
      // 7 broad matches (3 paid), then 4 narrow ones: exactly the limit.
      for (let i = 1; i <= 7; i += 1) {
        rows.push({
          orderId: `BROAD-${i}`,
          status: i <= 3 ? '00' : '03',
          amount: 1000 * i,
          paid: i <= 3 ? 1000 * i : null,
          createdAt: `2026-11-20T0${i}:00:00.000Z`,
        });
      }
      for (let i = 1; i <= 4; i += 1)
        rows.push({
          orderId: `NARROW-${i}`,
          status: '00',
          amount: 500,
          paid: 500,
          createdAt: `2026-11-19T0${i}:00:00.000Z`,
        });
      await insertTx(ctx, company, 'VA', rows);
      token = await ctx.loginWithCompany(ADMIN, company.compId);
    });
    afterAll(async () => {
      await ctx.close();
    });

    it('says "more than" the limit and claims no totals when more rows match, and its pages are the same rows', async () => {
      const every = (await get(VA, { ...broad, max: 100 })).json().data;
      expect(every.pagination).toEqual({ totalData: 7, totalPage: 1, page: 1, itemPerPage: 100 });

      const first = await get(VA, { ...broad, max: 2, page: 1 });
      expect(first.statusCode).toBe(200);
      const body = first.json().data;
      expect(body.pagination).toEqual({
        totalData: LIMIT,
        totalPage: 2,
        page: 1,
        itemPerPage: 2,
        totalCapped: true,
      });
      expect(body.total).toEqual(UNCOUNTED);
      expect(orderIds(body.data)).toEqual(orderIds(every.data.slice(0, 2)));

      const second = (await get(VA, { ...broad, max: 2, page: 2 })).json().data;
      expect(orderIds(second.data)).toEqual(orderIds(every.data.slice(2, 4)));
      expect(second.pagination.totalCapped).toBe(true);
    });

    it('counts at least to the end of the page asked for, so no row shown lies past the count', async () => {
      const every = (await get(VA, { ...broad, max: 100 })).json().data;
      const deep = (await get(VA, { ...broad, max: 2, page: 3 })).json().data;
      expect(orderIds(deep.data)).toEqual(orderIds(every.data.slice(4, 6)));
      expect(deep.pagination).toEqual({
        totalData: 6,
        totalPage: 3,
        page: 3,
        itemPerPage: 2,
        totalCapped: true,
      });
      // The page that reaches past the last match knows the exact count and its totals again.
      const last = (await get(VA, { ...broad, max: 2, page: 4 })).json().data;
      expect(orderIds(last.data)).toEqual(orderIds(every.data.slice(6)));
      expect(last.pagination).toEqual({ totalData: 7, totalPage: 4, page: 4, itemPerPage: 2 });
      expect(last.total).toMatchObject({ nominal_lunas: 6000, count_lunas: 3 });
    });

    it('counts exactly up to the limit itself', async () => {
      const res = (await get(VA, { ...narrow, max: 2 })).json().data;
      expect(res.pagination).toEqual({ totalData: LIMIT, totalPage: 2, page: 1, itemPerPage: 2 });
      expect(res.total).toMatchObject({ nominal_lunas: 2000, count_lunas: 4 });
    });

    it('keeps exact totals where the rollup answers, however many rows', async () => {
      const res = (await get(VA, { max: 2 })).json().data;
      expect(res.pagination).toEqual({ totalData: 11, totalPage: 6, page: 1, itemPerPage: 2 });
      expect(res.total).toMatchObject({ nominal_lunas: 8000, count_lunas: 7 });
    });

    it('still exports every matching row', async () => {
      const res = await get(EXPORT, broad);
      expect(res.statusCode).toBe(200);
      const lines = res.body.trim().split('\n');
      expect(lines).toHaveLength(1 + 7);
    });
  },
);
