/**
 * Work queues "Perlu tindakan" (issue 11 item 5, `queue=attention`): the transaction lists keep
 * unpaid rows created more than NEEDS_INQUIRY_AFTER_MINUTES ago and not asked about since; the
 * Notifications list keeps undelivered ones whose retries are given up. Totals equal the rows,
 * the export and Home agree with the list, and any other queue is a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_AREA, TRANSACTION_KINDS, type HomeFigures } from '@tagih/contract';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import { parseCsv } from '../support/csv.ts';
import { userWithAreas } from './area-user.ts';
import { createCompany, insertTx, type TestCompany } from './support.ts';

const LIST = { va: '/api/dashboard/transactionVa', qris: '/api/dashboard/transactionQr' } as const;
const NOTI = '/api/dashboard/notification';
const HOME = '/api/dashboard/home';

describe.each(DIALECTS)('work queues (%s)', (dialect) => {
  let ctx: TestContext;
  let mine: TestCompany;
  let other: TestCompany;
  let token: string;
  let ids: Record<string, number>;
  const get = (url: string, t = token) => ctx.inject({ method: 'GET', url, token: t });
  const orderIds = (res: {
    statusCode: number;
    body: string;
    json(): { data: { data: { trctOrderId?: string; notiOrderId?: string }[] } };
  }) => {
    expect(res.statusCode, res.body).toBe(200);
    return res
      .json()
      .data.data.map((r) => r.trctOrderId ?? r.notiOrderId)
      .sort();
  };
  const attempt = (trctId: number, at: string) =>
    ctx.db.kysely
      .insertInto('inquiry_attempts')
      .values({
        inatTrctId: trctId,
        inatAt: at,
        inatUserId: null,
        inatUsername: 'test',
        inatBank: 'BRI',
        inatRequest: '{}',
        inatOutcome: 'unpaid',
        inatResponseCode: '2002600',
        inatMessage: null,
        inatHttpStatus: null,
        inatLatencyMs: 5,
      })
      .execute();

  beforeAll(async () => {
    // The clock stands at 2026-11-20T03:00Z; NEEDS_INQUIRY_AFTER_MINUTES = 60: the cut-off is 02:00Z.
    ctx = await createTestContext(dialect, {
      demo: false,
      config: { needsInquiryAfterMinutes: 60 },
    });
    mine = await createCompany(ctx);
    other = await createCompany(ctx);
    const two = '2026-11-20T01:00:00.000Z';
    const va = await insertTx(ctx, mine, 'VA', [
      { orderId: 'Q-OLD-NEVER', createdAt: two },
      { orderId: 'Q-OLD-ASKED-NOW', createdAt: two },
      { orderId: 'Q-OLD-ASKED-LONG-AGO', createdAt: two },
      { orderId: 'Q-NEW', createdAt: '2026-11-20T02:30:00.000Z' },
      {
        orderId: 'Q-PAID',
        status: '00',
        createdAt: two,
        notification: { status: 1, attempts: 7, nextAttemptAt: null },
      },
      { orderId: 'Q-EXPIRED', status: '05', createdAt: two },
      {
        orderId: 'Q-PAID-RETRYING',
        status: '00',
        createdAt: two,
        notification: { status: 1, attempts: 2, nextAttemptAt: '2026-11-20T03:10:00.000Z' },
      },
      {
        orderId: 'Q-PAID-DELIVERED',
        status: '00',
        createdAt: two,
        notification: { status: 2, attempts: 1, nextAttemptAt: null },
      },
      {
        orderId: 'Q-PAID-NEVER-TRIED',
        status: '00',
        createdAt: two,
        notification: { status: 1, attempts: 0, nextAttemptAt: null },
      },
    ]);
    const qr = await insertTx(ctx, mine, 'QRIS', [
      { orderId: 'Q-QR-OLD', createdAt: two },
      {
        orderId: 'Q-QR-PAID',
        status: '00',
        createdAt: two,
        notification: { status: 1, attempts: 7, nextAttemptAt: null },
      },
    ]);
    await insertTx(ctx, other, 'VA', [
      { orderId: 'Q-OTHER-OLD', createdAt: two, notification: null },
    ]);
    await insertTx(ctx, other, 'VA', [
      {
        orderId: 'Q-OTHER-PAID',
        status: '00',
        createdAt: two,
        notification: { status: 1, attempts: 7, nextAttemptAt: null },
      },
    ]);
    ids = { 'Q-OLD-ASKED-NOW': va[1]!, 'Q-OLD-ASKED-LONG-AGO': va[2]!, 'Q-QR-OLD': qr[0]! };
    await attempt(ids['Q-OLD-ASKED-NOW']!, '2026-11-20T02:30:00.000Z');
    await attempt(ids['Q-OLD-ASKED-LONG-AGO']!, '2026-11-20T01:30:00.000Z');
    token = await ctx.loginWithCompany(ADMIN, mine.compId);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('VA: unpaid, older than the setting and not asked about since; totals and pagination equal the rows', async () => {
    const res = await get(`${LIST.va}?queue=attention&max=100`);
    expect(res.statusCode).toBe(200);
    expect(orderIds(res)).toEqual(['Q-OLD-ASKED-LONG-AGO', 'Q-OLD-NEVER']);
    const body = res.json().data;
    expect(body.pagination.totalData).toBe(2);
    expect(body.total.by_status.find((s: { status: string }) => s.status === '03').count).toBe(2);
    expect(
      body.total.by_status.reduce((sum: number, s: { count: number }) => sum + s.count, 0),
    ).toBe(2);
    // without the queue the list has every row
    expect((await get(`${LIST.va}?max=100`)).json().data.pagination.totalData).toBe(9);
  });

  it('the queue combines with the list query (finds, search, dates) and pages', async () => {
    expect(orderIds(await get(`${LIST.va}?queue=attention&finds[trctOrderId]=NEVER`))).toEqual([
      'Q-OLD-NEVER',
    ]);
    expect(
      orderIds(await get(`${LIST.va}?queue=attention&search=LONG&searchFields=trctOrderId`)),
    ).toEqual(['Q-OLD-ASKED-LONG-AGO']);
    expect(
      (await get(`${LIST.va}?queue=attention&from=2026-11-19&to=2026-11-19`)).json().data.pagination
        .totalData,
    ).toBe(0);
    const page2 = (await get(`${LIST.va}?queue=attention&max=1&page=2`)).json().data;
    expect(page2.data).toHaveLength(1);
    expect(page2.pagination).toMatchObject({ totalData: 2, totalPage: 2 });
  });

  it('an inquiry now takes a row out of the queue; time passing brings rows in', async () => {
    expect((await get(`${LIST.qris}?queue=attention`)).json().data.pagination.totalData).toBe(1);
    await attempt(ids['Q-QR-OLD']!, '2026-11-20T02:59:00.000Z');
    expect((await get(`${LIST.qris}?queue=attention`)).json().data.pagination.totalData).toBe(0);
    ctx.clock.advanceMinutes(60);
    try {
      // 04:00Z: the cut-off is 03:00Z; Q-NEW (02:30) and Q-OLD-ASKED-NOW (asked 02:30) are due now too.
      const later = await ctx.loginWithCompany(ADMIN, mine.compId);
      expect(orderIds(await get(`${LIST.va}?queue=attention&max=100`, later))).toEqual([
        'Q-NEW',
        'Q-OLD-ASKED-LONG-AGO',
        'Q-OLD-ASKED-NOW',
        'Q-OLD-NEVER',
      ]);
      expect(orderIds(await get(`${LIST.qris}?queue=attention`, later))).toEqual(['Q-QR-OLD']);
    } finally {
      ctx.clock.advanceMinutes(-60);
    }
  });

  it('the CSV export takes the same queue', async () => {
    const res = await get(`${LIST.va}/export.csv?queue=attention`);
    expect(res.statusCode).toBe(200);
    const rows = parseCsv(res.body);
    expect(rows.length - 1).toBe(2);
    expect(
      rows
        .slice(1)
        .flat()
        .filter((c) => c.startsWith('Q-'))
        .sort(),
    ).toEqual(['Q-OLD-ASKED-LONG-AGO', 'Q-OLD-NEVER']);
  });

  it('Notifications: pending, tried and given up; pagination equals the rows; other companies never', async () => {
    const res = await get(`${NOTI}?queue=attention&max=100`);
    expect(res.statusCode).toBe(200);
    expect(orderIds(res)).toEqual(['Q-PAID', 'Q-QR-PAID']);
    expect(res.json().data.pagination.totalData).toBe(2);
    expect(orderIds(await get(`${NOTI}?queue=attention&finds[notiOrderId]=QR`))).toEqual([
      'Q-QR-PAID',
    ]);
  });

  it('Home: each work queue figure equals the total of the list it links to', async () => {
    const home = (await get(HOME)).json().data as HomeFigures;
    const total = async (url: string) =>
      (await get(`${url}?queue=attention`)).json().data.pagination.totalData as number;
    expect(home.workQueues).toEqual({
      va: await total(LIST.va),
      qris: await total(LIST.qris),
      notifications: await total(NOTI),
    });
    // Q-QR-OLD was asked about in an earlier test: the QRIS queue is empty now.
    expect(home.workQueues).toEqual({ va: 2, qris: 0, notifications: 2 });
  });

  it('Home: a screen the user may not read has null', async () => {
    const vaOnly = await userWithAreas(ctx, [TRANSACTION_KINDS.va.area], mine.compId);
    expect(((await get(HOME, vaOnly.token)).json().data as HomeFigures).workQueues).toEqual({
      va: 2,
      qris: null,
      notifications: null,
    });
    const notiOnly = await userWithAreas(ctx, [NOTIFICATIONS_AREA], mine.compId);
    expect(((await get(HOME, notiOnly.token)).json().data as HomeFigures).workQueues).toEqual({
      va: null,
      qris: null,
      notifications: 2,
    });
  });

  it('any other queue value is a 400, on the lists and the exports', async () => {
    for (const url of [
      `${LIST.va}?queue=all`,
      `${LIST.qris}?queue=ATTENTION`,
      `${NOTI}?queue=x`,
      `${LIST.va}/export.csv?queue=nope`,
      `${LIST.qris}/export.csv?queue=1`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().status.message).toMatch(/queue must be 'attention'/);
    }
    // empty means no queue
    expect((await get(`${LIST.va}?queue=`)).statusCode).toBe(200);
  });
});
