/**
 * Inquiry and Notif are throttled per user (ACTION_RATE_LIMIT_PER_MINUTE) and per transaction
 * (one at a time, one per ACTION_MIN_INTERVAL_SECONDS), in the database so that every server
 * process sees the same counts; a refused request answers 429 and reaches neither bank nor merchant.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@tagih/contract';
import { buildApp } from '../../src/app.ts';
import { purgeStaleThrottles } from '../../src/modules/transactions/actions/throttle.ts';
import {
  ADMIN,
  ADMIN_USER,
  DIALECTS,
  USER_IDS,
  createTestContext,
  type TestContext,
} from '../support/test-app.ts';
import {
  createCompany,
  insertTx,
  startSimulators,
  useMerchant,
  type Simulators,
  type TestCompany,
} from './support.ts';

describe.each(DIALECTS)('throttling Inquiry and Notif (%s)', (dialect) => {
  let ctx: TestContext;
  let sims: Simulators;
  let mine: TestCompany;
  let admin: string;
  let n = 0;
  const act = (path: 'inquiry_status' | 'send_notification', id: number, token = admin) =>
    ctx.inject({ method: 'POST', url: `/api/dashboard/transactionVa/${path}/${id}`, token });
  const inquiry = (id: number, token = admin) => act('inquiry_status', id, token);
  const notify = (id: number, token = admin) => act('send_notification', id, token);
  const statusCalls = () =>
    sims.bank.calls.filter((c) => c.path.endsWith('/transfer-va/status')).length;
  /** Unpaid VAs the bank answers "not paid" (order ids ending in 0). */
  const unpaid = (count: number) =>
    insertTx(
      ctx,
      mine,
      'VA',
      Array.from({ length: count }, () => ({ orderId: `THR-${++n}0`, status: '03' as const })),
    );
  const paid = (count: number) =>
    insertTx(
      ctx,
      mine,
      'VA',
      Array.from({ length: count }, () => ({
        orderId: `THP-${++n}0`,
        status: '00' as const,
        amount: 1000,
      })),
    );
  const expect429 = (
    res: Awaited<ReturnType<typeof inquiry>>,
    message: string,
    retryAfter: number,
  ) => {
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ status: { error: 1, message }, data: null });
    expect(Number(res.headers['retry-after'])).toBe(retryAfter);
  };

  beforeAll(async () => {
    sims = await startSimulators({ slowMs: 400, server: () => ctx });
    // The documented defaults: 20 a minute per user, 10 s per transaction.
    ctx = await createTestContext(dialect, { config: { merchantAllowedHosts: ['127.0.0.1'] } });
    expect(ctx.config).toMatchObject({
      actionRateLimitPerMinute: 20,
      actionMinIntervalSeconds: 10,
    });
    ctx.deps.bankGateway = sims.gateway({ timeoutMs: 2_000 });
    mine = await createCompany(ctx);
    await useMerchant(ctx, sims, mine, 'throttle');
    admin = await ctx.loginWithCompany(ADMIN, mine.compId);
  });
  beforeEach(() => {
    ctx.clock.advanceMinutes(5); // every test starts with fresh windows
  });
  afterAll(async () => {
    await ctx.close();
    await sims.close();
  });

  it('refuses the 21st inquiry of a user in a minute with 429 and Retry-After, without calling the bank', async () => {
    const ids = await unpaid(21);
    for (const id of ids.slice(0, 20)) expect((await inquiry(id)).statusCode).toBe(200);
    const calls = statusCalls();
    ctx.clock.advanceMinutes(0.5);
    expect429(await inquiry(ids[20]!), MESSAGES.actionRateLimited, 30);
    expect(statusCalls()).toBe(calls);
    // another user has their own allowance
    const now = ctx.clock.now().toISOString();
    await ctx.db.kysely
      .insertInto('user_companies')
      .values({
        uscoUserId: USER_IDS.rina,
        uscoCompId: mine.compId,
        uscoCreatedTime: now,
        uscoCreatedUserId: 'system',
        uscoUpdatedTime: now,
        uscoUpdatedUserId: 'system',
      })
      .execute();
    const rina = await ctx.loginWithCompany(ADMIN_USER, mine.compId);
    expect((await inquiry(ids[20]!, rina)).statusCode).toBe(200);
    // and the first user's comes back with the next minute
    ctx.clock.advanceMinutes(0.5);
    expect((await inquiry(ids[20]!)).statusCode).toBe(200);
    expect(statusCalls()).toBe(calls + 2);
  });

  it('refuses a second inquiry of one transaction within 10 s; other transactions are independent', async () => {
    const [a, b] = await unpaid(2);
    expect((await inquiry(a!)).statusCode).toBe(200);
    const calls = statusCalls();
    ctx.clock.advanceMinutes(4 / 60);
    expect429(await inquiry(a!), MESSAGES.actionTooSoon, 6);
    expect(statusCalls()).toBe(calls);
    expect((await inquiry(b!)).statusCode).toBe(200);
    ctx.clock.advanceMinutes(6 / 60);
    expect((await inquiry(a!)).statusCode).toBe(200);
    expect(statusCalls()).toBe(calls + 2);
  });

  it('runs one inquiry of a transaction at a time, even without a pause between them', async () => {
    ctx.deps.config.actionMinIntervalSeconds = 0;
    try {
      // A slow bank answer (order id ending in 9) keeps the first inquiry in flight.
      const [slow] = await insertTx(ctx, mine, 'VA', [{ orderId: `THS-${++n}9`, status: '03' }]);
      const calls = statusCalls();
      const [first, second] = await Promise.all([
        inquiry(slow!),
        new Promise((r) => setTimeout(r, 100)).then(() => inquiry(slow!)),
      ]);
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(429);
      expect(second.json().status.message).toBe(MESSAGES.actionInProgress);
      expect(Number(second.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(statusCalls()).toBe(calls + 1);
      // Once it ended, the next may go.
      expect((await inquiry(slow!)).statusCode).toBe(200);
    } finally {
      ctx.deps.config.actionMinIntervalSeconds = 10;
    }
  });

  it('refuses a second Notif of one transaction within 10 s and the 21st of a user in a minute; the merchant gets nothing for them', async () => {
    const ids = await paid(21);
    const received = () => sims.merchant.received.filter((r) => r.name === 'throttle').length;
    expect((await notify(ids[0]!)).statusCode).toBe(200);
    expect429(await notify(ids[0]!), MESSAGES.actionTooSoon, 10);
    expect(received()).toBe(1);
    for (const id of ids.slice(1, 20)) expect((await notify(id)).statusCode).toBe(200);
    expect429(await notify(ids[20]!), MESSAGES.actionRateLimited, 60);
    expect(received()).toBe(20);
    // Notif and Inquiry are counted apart.
    const [other] = await unpaid(1);
    expect((await inquiry(other!)).statusCode).toBe(200);
  });

  it('does not count refused requests against the user', async () => {
    ctx.deps.config.actionRateLimitPerMinute = 2;
    try {
      const [a, b] = await unpaid(2);
      expect((await inquiry(a!)).statusCode).toBe(200);
      for (let i = 0; i < 5; i++) expect((await inquiry(a!)).statusCode).toBe(429);
      expect((await inquiry(b!)).statusCode).toBe(200);
    } finally {
      ctx.deps.config.actionRateLimitPerMinute = 20;
    }
  });

  it('holds across server processes sharing the database', async () => {
    const second = await buildApp({ ...ctx.deps }, { webRoot: null });
    await second.ready();
    try {
      const [id] = await unpaid(1);
      expect((await inquiry(id!)).statusCode).toBe(200);
      const res = await second.inject({
        method: 'POST',
        url: `/api/dashboard/transactionVa/inquiry_status/${id}`,
        headers: { authentication: admin },
      });
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe('10');
    } finally {
      await second.close();
    }
  });

  it('forgets throttle rows that ended over a day ago', async () => {
    const [id] = await unpaid(1);
    expect((await inquiry(id!)).statusCode).toBe(200);
    const rows = () => ctx.db.kysely.selectFrom('action_throttle').select('acthKey').execute();
    expect((await rows()).map((r) => r.acthKey)).toContain(`inquiry:trx:${id}`);
    ctx.clock.advanceMinutes(24 * 60 + 1);
    expect(await purgeStaleThrottles(ctx.deps)).toBeGreaterThan(0);
    expect(await rows()).toEqual([]);
  });
});
