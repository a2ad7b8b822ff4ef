import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  DIALECTS,
  STAFF_USER,
  createTestContext,
  type TestContext,
} from '../support/test-app.ts';
import { createCompany, insertTx, userWithoutDashboards, type TestCompany } from './support.ts';

const VA = '/api/dashboard/transactionVa/';
const QR = '/api/dashboard/transactionQr/';

describe.each(DIALECTS)('transaction lists (%s)', (dialect) => {
  let ctx: TestContext;
  let mine: TestCompany;
  let other: TestCompany;
  let token: string;
  let otherIds: number[];
  const get = async (url: string, query: Record<string, string | number> = {}, t = token) => {
    const qs = new URLSearchParams(
      Object.entries(query).map(([k, v]) => [k, String(v)]),
    ).toString();
    return ctx.inject({ method: 'GET', url: `${url}${qs ? `?${qs}` : ''}`, token: t });
  };

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    mine = await createCompany(ctx);
    other = await createCompany(ctx);
    // 2026-11-20 in Jakarta (UTC+7): 00:00 WIB = 2026-11-19T17:00Z, 23:30 WIB = 16:30Z.
    await insertTx(ctx, mine, 'VA', [
      {
        orderId: 'INV-0001',
        status: '00',
        amount: 150000,
        paid: 150000,
        createdAt: '2026-11-19T17:00:00.000Z',
        notification: { status: 2 },
      },
      {
        orderId: 'INV-0002',
        status: '00',
        amount: 1234.5,
        paid: 1234.5,
        createdAt: '2026-11-20T16:30:00.000Z',
        notification: { status: 1 },
      },
      {
        orderId: 'INV-0003',
        status: '03',
        amount: 99000,
        createdAt: '2026-11-20T16:59:59.999Z',
        bank: 'BJB',
      },
      {
        orderId: 'INV-0004',
        status: '05',
        amount: 5000,
        createdAt: '2026-11-20T17:00:00.000Z',
        bank: 'Mandiri',
        vaNo: null,
        name: null,
      },
      {
        orderId: 'INV-0005',
        status: '00',
        amount: 200000.25,
        paid: 200000.25,
        createdAt: '2026-11-18T10:00:00.000Z',
        bank: 'BJB',
      },
    ]);
    await insertTx(ctx, mine, 'QRIS', [
      {
        orderId: 'QR-0001',
        status: '00',
        amount: 50000,
        createdAt: '2026-11-20T05:00:00.000Z',
        refNo: 'REF-A',
        notification: { status: 2 },
      },
      {
        orderId: 'QR-0002',
        status: '03',
        amount: null,
        createdAt: '2026-11-20T06:00:00.000Z',
        refNo: 'REF-B',
        bank: null,
        qrBank: 'BJB',
      },
      {
        orderId: 'QR-0003',
        status: '05',
        amount: 7000,
        createdAt: '2026-11-20T07:00:00.000Z',
        refNo: 'REF-C',
      },
    ]);
    otherIds = await insertTx(ctx, other, 'VA', [
      { orderId: 'INV-0001', status: '00', amount: 777, createdAt: '2026-11-20T05:00:00.000Z' },
    ]);
    token = await ctx.loginWithCompany(ADMIN, mine.compId);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it("lists the company's VA transactions newest id first, with fallbacks, 2-decimal money and the notification object", async () => {
    const res = await get(VA, { max: 100 });
    expect(res.statusCode).toBe(200);
    const { data, pagination, total, fields } = res.json().data;
    expect(data.map((r: { trctOrderId: string }) => r.trctOrderId)).toEqual([
      'INV-0005',
      'INV-0004',
      'INV-0003',
      'INV-0002',
      'INV-0001',
    ]);
    expect(pagination).toEqual({ totalData: 5, totalPage: 1, page: 1, itemPerPage: 100 });
    const byOrder = Object.fromEntries(
      data.map((r: { trctOrderId: string }) => [r.trctOrderId, r]),
    );
    expect(byOrder['INV-0002']).toMatchObject({
      trctTotalAmount: 1234.5,
      trctTotalAmountPaid: 1234.5,
      trctStatus: '00',
      notification: { notiStatus: 1 },
    });
    expect(byOrder['INV-0001'].notification).toEqual({ notiStatus: 2 });
    expect(byOrder['INV-0003'].notification).toEqual([]);
    // trctVirtualAccountNo / Name fall back to the VA detail row
    expect(byOrder['INV-0004']).toMatchObject({
      trctVirtualAccountNo: byOrder['INV-0004'].trvaVirtualAccountNo,
      trctVirtualAccountName: 'Nama Bank',
    });
    expect(byOrder['INV-0004'].trctVirtualAccountNo).toMatch(/^77001/);
    expect(total).toMatchObject({ nominal_lunas: 351234.75, count_lunas: 3 });
    expect(fields.map((f: { Field: string }) => f.Field)).toContain('trctOrderId');
  });

  it('totals cover the whole filtered set (not the page) and equal the sum of the listed paid rows', async () => {
    const page = await get(VA, { max: 1, page: 2 });
    expect(page.json().data.data).toHaveLength(1);
    const all = await get(VA, { max: 1000000, page: 1 });
    const rows = all.json().data.data as { trctStatus: string; trctTotalAmountPaid: number }[];
    const paid = rows.filter((r) => r.trctStatus === '00');
    const sumMinor = paid.reduce((s, r) => s + Math.round(r.trctTotalAmountPaid * 100), 0);
    expect(page.json().data.total).toMatchObject({
      nominal_lunas: sumMinor / 100,
      count_lunas: paid.length,
    });
    const filtered = await get(VA, { 'finds[trctBank]': 'bjb' });
    expect(filtered.json().data.total).toMatchObject({ nominal_lunas: 200000.25, count_lunas: 1 });
  });

  it('gives a search the same totals whether its first page holds every match (summed from the page) or not', async () => {
    const search = { search: 'inv-000', searchFields: 'trctOrderId' };
    const whole = (await get(VA, { ...search, max: 100 })).json().data;
    expect(whole.data).toHaveLength(5);
    for (const [max, page] of [
      [1, 1],
      [2, 3],
      [5, 1],
    ] as const) {
      const res = (await get(VA, { ...search, max, page })).json().data;
      expect(res.total).toEqual(whole.total);
      expect(res.pagination.totalData).toBe(5);
    }
    const counted = (whole.total.by_status as { status: string; count: number }[])
      .filter((s) => s.count > 0)
      .map((s) => [s.status, s.count]);
    expect(counted.sort()).toEqual([
      ['00', 3],
      ['03', 1],
      ['05', 1],
    ]);
    // One match: the page is the whole result.
    const one = (await get(VA, { search: 'inv-0003', searchFields: 'trctOrderId' })).json().data;
    expect(one.pagination.totalData).toBe(1);
    expect(one.total).toMatchObject({ nominal_lunas: 0, count_lunas: 0 });
    expect(one.total.by_status.find((s: { status: string }) => s.status === '03')).toEqual({
      status: '03',
      count: 1,
      amount: 99000,
    });
  });

  it("filters by the spec's finds and per-column operators", async () => {
    const ids = async (query: Record<string, string | number>) =>
      ((await get(VA, query)).json().data.data as { trctOrderId: string }[]).map(
        (r) => r.trctOrderId,
      );
    expect(await ids({ 'finds[trctOrderId]': '0003' })).toEqual(['INV-0003']);
    expect(await ids({ 'finds[trctStatus]': '05' })).toEqual(['INV-0004']);
    expect(await ids({ 'finds[trctBank]': 'mandiri' })).toEqual(['INV-0004']);
    expect(
      await ids({ 'finds[trvaVirtualAccountName]': 'nama bank', 'finds[trctStatus]': '03' }),
    ).toEqual(['INV-0003']);
    expect((await ids({ 'finds[trvaVirtualAccountNo]': '77001' })).length).toBe(5);
    expect(await ids({ 'finds[trctTotalAmount][greater_than_equal]': 150000 })).toEqual([
      'INV-0005',
      'INV-0001',
    ]);
    expect(await ids({ 'finds[trctTotalAmount][equal]': 1234.5 })).toEqual(['INV-0002']);
    expect(
      await ids({
        'finds[trctOrderId][eq]': 'INV-0001',
        orderField: 'trctCreatedTime',
        orderValue: 'asc',
      }),
    ).toEqual(['INV-0001']);
    expect(await ids({ orderField: 'trctTotalAmount', orderValue: 'asc', max: 2 })).toEqual([
      'INV-0002',
      'INV-0004',
    ]);
  });

  it('reads from/to as inclusive business days in Asia/Jakarta (23:30 WIB stays on its WIB day)', async () => {
    const ids = async (from: string, to: string) =>
      ((await get(VA, { from, to })).json().data.data as { trctOrderId: string }[])
        .map((r) => r.trctOrderId)
        .sort();
    expect(await ids('2026-11-20', '2026-11-20')).toEqual(['INV-0001', 'INV-0002', 'INV-0003']);
    expect(await ids('2026-11-21', '2026-11-21')).toEqual(['INV-0004']);
    expect(await ids('2026-11-18', '2026-11-19')).toEqual(['INV-0005']);
    expect(await ids('2026-11-01', '2026-11-30')).toHaveLength(5);
  });

  it('answers 400 for a bad date, to before from, an unknown field or parameter', async () => {
    const bad: Record<string, string>[] = [
      { from: '2026-13-01' },
      { to: 'yesterday' },
      { from: '2026-11-20', to: '2026-11-19' },
      { 'finds[trctSecret]': 'x' },
      { orderField: 'clntSecret' },
      { foo: '1' },
    ];
    for (const query of bad) {
      const res = await get(VA, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().status.error).toBe(1);
      expect(res.json().status.message).not.toBe('');
    }
  });

  it('lists QRIS with fallbacks (trctBank <- trctQrBank, amount <- trqrTotalAmount) and the No. column', async () => {
    const res = await get(QR, { max: 2, page: 2, orderField: 'trctId', orderValue: 'asc' });
    expect(res.statusCode).toBe(200);
    const [row] = res.json().data.data;
    expect(row).toMatchObject({
      no: 3,
      trctOrderId: 'QR-0003',
      trqrReferenceNo: 'REF-C',
      trctTotalAmount: 7000,
      trctStatus: '05',
      notification: [],
    });
    const b = (await get(QR, { 'finds[trqrReferenceNo]': 'ref-b' })).json().data.data;
    expect(b).toHaveLength(1);
    expect(b[0]).toMatchObject({
      no: 1,
      trctOrderId: 'QR-0002',
      trctBank: 'BJB',
      trctQrBank: 'BJB',
      trctTotalAmount: 99,
    });
    expect((await get(QR, { 'finds[trctQrBank]': 'BJB' })).json().data.data).toHaveLength(1);
    expect((await get(QR)).json().data.total).toMatchObject({
      nominal_lunas: 50000,
      count_lunas: 1,
    });
  });

  it("never shows another company's transactions, whatever the filters", async () => {
    const rows = (await get(VA, { 'finds[trctOrderId]': 'INV-0001', max: 100 })).json().data.data;
    expect(rows).toHaveLength(1);
    expect(rows[0].trctId).not.toBe(otherIds[0]);
    expect((await get(VA, { 'finds[trctTotalAmount]': 777 })).json().data.data).toEqual([]);
    expect((await get(VA, { 'finds[trctId]': otherIds[0]! })).json().data.data).toEqual([]);
    // VA and QRIS do not mix
    expect(
      ((await get(QR, { max: 100 })).json().data.data as { trctOrderId: string }[]).every((r) =>
        r.trctOrderId.startsWith('QR-'),
      ),
    ).toBe(true);
  });

  it('needs dashboard_transactionva.read / dashboard_transactionqr.read, a session and a company', async () => {
    const nodash = await ctx.loginWithCompany(
      await userWithoutDashboards(ctx, mine.compId),
      mine.compId,
    );
    expect((await get(VA, {}, nodash)).statusCode).toBe(403);
    expect((await get(QR, {}, nodash)).statusCode).toBe(403);
    expect((await ctx.inject({ method: 'GET', url: VA })).statusCode).toBe(401);
    const noCompany = await ctx.login(STAFF_USER);
    expect((await get(VA, {}, noCompany)).statusCode).toBe(400);
  });
});
