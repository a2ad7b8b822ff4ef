import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
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

// The last digit of the order id (and so of the VA customer number) picks the bank's answer:
// 1-3 paid, 0/4 unpaid, 5 canceled, 6 failed, 7 not found, 8 bank error, 9 slow (apps/bank-sim/README.md).
describe.each(DIALECTS)('inquiry over SNAP BI (%s)', (dialect) => {
  let ctx: TestContext;
  let sims: Simulators;
  let mine: TestCompany;
  let token: string;
  let ids: Record<string, number>;
  const inquiry = (kind: 'Va' | 'Qr', id: number, t = token) =>
    ctx.inject({
      method: 'POST',
      url: `/api/dashboard/transaction${kind}/inquiry_status/${id}`,
      token: t,
    });
  const trx = (id: number) =>
    ctx.db.kysely
      .selectFrom('transactions')
      .selectAll()
      .where('trctId', '=', id)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    sims = await startSimulators({ slowMs: 3_000, server: () => ctx });
    // These tests act on one transaction several times in a row: no pause between actions (the default is 10 s).
    ctx = await createTestContext(dialect, {
      config: { merchantAllowedHosts: ['127.0.0.1'], actionMinIntervalSeconds: 0 },
    });
    // Well below the slow answer (3 s), well above a paid answer's own time on a busy machine (the bank reads the bill).
    ctx.deps.bankGateway = sims.gateway({ timeoutMs: 1_500 });
    mine = await createCompany(ctx);
    await useMerchant(ctx, sims, mine, `m${mine.compId}`);
    const orders = [
      'VA-PAID-01',
      'VA-UNPAID-10',
      'VA-NOTFOUND-17',
      'VA-ERROR-18',
      'VA-SLOW-19',
      'VA-LUNAS-21',
      'VA-MDR-31',
      'VA-PARTIAL-41',
    ];
    const vaIds = await insertTx(
      ctx,
      mine,
      'VA',
      orders.map((orderId) => ({
        orderId,
        status: orderId.includes('LUNAS') ? ('00' as const) : ('03' as const),
        amount: 150000,
        bank: orderId.includes('MDR') ? 'Mandiri' : orderId.includes('PARTIAL') ? 'BJB' : 'BRI',
      })),
    );
    const qrOrders = ['QR-PAID-51', 'QR-PENDING-60', 'QR-CANCELED-65', 'QR-EXPIRED-66'];
    const qrIds = await insertTx(
      ctx,
      mine,
      'QRIS',
      qrOrders.map((orderId) => ({
        orderId,
        status: '03' as const,
        amount: null,
        bank: 'BRI',
        expiredAt: orderId.includes('EXPIRED')
          ? '2026-11-20T02:00:00.000Z'
          : '2026-11-21T02:00:00.000Z',
      })),
    );
    ids = Object.fromEntries([
      ...orders.map((o, i) => [o, vaIds[i]!]),
      ...qrOrders.map((o, i) => [o, qrIds[i]!]),
    ]);
    token = await ctx.loginWithCompany(ADMIN, mine.compId);
  });
  afterAll(async () => {
    await ctx.close();
    await sims.close();
  });

  it('a paid answer makes the VA Lunas with the paid time, creates the notification and delivers it signed', async () => {
    const before = sims.merchant.received.length;
    const res = await inquiry('Va', ids['VA-PAID-01']!);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status.error).toBe(0);
    expect(body.status.message).toMatch(/sudah dibayar.*Lunas.*notifikasi terkirim/);
    expect(body.data).toMatchObject({
      trctStatus: '00',
      paid: true,
      bankResponseCode: '2002600',
      notification: { notiStatus: 2, delivered: true },
    });
    const row = await trx(ids['VA-PAID-01']!);
    expect(row).toMatchObject({ trctStatus: '00', trctTotalAmountPaid: 15_000_000 });
    expect(row.trctLunasTime).not.toBeNull();
    const got = sims.merchant.received.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({
      signatureValid: true,
      answeredWith: 200,
      body: {
        event: 'payment.paid',
        orderId: 'VA-PAID-01',
        channel: 'VA',
        bank: 'BRI',
        amount: '150000.00',
        paidAmount: '150000.00',
        status: '00',
      },
    });
    // the bank saw a signed SNAP call with a token and a fresh external id
    const call = sims.bank.calls.find((c) => c.path.endsWith('/transfer-va/status'))!;
    expect(call.headers['x-partner-id']).toBe('tagih-bri');
    expect(call.headers['x-external-id']).toMatch(/^\d{1,36}$/);
    expect(call.headers['x-timestamp']).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+07:00$/);
    expect((call.body as { virtualAccountNo: string }).virtualAccountNo).toMatch(/^ {3}77001\d+$/);
  });

  it("no longer books a paid amount other than the bill's total: refused, the transaction stays Belum Lunas", async () => {
    sims.bank.setAmount('081200000041', '149000.50');
    const res = await inquiry('Va', ids['VA-PARTIAL-41']!);
    expect(res.statusCode).toBe(502);
    expect(res.json().status.message).toBe(
      'BJB reports 149.000,50 paid for a bill of 150.000,00; the transaction was not marked paid',
    );
    expect(await trx(ids['VA-PARTIAL-41']!)).toMatchObject({
      trctStatus: '03',
      trctTotalAmountPaid: null,
      trctLunasTime: null,
    });
  });

  it('reuses the access token until it nears expiry (one token call per bank)', async () => {
    await inquiry('Va', ids['VA-MDR-31']!);
    await inquiry('Va', ids['VA-UNPAID-10']!);
    await inquiry('Va', ids['VA-UNPAID-10']!);
    const tokenCalls = (code: string) =>
      sims.bank.calls.filter((c) => c.bank === code && c.path.endsWith('/access-token/b2b')).length;
    expect(tokenCalls('BRI')).toBe(1);
    expect(tokenCalls('Mandiri')).toBe(1);
    const externalIds = sims.bank.calls
      .filter((c) => c.bank === 'BRI' && c.path.endsWith('/status'))
      .map((c) => c.headers['x-external-id']);
    expect(new Set(externalIds).size).toBe(externalIds.length);
  });

  it('an unpaid answer changes nothing and says so', async () => {
    const res = await inquiry('Va', ids['VA-UNPAID-10']!);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toEqual({
      error: 0,
      message: 'Bank BRI: belum dibayar (Tagihan belum dibayar)',
    });
    expect(res.json().data).toMatchObject({ trctStatus: '03', paid: false, notification: null });
    expect((await trx(ids['VA-UNPAID-10']!)).trctStatus).toBe('03');
  });

  it("reports the bank's error code on failure and leaves the transaction unchanged", async () => {
    const notFound = await inquiry('Va', ids['VA-NOTFOUND-17']!);
    expect(notFound.statusCode).toBe(502);
    expect(notFound.json().status).toEqual({
      error: 1,
      message: 'Bank BRI rejected the inquiry: 4042601 Transaction Not Found',
    });
    const error = await inquiry('Va', ids['VA-ERROR-18']!);
    expect(error.statusCode).toBe(502);
    expect(error.json().status.message).toBe(
      'Bank BRI rejected the inquiry: 5002600 General Error',
    );
    expect((await trx(ids['VA-ERROR-18']!)).trctStatus).toBe('03');
  });

  it('gives up after the timeout with a clear message', async () => {
    const res = await inquiry('Va', ids['VA-SLOW-19']!);
    expect(res.statusCode).toBe(504);
    expect(res.json().status).toEqual({
      error: 1,
      message: 'Bank BRI did not answer within 1.5 s',
    });
    expect((await trx(ids['VA-SLOW-19']!)).trctStatus).toBe('03');
  });

  it('is refused by the bank when our token request is signed with the wrong key (401 4017300)', async () => {
    const wrongKey = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    }).privateKey;
    const good = ctx.deps.bankGateway;
    ctx.deps.bankGateway = sims.gateway({ timeoutMs: 1_500, privateKeyOf: () => wrongKey });
    try {
      const res = await inquiry('Va', ids['VA-UNPAID-10']!);
      expect(res.statusCode).toBe(502);
      expect(res.json().status.message).toBe(
        'Bank BRI rejected the access token: 4017300 Unauthorized. Signature',
      );
    } finally {
      ctx.deps.bankGateway = good;
    }
  });

  it('QRIS: paid -> Lunas with the total as paid amount; pending stays; canceled after expiry -> Kadaluarsa', async () => {
    const paid = await inquiry('Qr', ids['QR-PAID-51']!);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data).toMatchObject({
      trctStatus: '00',
      paid: true,
      bankResponseCode: '2005100',
    });
    expect(await trx(ids['QR-PAID-51']!)).toMatchObject({
      trctStatus: '00',
      trctTotalAmountPaid: 9_900,
    }); // trqrTotalAmount: the row has no trctTotalAmount
    expect((await inquiry('Qr', ids['QR-PENDING-60']!)).json().data.trctStatus).toBe('03');
    expect((await inquiry('Qr', ids['QR-CANCELED-65']!)).json().data.trctStatus).toBe('03');
    const expired = await inquiry('Qr', ids['QR-EXPIRED-66']!);
    expect(expired.json().status.message).toMatch(/Kadaluarsa/);
    expect((await trx(ids['QR-EXPIRED-66']!)).trctStatus).toBe('05');
  });

  it("answers 409 unless the transaction is Belum Lunas, and 404 for another company's or the other kind's id", async () => {
    const lunas = await inquiry('Va', ids['VA-LUNAS-21']!);
    expect(lunas.statusCode).toBe(409);
    expect(lunas.json().status.message).toBe(
      'Inquiry is only for unpaid transactions (Belum Lunas); order VA-LUNAS-21 is Lunas',
    );
    const other = await createCompany(ctx);
    const [foreign] = await insertTx(ctx, other, 'VA', [{ orderId: 'OTHER-01', status: '03' }]);
    expect((await inquiry('Va', foreign!)).statusCode).toBe(404);
    expect((await trx(foreign!)).trctStatus).toBe('03');
    expect((await inquiry('Qr', ids['VA-UNPAID-10']!)).statusCode).toBe(404);
  });

  it('needs the read permission of the screen', async () => {
    const nodash = await ctx.loginWithCompany(
      await userWithoutDashboards(ctx, mine.compId),
      mine.compId,
    );
    expect((await inquiry('Va', ids['VA-UNPAID-10']!, nodash)).statusCode).toBe(403);
    expect((await inquiry('Qr', ids['QR-PENDING-60']!, nodash)).statusCode).toBe(403);
  });

  it('answers 503 when no bank is configured', async () => {
    const good = ctx.deps.bankGateway;
    delete ctx.deps.bankGateway;
    try {
      const res = await inquiry('Va', ids['VA-UNPAID-10']!);
      expect(res.statusCode).toBe(503);
      expect(res.json().status.message).toBe('Bank inquiry is not configured on this server');
    } finally {
      ctx.deps.bankGateway = good;
    }
  });
});
