import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import { createCompany, insertTx, userWithoutDashboards, type TestCompany } from './support.ts';

describe.each(DIALECTS)('notifications screen (%s)', (dialect) => {
  let ctx: TestContext;
  let mine: TestCompany;
  let token: string;
  let notiIds: number[];
  let foreignNotiId: number;
  const get = (url: string, t = token) => ctx.inject({ method: 'GET', url, token: t });

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    mine = await createCompany(ctx);
    const other = await createCompany(ctx);
    const trct = await insertTx(ctx, mine, 'VA', [
      {
        orderId: 'INV-N1',
        status: '00',
        createdAt: '2026-11-19T10:00:00.000Z',
        notification: { status: 2 },
      },
      {
        orderId: 'INV-N2',
        status: '00',
        createdAt: '2026-11-20T16:30:00.000Z',
        vaNo: null,
        notification: { status: 1 },
      },
    ]);
    await insertTx(ctx, mine, 'QRIS', [
      {
        orderId: 'QR-N3',
        status: '00',
        createdAt: '2026-11-20T05:00:00.000Z',
        notification: { status: 1 },
      },
    ]);
    const [foreign] = await insertTx(ctx, other, 'VA', [
      { orderId: 'INV-N1', status: '00', notification: { status: 1 } },
    ]);
    const rows = await ctx.db.kysely
      .selectFrom('notifications')
      .select(['notiId', 'notiTrctId'])
      .orderBy('notiId')
      .execute();
    notiIds = rows
      .filter((r) => trct.includes(r.notiTrctId) || r.notiTrctId === trct[1]! + 1)
      .map((r) => r.notiId);
    foreignNotiId = rows.find((r) => r.notiTrctId === foreign)!.notiId;
    await ctx.db.kysely
      .insertInto('notification_history')
      .values([
        {
          nohiNotiId: notiIds[0]!,
          nohiRequest: '{"url":"https://m.example/cb"}',
          nohiResponse: '{"status":500}',
          nohiCreatedTime: '2026-11-19T10:01:00.000Z',
        },
        {
          nohiNotiId: notiIds[0]!,
          nohiRequest: '{"url":"https://m.example/cb"}',
          nohiResponse: '{"status":200}',
          nohiCreatedTime: '2026-11-19T10:02:00.000Z',
        },
      ])
      .execute();
    token = await ctx.loginWithCompany(ADMIN, mine.compId);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it("lists the company's notifications, newest id first, with the VA number column", async () => {
    const res = await get('/api/dashboard/notification');
    expect(res.statusCode).toBe(200);
    const { data, pagination } = res.json().data;
    expect(data.map((r: { notiOrderId: string }) => r.notiOrderId)).toEqual([
      'QR-N3',
      'INV-N2',
      'INV-N1',
    ]);
    expect(pagination).toEqual({ totalData: 3, totalPage: 1, page: 1, itemPerPage: 10 });
    expect(data[1]).toMatchObject({
      notiStatus: 1,
      trctType: 'VA',
      trctVirtualAccountNo: expect.stringMatching(/^77001/),
    }); // falls back to the VA detail
    expect(data[0]).toMatchObject({ trctType: 'QRIS', trctVirtualAccountNo: null });
  });

  it('filters by order id, status and business dates; rejects unknown fields and bad dates', async () => {
    const orders = async (qs: string) =>
      (
        (await get(`/api/dashboard/notification?${qs}`)).json().data.data as {
          notiOrderId: string;
        }[]
      ).map((r) => r.notiOrderId);
    expect(await orders('finds[notiOrderId]=n1')).toEqual(['INV-N1']);
    expect(await orders('finds[notiStatus]=1')).toEqual(['QR-N3', 'INV-N2']);
    // INV-N2 at 23:30 WIB belongs to 2026-11-20
    expect(await orders('from=2026-11-20&to=2026-11-20')).toEqual(['QR-N3', 'INV-N2']);
    expect(await orders('from=2026-11-21&to=2026-11-21')).toEqual([]);
    expect(
      await orders('from=1970-01-01&to=2026-11-19&orderField=notiCreatedTime&orderValue=asc'),
    ).toEqual(['INV-N1']);
    expect((await get('/api/dashboard/notification?finds[clntSecret]=x')).statusCode).toBe(400);
    expect(
      (await get('/api/dashboard/notification?from=2026-11-02&to=2026-11-01')).statusCode,
    ).toBe(400);
  });

  it("shows one notification with its history in attempt order, and 404 for another company's", async () => {
    const res = await get(`/api/dashboard/notification/${notiIds[0]}`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ notiId: notiIds[0], notiOrderId: 'INV-N1', notiStatus: 2 });
    expect(data.notification_history.map((h: { nohiResponse: string }) => h.nohiResponse)).toEqual([
      '{"status":500}',
      '{"status":200}',
    ]);
    expect(Object.keys(data.notification_history[0]).sort()).toEqual([
      'nohiCreatedTime',
      'nohiId',
      'nohiNotiId',
      'nohiRequest',
      'nohiResponse',
    ]);
    expect(data.pagination.totalData).toBe(2);
    expect((await get(`/api/dashboard/notification/${foreignNotiId}`)).statusCode).toBe(404);
    expect((await get('/api/dashboard/notification/999999')).statusCode).toBe(404);
  });

  it('needs dashboard_notification.read', async () => {
    const nodash = await ctx.loginWithCompany(
      await userWithoutDashboards(ctx, mine.compId),
      mine.compId,
    );
    expect((await get('/api/dashboard/notification', nodash)).statusCode).toBe(403);
    expect((await get(`/api/dashboard/notification/${notiIds[0]}`, nodash)).statusCode).toBe(403);
  });
});
