import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import {
  createCompany,
  insertTx,
  setCallbackUrl,
  startSimulators,
  useMerchant,
  userWithoutDashboards,
  type Simulators,
  type TestCompany,
} from './support.ts';

describe.each(DIALECTS)('resend: sending a notification to the merchant now (%s)', (dialect) => {
  let ctx: TestContext;
  let sims: Simulators;
  let mine: TestCompany;
  let token: string;
  let n = 0;
  const send = (id: number, t = token, kind = 'Va') =>
    ctx.inject({
      method: 'POST',
      url: `/api/dashboard/transaction${kind}/send_notification/${id}`,
      token: t,
    });
  const noti = (trctId: number) =>
    ctx.db.kysely
      .selectFrom('notifications')
      .selectAll()
      .where('notiTrctId', '=', trctId)
      .executeTakeFirstOrThrow();
  const history = async (trctId: number) => {
    const { notiId } = await noti(trctId);
    const rows = await ctx.db.kysely
      .selectFrom('notification_history')
      .selectAll()
      .where('nohiNotiId', '=', notiId)
      .orderBy('nohiId')
      .execute();
    return rows.map((r) => ({
      ...r,
      request: JSON.parse(r.nohiRequest!),
      response: JSON.parse(r.nohiResponse!),
    }));
  };
  /** A paid VA of `company` whose client calls back merchant path `name`. */
  const paidVa = async (name: string, company = mine) => {
    await useMerchant(ctx, sims, company, name);
    const [id] = await insertTx(ctx, company, 'VA', [
      { orderId: `INV-${name}-${++n}`, status: '00', amount: 150000 },
    ]);
    return id!;
  };

  beforeAll(async () => {
    sims = await startSimulators();
    // These tests act on one transaction several times in a row: no pause between actions (the default is 10 s).
    ctx = await createTestContext(dialect, {
      config: { merchantAllowedHosts: ['127.0.0.1'], actionMinIntervalSeconds: 0 },
    });
    ctx.deps.merchant = { timeoutMs: 400 };
    mine = await createCompany(ctx);
    token = await ctx.loginWithCompany(ADMIN, mine.compId);
  });
  afterAll(async () => {
    await ctx.close();
    await sims.close();
  });

  it('delivers the signed callback, records the attempt and marks the notification Sukses', async () => {
    const id = await paidVa('ok1');
    const res = await send(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toEqual({ error: 0, message: 'Merchant menjawab HTTP 200' });
    expect(res.json().data).toMatchObject({
      responseCode: 200,
      responseMessage: 'Merchant menjawab HTTP 200',
      notiStatus: 2,
    });
    const got = sims.merchant.received.at(-1)!;
    expect(got.signatureValid).toBe(true);
    expect(got.headers['x-tagih-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(got.body).toMatchObject({
      event: 'payment.paid',
      transactionId: id,
      channel: 'VA',
      amount: '150000.00',
      status: '00',
      notificationId: (await noti(id)).notiId,
    });
    expect((got.body as { paidAt: string }).paidAt).toMatch(/\+07:00$/);
    expect(await noti(id)).toMatchObject({
      notiStatus: 2,
      notiAttempts: 1,
      notiNextAttemptAt: null,
      notiLockedUntil: null,
    });
    const [h] = await history(id);
    expect(h!.request).toMatchObject({
      url: sims.merchant.callbackUrl('ok1'),
      method: 'POST',
      body: { orderId: expect.stringMatching(/^INV-ok1/) },
    });
    expect(h!.request.headers['x-tagih-signature']).toMatch(/^t=\d+,v1=\[redacted\]$/);
    expect(h!.nohiRequest).not.toContain(mine.secret);
    expect(h!.response).toMatchObject({
      status: 200,
      body: '{"ok":true}',
      latencyMs: expect.any(Number),
    });
    // the same notification id on a re-send, so the merchant can deduplicate
    expect((await send(id)).statusCode).toBe(200);
    expect((sims.merchant.received.at(-1)!.body as { notificationId: number }).notificationId).toBe(
      (await noti(id)).notiId,
    );
    expect(await history(id)).toHaveLength(2);
  });

  it('a 500 from the merchant is a failure: responseCode 400, history row, still Pending, retry in 1 minute', async () => {
    const id = await paidVa('fail1');
    const res = await send(id);
    expect(res.statusCode).toBe(502);
    expect(res.json().status).toEqual({ error: 1, message: 'Merchant menjawab HTTP 500' });
    expect(res.json().data).toMatchObject({
      responseCode: 400,
      responseMessage: 'Merchant menjawab HTTP 500',
      notiStatus: 1,
    });
    expect(await noti(id)).toMatchObject({
      notiStatus: 1,
      notiAttempts: 1,
      notiNextAttemptAt: '2026-11-20T03:01:00.000Z',
      notiLockedUntil: null,
    });
    expect((await history(id))[0]!.response).toMatchObject({ status: 500 });
  });

  it('a merchant that hangs is cut off at the timeout and recorded as an error', async () => {
    const id = await paidVa('hang1');
    const res = await send(id);
    expect(res.statusCode).toBe(502);
    expect(res.json().data.responseMessage).toBe(
      'Merchant tidak dapat dihubungi: No answer within 0.4 s',
    );
    expect((await history(id))[0]!.response).toEqual({
      error: 'No answer within 0.4 s',
      latencyMs: expect.any(Number),
    });
    expect((await noti(id)).notiLockedUntil).toBeNull();
  });

  it('refuses callback URLs on internal addresses unless allow-listed, and URLs that are missing', async () => {
    const id = await paidVa('ok-private');
    const allowed = ctx.deps.config.merchantAllowedHosts;
    ctx.deps.config.merchantAllowedHosts = [];
    try {
      const res = await send(id);
      expect(res.statusCode).toBe(502);
      expect(res.json().data.responseMessage).toBe(
        'Merchant tidak dapat dihubungi: Callback address 127.0.0.1 is internal and not allowed',
      );
      await setCallbackUrl(ctx, mine, 'http://localhost:9/callbacks/x');
      expect((await send(id)).json().data.responseMessage).toMatch(
        /localhost resolves to internal address/,
      );
      await setCallbackUrl(ctx, mine, 'http://169.254.169.254/latest/meta-data');
      expect((await send(id)).json().data.responseMessage).toMatch(
        /169\.254\.169\.254 is internal/,
      );
    } finally {
      ctx.deps.config.merchantAllowedHosts = allowed;
    }
    await setCallbackUrl(ctx, mine, null);
    expect((await send(id)).json().data.responseMessage).toBe(
      'Merchant tidak dapat dihubungi: The client has no callback URL',
    );
    expect(sims.merchant.received.some((r) => r.name === 'ok-private')).toBe(false);
    expect(await history(id)).toHaveLength(4);
  });

  it('does not follow redirects', async () => {
    const id = await paidVa('ok-redirect');
    const target = sims.merchant.callbackUrl('ok-redirect');
    const redirector = createServer((_req, res) => res.writeHead(302, { location: target }).end());
    await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
    try {
      await setCallbackUrl(
        ctx,
        mine,
        `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/hook`,
      );
      const before = sims.merchant.received.length;
      const res = await send(id);
      expect(res.json().data).toMatchObject({
        responseCode: 400,
        responseMessage: 'Merchant menjawab HTTP 302',
      });
      expect((await history(id))[0]!.response.status).toBe(302);
      expect(sims.merchant.received.length).toBe(before);
    } finally {
      redirector.close();
    }
  });

  it('two clicks at once send once: the second gets 409 while the first is in flight', async () => {
    const id = await paidVa('slow1');
    const before = sims.merchant.received.filter((r) => r.name === 'slow1').length;
    const [a, b] = await Promise.all([send(id), send(id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const conflict = a.statusCode === 409 ? a : b;
    expect(conflict.json().status.message).toBe(
      'This notification is already being sent; try again in a moment',
    );
    expect(conflict.json().data.responseCode).toBe(400);
    expect(sims.merchant.received.filter((r) => r.name === 'slow1').length - before).toBe(1);
    expect(await history(id)).toHaveLength(1);
  });

  it('answers 409 unless the transaction is Lunas, 404 outside the company or kind, 403 without permission', async () => {
    const [unpaid, expired] = await insertTx(ctx, mine, 'VA', [
      { orderId: 'INV-U-1', status: '03' },
      { orderId: 'INV-E-1', status: '05' },
    ]);
    const res = await send(unpaid!);
    expect(res.statusCode).toBe(409);
    expect(res.json().status.message).toBe(
      'Notifications are only sent for paid transactions (Lunas); order INV-U-1 is Belum Lunas',
    );
    expect((await send(expired!)).statusCode).toBe(409);
    const other = await createCompany(ctx);
    const foreign = await paidVa('ok-other', other);
    expect((await send(foreign)).statusCode).toBe(404);
    expect((await send(await paidVa('ok-kind'), token, 'Qr')).statusCode).toBe(404);
    const nodash = await ctx.loginWithCompany(
      await userWithoutDashboards(ctx, mine.compId),
      mine.compId,
    );
    expect((await send(unpaid!, nodash)).statusCode).toBe(403);
  });

  it('sends QRIS notifications through the same code', async () => {
    await useMerchant(ctx, sims, mine, 'ok-qr');
    const [id] = await insertTx(ctx, mine, 'QRIS', [
      { orderId: 'QR-N-1', status: '00', amount: 50000, refNo: 'REF-N-1' },
    ]);
    const res = await ctx.inject({
      method: 'POST',
      url: `/api/dashboard/transactionQr/send_notification/${id}`,
      token,
    });
    expect(res.statusCode).toBe(200);
    expect(sims.merchant.received.at(-1)!.body).toMatchObject({
      channel: 'QRIS',
      referenceNo: 'REF-N-1',
      amount: '50000.00',
    });
  });
});
