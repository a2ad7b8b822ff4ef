/**
 * Sequential pages by keyset (modules/transactions/list/page-plan.ts): asked with the previous page's
 * last row (afterId, afterCreated), every page equals the offset page of the same number, in
 * the id order and the created-time order, both directions, with ties on the created time, a
 * filter, a search and QRIS; a cursor that cannot be used is a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import { createCompany, insertTx, type TestCompany } from './support.ts';

interface Row {
  trctId: number;
  trctCreatedTime: string;
  trctOrderId: string;
}

describe.each(DIALECTS)('keyset pages (%s)', (dialect) => {
  let ctx: TestContext;
  let mine: TestCompany;
  let token: string;

  const list = async (kind: 'Va' | 'Qr', params: Record<string, string>) => {
    const res = await ctx.inject({
      method: 'GET',
      url: `/api/dashboard/transaction${kind}?${new URLSearchParams(params)}`,
      token,
    });
    return res;
  };
  const rowsOf = async (kind: 'Va' | 'Qr', params: Record<string, string>): Promise<Row[]> => {
    const res = await list(kind, params);
    expect(res.statusCode).toBe(200);
    return res.json().data.data;
  };

  /** Every page by offset and by keyset (each from the last row of the one before); they must be equal. */
  const walk = async (kind: 'Va' | 'Qr', base: Record<string, string>) => {
    const byCreated = base.orderField === 'trctCreatedTime';
    let previous: Row[] = [];
    let seen = 0;
    for (let page = 1; page < 50; page++) {
      const offset = await rowsOf(kind, { ...base, page: String(page) });
      if (page > 1) {
        const last = previous.at(-1)!;
        const cursor = {
          afterId: String(last.trctId),
          ...(byCreated ? { afterCreated: last.trctCreatedTime } : {}),
        };
        const keyset = await rowsOf(kind, { ...base, page: String(page), ...cursor });
        expect({ page, ids: keyset.map((r) => r.trctId) }).toEqual({
          page,
          ids: offset.map((r) => r.trctId),
        });
        expect(keyset).toEqual(offset);
      }
      if (offset.length === 0) return seen;
      seen += offset.length;
      previous = offset;
    }
    throw new Error('too many pages');
  };

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    mine = await createCompany(ctx);
    // 47 VA rows: created times out of id order, and groups of three sharing one instant (ties).
    await insertTx(
      ctx,
      mine,
      'VA',
      Array.from({ length: 47 }, (_, i) => ({
        orderId: `KS-${String(i).padStart(2, '0')}`,
        status: (['00', '03', '05'] as const)[i % 3],
        createdAt: `2026-11-${String(1 + ((Math.floor(i / 3) * 7) % 20)).padStart(2, '0')}T${String(Math.floor(i / 3) % 24).padStart(2, '0')}:00:00.000Z`,
      })),
    );
    await insertTx(
      ctx,
      mine,
      'QRIS',
      Array.from({ length: 23 }, (_, i) => ({
        orderId: `KQ-${i}`,
        createdAt: `2026-11-${String(1 + (i % 5)).padStart(2, '0')}T04:00:00.000Z`,
      })),
    );
    token = await ctx.loginWithCompany(ADMIN, mine.compId);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const range = { from: '2026-10-25', to: '2026-11-30' };

  it.each([
    ['trctId', 'desc'],
    ['trctId', 'asc'],
    ['trctCreatedTime', 'desc'],
    ['trctCreatedTime', 'asc'],
  ])('equals the offset pages in the order %s %s', async (orderField, orderValue) => {
    for (const max of ['10', '7']) {
      expect(await walk('Va', { ...range, max, orderField, orderValue })).toBe(47);
    }
    expect(
      await walk('Va', {
        ...range,
        max: '4',
        orderField,
        orderValue,
        'finds[trctStatus][equal]': '03',
      }),
    ).toBe(16);
    expect(
      await walk('Va', {
        ...range,
        max: '4',
        orderField,
        orderValue,
        'finds[trctOrderId]': 'KS-1',
      }),
    ).toBe(10);
    expect(await walk('Qr', { ...range, max: '5', orderField, orderValue })).toBe(23);
  });

  it('pages by keyset in the default order (no orderField) and keeps the page number for numbering', async () => {
    const first = await rowsOf('Qr', { ...range, max: '5' });
    const second = await rowsOf('Qr', {
      ...range,
      max: '5',
      page: '2',
      afterId: String(first.at(-1)!.trctId),
    });
    expect(second.map((r) => (r as unknown as { no: number }).no)).toEqual([6, 7, 8, 9, 10]);
    expect(second).toEqual(await rowsOf('Qr', { ...range, max: '5', page: '2' }));
  });

  it.each([
    [{ afterId: 'abc' }, 'afterId'],
    [{ afterId: '-3' }, 'afterId'],
    [{ afterCreated: '2026-11-01T00:00:00.000Z' }, 'afterId'],
    [{ afterId: '5', orderField: 'trctTotalAmount' }, 'afterId'],
    [{ afterId: '5', orderField: 'trctCreatedTime' }, 'afterCreated'],
    [{ afterId: '5', orderField: 'trctCreatedTime', afterCreated: 'yesterday' }, 'afterCreated'],
    [{ afterId: '5', afterCreated: '2026-11-01T00:00:00.000Z' }, 'afterCreated'],
  ] as [Record<string, string>, string][])(
    'refuses an unusable cursor %j with a 400',
    async (params, field) => {
      const res = await list('Va', { ...range, ...params });
      expect(res.statusCode).toBe(400);
      expect(res.json().data.errors).toHaveProperty(field);
    },
  );
});
