/**
 * The live stream over real HTTP: a session's tab hears its own company's changes (a bank's
 * payment, the merchant notification that follows, an expiry) and never another company's; no
 * session, no stream; a session that ends or changes company is closed; a user holds a bounded
 * number; on PostgreSQL a change made by one server instance reaches a stream held by another.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { API_BASE, API_PATHS } from '@tagih/contract';
import { buildApp } from '../../src/app.ts';
import { expireDueBills } from '../../src/modules/ledger/expire-bills.ts';
import { mayHear } from '../../src/modules/live/hub.ts';
import {
  ADMIN,
  ADMIN_USER,
  STAFF_USER,
  DIALECTS,
  companyId,
  createTestContext,
  type TestContext,
} from '../support/test-app.ts';
import { anotherHandle, setVaExpiry } from '../ledger/support.ts';
import { callSnap, getToken, makeBank, paymentBody, type TestBank } from '../snap/support.ts';
import { SseClient, type Refusal } from './sse-client.ts';

const PAYMENT = '/snap/v1.0/transfer-va/payment';

describe.each(DIALECTS)('live stream (%s)', (dialect) => {
  let ctx: TestContext;
  let bri: TestBank;
  let bankToken: string;
  let base: string;
  let tokoMaju: number;
  let kopiKita: number;
  const open: SseClient[] = [];
  const stream = async (token: string) => {
    const client = await SseClient.must(base, token);
    open.push(client);
    return client;
  };

  beforeAll(async () => {
    bri = makeBank('BRI');
    ctx = await createTestContext(dialect, {
      snapPartners: [bri.partner],
      liveHeartbeatMs: 100,
      config: { liveStreamsPerUser: 2 },
    });
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    bankToken = await getToken(ctx.app, ctx, bri);
    tokoMaju = await companyId(ctx, 'PT Toko Maju');
    kopiKita = await companyId(ctx, 'PT Kopi Kita');
  });
  afterEach(async () => {
    for (const client of open.splice(0)) client.close();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** A stream once the server has noticed this user's earlier tabs went away (a closed tab frees its place a moment later). */
  const streamWhenFree = async (token: string): Promise<SseClient> => {
    for (let i = 0; i < 100; i++) {
      const opened = await SseClient.open(base, token);
      if (opened instanceof SseClient) {
        open.push(opened);
        return opened;
      }
      expect(opened.status).toBe(429);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('no stream');
  };

  const unpaidBillOf = async (compId: number, skip = 0) =>
    ctx.db.kysely
      .selectFrom('transactions as t')
      .innerJoin('transaction_va as v', 'v.trvaTrctId', 't.trctId')
      .where('t.trctCompId', '=', compId)
      .where('t.trctBank', '=', 'BRI')
      .where('t.trctStatus', '=', '03')
      .where('v.trvaExpiredDate', '>', ctx.clock.now().toISOString())
      .where('t.trctTotalAmount', 'is not', null)
      .select([
        't.trctId',
        't.trctOrderId',
        't.trctTotalAmount',
        't.trctCreatedTime',
        'v.trvaPartnerServiceId',
        'v.trvaCustomerNo',
        'v.trvaVirtualAccountName',
      ])
      .orderBy('t.trctId')
      .offset(skip)
      .limit(1)
      .executeTakeFirstOrThrow();
  const pay = async (compId: number, requestId: string, app: FastifyInstance = ctx.app) => {
    const bill = await unpaidBillOf(compId);
    const answer = await callSnap(app, ctx, bri, bankToken, PAYMENT, paymentBody(bill, requestId));
    expect(answer.json().responseCode).toBe('2002500');
    return bill.trctId;
  };

  it('refuses a stream without a session (401) and without a chosen company (400), in the envelope', async () => {
    const anonymous = (await SseClient.open(base, null)) as Refusal;
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.status.error).toBe(1);
    const noCompany = (await SseClient.open(base, await ctx.login(ADMIN_USER))) as Refusal;
    expect(noCompany.status).toBe(400);
    expect(noCompany.body.status.error).toBe(1);
  });

  it("a payment in one company reaches that company's tab (the payment, then the merchant notification) and never another company's", async () => {
    const rina = await stream(await ctx.loginWithCompany(ADMIN_USER, tokoMaju));
    const budi = await stream(await ctx.loginWithCompany(STAFF_USER, kopiKita));

    const paidA = await pay(tokoMaju, 'live-a-1');
    await rina.until(() =>
      rina.changes().some((e) => e.type === 'notification.sent' && e.trctId === paidA),
    );
    expect(rina.changes()).toEqual([
      { type: 'transaction.paid', compId: tokoMaju, kind: 'VA', trctId: paidA },
      {
        type: 'notification.sent',
        compId: tokoMaju,
        kind: 'VA',
        trctId: paidA,
        notiId: expect.any(Number),
      },
    ]);

    // Kopi Kita's own payment comes after Toko Maju's through the same path: once budi hears it, he would have heard the first.
    const paidB = await pay(kopiKita, 'live-b-1');
    await budi.until(() =>
      budi.changes().some((e) => e.type === 'transaction.paid' && e.trctId === paidB),
    );
    expect(budi.changes().every((e) => e.compId === kopiKita)).toBe(true);
    expect(budi.changes().map((e) => e.trctId)).not.toContain(paidA);
    expect(rina.changes().map((e) => e.trctId)).not.toContain(paidB);
  });

  it('carries the expiry, with ids only', async () => {
    const admin = await stream(await ctx.loginWithCompany(ADMIN, tokoMaju));
    const bill = await unpaidBillOf(tokoMaju, 1);
    await setVaExpiry(
      ctx,
      [bill.trctId],
      new Date(ctx.clock.now().getTime() - 60_000).toISOString(),
    );
    expect(await expireDueBills(ctx.deps)).toBeGreaterThan(0);
    await admin.until(() => admin.changes().some((e) => e.trctId === bill.trctId));
    expect(admin.changes().find((e) => e.trctId === bill.trctId)).toEqual({
      type: 'transaction.expired',
      compId: tokoMaju,
      kind: 'VA',
      trctId: bill.trctId,
    });
  });

  it('closes the stream when its session ends (logout) or changes company', async () => {
    const token = await ctx.loginWithCompany(ADMIN_USER, tokoMaju);
    const tab = await stream(token);
    const otherToken = await ctx.loginWithCompany(ADMIN_USER, tokoMaju);
    const otherTab = await stream(otherToken);
    expect(
      (await ctx.inject({ method: 'POST', url: `${API_BASE}${API_PATHS.auth.logout}`, token }))
        .statusCode,
    ).toBe(200);
    await tab.closed;
    expect(tab.messages).toContainEqual({ event: 'end', data: { reason: 'session' } });

    expect(
      (
        await ctx.inject({
          method: 'POST',
          url: `${API_BASE}/security/Authentication/SetCompany/${kopiKita}`,
          token: otherToken,
        })
      ).statusCode,
    ).toBe(200);
    await otherTab.closed;
    expect(otherTab.messages).toContainEqual({ event: 'end', data: { reason: 'company' } });
  });

  it('holds at most LIVE_STREAMS_PER_USER streams per user (here 2): the next is refused with 429 until one closes', async () => {
    const token = await ctx.loginWithCompany(STAFF_USER, tokoMaju);
    const first = await streamWhenFree(token);
    await streamWhenFree(token);
    const third = (await SseClient.open(base, token)) as Refusal;
    expect(third.status).toBe(429);
    expect(third.headers['retry-after']).toBeTruthy();
    expect(third.body.status.message).toMatch(/Too many tabs/);
    first.close();
    await streamWhenFree(token);
  });

  it("a change made by another server instance on the same database reaches this instance's streams", async () => {
    const other = await anotherHandle(ctx);
    const second = await buildApp({ ...ctx.deps, db: other.db.kysely }, { webRoot: null });
    try {
      await second.ready();
      const tab = await stream(await ctx.loginWithCompany(ADMIN, kopiKita));
      const paid = await pay(kopiKita, 'live-second-1', second);
      await tab.until(() =>
        tab.changes().some((e) => e.type === 'transaction.paid' && e.trctId === paid),
      );
    } finally {
      await second.close();
      await other.close();
    }
  });
});

describe('who hears an event', () => {
  const event = { type: 'transaction.paid', compId: 1, kind: 'QRIS', trctId: 9 } as const;
  it("only a stream of the event's company whose user may read the screen it concerns", () => {
    expect(mayHear({ compId: 1, access: { dashboard_transactionqr: ['read'] } }, event)).toBe(true);
    expect(mayHear({ compId: 2, access: { dashboard_transactionqr: ['read'] } }, event)).toBe(
      false,
    );
    expect(mayHear({ compId: 1, access: { dashboard_transactionva: ['read'] } }, event)).toBe(
      false,
    );
    expect(
      mayHear(
        { compId: 1, access: { dashboard_notification: ['read'] } },
        { ...event, type: 'notification.sent', notiId: 3 },
      ),
    ).toBe(true);
    expect(
      mayHear(
        { compId: 1, access: { dashboard_transactionqr: ['read'] } },
        { ...event, type: 'notification.sent', notiId: 3 },
      ),
    ).toBe(false);
  });
});
