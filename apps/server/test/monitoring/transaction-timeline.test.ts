import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TimelineEntry, TransactionDetail } from '@tagih/contract';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import {
  createCompany,
  insertTx,
  startSimulators,
  useMerchant,
  userWithoutDashboards,
  type Simulators,
  type TestCompany,
} from './support.ts';

// Order ids ending in 1 are paid at the bank simulator, 0 unpaid, 7 not found (apps/bank-sim/README.md).
describe.each(DIALECTS)('one transaction with its timeline (%s)', (dialect) => {
  let ctx: TestContext;
  let sims: Simulators;
  let mine: TestCompany;
  let token: string;
  let ids: Record<string, number>;
  const detail = (kind: 'Va' | 'Qr', id: number | string, t = token) =>
    ctx.inject({ method: 'GET', url: `/api/dashboard/transaction${kind}/${id}`, token: t });
  const inquiry = (id: number) =>
    ctx.inject({ method: 'POST', url: `/api/dashboard/transactionVa/inquiry_status/${id}`, token });
  const notify = (id: number) =>
    ctx.inject({
      method: 'POST',
      url: `/api/dashboard/transactionVa/send_notification/${id}`,
      token,
    });
  const timelineOf = async (id: number): Promise<TransactionDetail> => {
    const res = await detail('Va', id);
    expect(res.statusCode).toBe(200);
    return res.json().data as TransactionDetail;
  };
  const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000);

  beforeAll(async () => {
    sims = await startSimulators({ server: () => ctx });
    ctx = await createTestContext(dialect, {
      config: { merchantAllowedHosts: ['127.0.0.1'], actionMinIntervalSeconds: 0 },
    });
    ctx.deps.bankGateway = sims.gateway({ timeoutMs: 1_000 });
    ctx.deps.merchant = { timeoutMs: 1_000 };
    mine = await createCompany(ctx);
    await useMerchant(ctx, sims, mine, `tl${mine.compId}`);
    // Created ten minutes before the bank's paid time (the simulator pays "now").
    ctx.clock.set(minutesFromNow(-10));
    const orders = ['TL-PAID-01', 'TL-UNPAID-10', 'TL-NOTFOUND-17'];
    const vaIds = await insertTx(
      ctx,
      mine,
      'VA',
      orders.map((orderId) => ({ orderId, amount: 150000, expiredAt: '2030-01-01T00:00:00.000Z' })),
    );
    const [qr] = await insertTx(ctx, mine, 'QRIS', [{ orderId: 'TL-QR-20', amount: 99000 }]);
    ids = { ...Object.fromEntries(orders.map((o, i) => [o, vaIds[i]!])), qr: qr! };
    token = await ctx.loginWithCompany(ADMIN, mine.compId);
  });
  afterAll(async () => {
    await ctx.close();
    await sims.close();
  });

  it('shows every field of the transaction and its VA detail; a new one has only "created"', async () => {
    const data = await timelineOf(ids['TL-UNPAID-10']!);
    expect(data.transaction).toMatchObject({
      trctId: ids['TL-UNPAID-10'],
      trctType: 'VA',
      trctOrderId: 'TL-UNPAID-10',
      trctStatus: '03',
      trctBank: 'BRI',
      trctTotalAmount: 150000,
      trctTotalAmountPaid: null,
    });
    expect(data.va).toMatchObject({
      trvaPartnerServiceId: '   77001',
      trvaCustomerNo: '081200000010',
      trvaVirtualAccountNo: '77001081200000010',
      trvaExpiredDate: '2030-01-01T00:00:00.000Z',
    });
    expect(data.qr).toBeNull();
    expect(data.notification).toBeNull();
    expect(data.timeline).toEqual([{ type: 'created', at: data.transaction.trctCreatedTime }]);
  });

  it('after a paid inquiry and a re-send: created, Lunas, the inquiry with request and answer, both deliveries and both operator actions, in time order', async () => {
    const id = ids['TL-PAID-01']!;
    ctx.clock.set(minutesFromNow(1));
    const inquired = await inquiry(id);
    expect(inquired.statusCode).toBe(200);
    ctx.clock.advanceMinutes(2);
    expect((await notify(id)).statusCode).toBe(200);

    const data = await timelineOf(id);
    expect(data.transaction).toMatchObject({ trctStatus: '00', trctTotalAmountPaid: 150000 });
    expect(data.notification).toMatchObject({ notiStatus: 2, notiAttempts: 2 });
    const timeline = data.timeline;
    expect(timeline.map((e) => e.type)).toEqual([
      'created',
      'status',
      'inquiry',
      'operator',
      'notification',
      'operator',
      'notification',
    ]);
    const times = timeline.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);

    const [created, paid, asked, inquiredBy, firstSend, resentBy, resend] = timeline as [
      TimelineEntry,
      ...TimelineEntry[],
    ];
    expect(created).toEqual({ type: 'created', at: data.transaction.trctCreatedTime });
    expect(paid).toEqual({ type: 'status', at: data.transaction.trctLunasTime, status: '00' });
    expect(asked).toMatchObject({
      type: 'inquiry',
      bank: 'BRI',
      actor: ADMIN.username,
      outcome: 'paid',
      responseCode: '2002600',
      httpStatus: null,
      request: {
        bank: 'BRI',
        service: '/v1.0/transfer-va/status',
        partnerServiceId: '   77001',
        customerNo: '081200000001',
        virtualAccountNo: '   77001081200000001',
      },
      latencyMs: expect.any(Number),
    });
    // the bank call itself went out as logged
    expect(
      sims.bank.calls.some(
        (c) =>
          c.path.endsWith('/transfer-va/status') &&
          (c.body as { virtualAccountNo: string }).virtualAccountNo === '   77001081200000001',
      ),
    ).toBe(true);
    // no key, secret, token or signature in the log
    const logged = JSON.stringify(asked);
    for (const bank of sims.banks) expect(logged).not.toContain(bank.clientSecret);
    expect(logged).not.toMatch(/signature|token|secret/i);
    expect(inquiredBy).toMatchObject({
      type: 'operator',
      action: 'transaction.inquired',
      actor: ADMIN.username,
      outcome: 'success',
      details: { outcome: 'paid', bankResponseCode: '2002600' },
    });
    for (const send of [firstSend, resend]) {
      expect(send).toMatchObject({
        type: 'notification',
        notiId: data.notification!.notiId,
        httpStatus: 200,
        delivered: true,
        latencyMs: expect.any(Number),
      });
      const s = send as Extract<TimelineEntry, { type: 'notification' }>;
      expect(JSON.parse(s.request!)).toMatchObject({
        method: 'POST',
        url: sims.merchant.callbackUrl(`tl${mine.compId}`),
        body: { orderId: 'TL-PAID-01' },
      });
      expect(JSON.parse(s.response!)).toMatchObject({ status: 200 });
      expect(s.request).not.toContain(mine.secret);
    }
    expect(Date.parse(resend!.at) - Date.parse(firstSend!.at)).toBe(2 * 60_000);
    expect(resentBy).toMatchObject({
      type: 'operator',
      action: 'notification.resent',
      actor: ADMIN.username,
      outcome: 'success',
      details: { merchantHttpStatus: 200, outcome: 'delivered' },
    });
  });

  it('an unpaid answer and a bank error are logged with the answer, its code and our status', async () => {
    ctx.clock.advanceMinutes(1);
    expect((await inquiry(ids['TL-UNPAID-10']!)).statusCode).toBe(200);
    const unpaid = (await timelineOf(ids['TL-UNPAID-10']!)).timeline;
    expect(unpaid.map((e) => e.type)).toEqual(['created', 'inquiry', 'operator']);
    expect(unpaid[1]).toMatchObject({
      outcome: 'unpaid',
      responseCode: '2002600',
      message: expect.stringContaining('Bill not paid'),
      httpStatus: null,
    });

    expect((await inquiry(ids['TL-NOTFOUND-17']!)).statusCode).toBe(502);
    const failed = (await timelineOf(ids['TL-NOTFOUND-17']!)).timeline;
    expect(failed.map((e) => e.type)).toEqual(['created', 'inquiry', 'operator']);
    expect(failed[1]).toMatchObject({
      outcome: 'error',
      responseCode: '4042601',
      httpStatus: 502,
      message: 'Bank BRI rejected the inquiry: 4042601 Transaction Not Found',
    });
    expect(failed[2]).toMatchObject({
      type: 'operator',
      outcome: 'failure',
      details: { outcome: 'error', httpStatus: 502 },
    });
  });

  it('QRIS canceled at the bank after its expiry: Kadaluarsa at the expiry time, before the inquiry that found it', async () => {
    const expiredAt = minutesFromNow(-10).toISOString();
    const [id] = await insertTx(ctx, mine, 'QRIS', [
      {
        orderId: 'TL-QR-EXP-65',
        amount: 5000,
        createdAt: minutesFromNow(-20).toISOString(),
        expiredAt,
      },
    ]);
    ctx.clock.set(minutesFromNow(5));
    expect(
      (
        await ctx.inject({
          method: 'POST',
          url: `/api/dashboard/transactionQr/inquiry_status/${id}`,
          token,
        })
      ).json().data.trctStatus,
    ).toBe('05');
    const res = await detail('Qr', id!);
    const timeline = (res.json().data as TransactionDetail).timeline;
    expect(timeline.map((e) => e.type)).toEqual(['created', 'status', 'inquiry', 'operator']);
    expect(timeline[1]).toEqual({ type: 'status', at: expiredAt, status: '05' });
    expect(timeline[2]).toMatchObject({
      outcome: 'unpaid',
      responseCode: '2005100',
      request: {
        bank: 'BRI',
        service: '/v1.0/qr/qr-mpm-query',
        orderId: 'TL-QR-EXP-65',
        referenceNo: 'REFTL-QR-EXP-65',
        merchantId: 'MID-1',
      },
    });
    expect(timeline[3]).toMatchObject({
      action: 'transaction.inquired',
      details: { outcome: 'expired' },
    });
  });

  it('QRIS: the QR detail instead of the VA one', async () => {
    const res = await detail('Qr', ids.qr!);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as TransactionDetail;
    expect(data.transaction).toMatchObject({
      trctType: 'QRIS',
      trctOrderId: 'TL-QR-20',
      trctQrBank: 'BRI',
    });
    expect(data.qr).toMatchObject({
      trqrReferenceNo: 'REFTL-QR-20',
      trqrMerchantId: 'MID-1',
      trqrTotalAmount: 99000,
    });
    expect(data.va).toBeNull();
  });

  it("404 for another company's id, an unknown id and the other kind's id; 400 for an id that is not one", async () => {
    const other = await createCompany(ctx);
    const [foreign] = await insertTx(ctx, other, 'VA', [{ orderId: 'TL-OTHER-30' }]);
    const notFound = await detail('Va', foreign!);
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().status).toEqual({
      error: 1,
      message: `Transaction ${foreign} not found`,
    });
    expect(JSON.stringify(notFound.json())).not.toContain('TL-OTHER-30');
    expect((await detail('Va', 2_000_000_000)).statusCode).toBe(404);
    expect((await detail('Qr', ids['TL-PAID-01']!)).statusCode).toBe(404);
    expect((await detail('Va', 'abc')).statusCode).toBe(400);
    expect((await detail('Va', 0)).statusCode).toBe(400);
  });

  it('needs the read permission of the list screen', async () => {
    const nodash = await ctx.loginWithCompany(
      await userWithoutDashboards(ctx, mine.compId),
      mine.compId,
    );
    expect((await detail('Va', ids['TL-PAID-01']!, nodash)).statusCode).toBe(403);
    expect((await detail('Qr', ids.qr!, nodash)).statusCode).toBe(403);
  });
});
