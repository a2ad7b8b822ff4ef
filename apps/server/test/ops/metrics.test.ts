/**
 * GET /api/metrics: Prometheus text behind METRICS_TOKEN (404 without one), with requests per
 * route pattern, query durations, the pool or SQLite file, the notification backlog as the
 * database has it, and bank inquiries per bank and outcome.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, API_PATHS } from '@tagih/contract';
import { AppMetrics } from '../../src/ops/metrics.ts';
import { instrumentBankGateway } from '../../src/ops/bank-metrics.ts';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import {
  createCompany,
  insertTx,
  startSimulators,
  useMerchant,
  type Simulators,
} from '../monitoring/support.ts';

const METRICS = `${API_BASE}${API_PATHS.metrics}`;
const TOKEN = 'metrics-token-for-tests-0001';

/** The value of one series, e.g. sample(text, 'tagih_notifications_due'). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(DIALECTS)('metrics (%s)', (dialect) => {
  let ctx: TestContext;
  let sims: Simulators;
  const metrics = new AppMetrics();
  const scrape = async () => {
    const res = await ctx.inject({
      method: 'GET',
      url: METRICS,
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    return res.body;
  };

  beforeAll(async () => {
    sims = await startSimulators({ server: () => ctx });
    ctx = await createTestContext(dialect, {
      config: { metricsToken: TOKEN, merchantAllowedHosts: ['127.0.0.1'] },
      metrics,
      database: { log: metrics.logQuery },
    });
    ctx.deps.bankGateway = instrumentBankGateway(sims.gateway({ timeoutMs: 1000 }), metrics);
  });
  afterAll(async () => {
    await ctx.close();
    await sims.close();
  });

  it('refuses a scrape without the right bearer token', async () => {
    expect((await ctx.inject({ method: 'GET', url: METRICS })).statusCode).toBe(401);
    const wrong = await ctx.inject({
      method: 'GET',
      url: METRICS,
      headers: { authorization: 'Bearer not-the-token' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().status.error).toBe(1);
  });

  it('counts requests by route pattern and status, never by raw URL', async () => {
    const token = await ctx.login();
    await ctx.inject({ method: 'GET', url: `${API_BASE}/dashboard/notification/987654321`, token });
    const text = await scrape();
    expect(text).toContain(
      'tagih_http_request_duration_seconds_count{method="POST",route="/api/security/authentication/login",status="200"} 1',
    );
    expect(text).toMatch(
      /tagih_http_request_duration_seconds_count\{method="GET",route="\/api\/dashboard\/notification\/:notiId",status="\d+"\} 1/,
    );
    expect(text).not.toContain('/987654321');
  });

  it('times database statements and reports the event-loop delay', async () => {
    const text = await scrape();
    expect(
      sample(text, 'tagih_db_query_duration_seconds_count{statement="select",outcome="ok"}'),
    ).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });

  it('reports the notification backlog as the database holds it', async () => {
    const db = ctx.db.kysely;
    const now = ctx.clock.now().toISOString();
    const count = async (where: 'pending' | 'due' | 'givenUp') => {
      let q = db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('notiStatus', '=', 1);
      q =
        where === 'pending'
          ? q.where('notiNextAttemptAt', 'is not', null)
          : where === 'due'
            ? q.where('notiNextAttemptAt', '<=', now)
            : q.where('notiNextAttemptAt', 'is', null);
      return Number((await q.executeTakeFirstOrThrow()).n);
    };
    const text = await scrape();
    expect(sample(text, 'tagih_database_up')).toBe(1);
    expect(sample(text, 'tagih_notifications_pending')).toBe(await count('pending'));
    expect(sample(text, 'tagih_notifications_due')).toBe(await count('due'));
    expect(sample(text, 'tagih_notifications_given_up')).toBe(await count('givenUp'));
    expect(await count('givenUp')).toBeGreaterThan(0); // the demo data holds given-up ones: the check is not vacuous
  });

  it('counts bank inquiries per bank and outcome', async () => {
    const company = await createCompany(ctx);
    await useMerchant(ctx, sims, company, `metrics-${company.compId}`);
    const [paid, unpaid] = await insertTx(ctx, company, 'VA', [
      { orderId: 'VA-MET-PAID-01', status: '03', amount: 150000, bank: 'BRI' },
      { orderId: 'VA-MET-UNPAID-10', status: '03', amount: 150000, bank: 'BRI' },
    ]);
    const token = await ctx.loginWithCompany(ADMIN, company.compId);
    for (const id of [paid, unpaid]) {
      const res = await ctx.inject({
        method: 'POST',
        url: `${API_BASE}/dashboard/transactionVa/inquiry_status/${id}`,
        token,
      });
      expect(res.statusCode).toBe(200);
    }
    const text = await scrape();
    expect(sample(text, 'tagih_bank_inquiries_total{bank="BRI",outcome="paid"}')).toBe(1);
    expect(sample(text, 'tagih_bank_inquiries_total{bank="BRI",outcome="unpaid"}')).toBe(1);
    expect(
      sample(text, 'tagih_bank_inquiry_duration_seconds_count{bank="BRI",outcome="paid"}'),
    ).toBe(1);
  });

  it('counts merchant deliveries and given-up notifications per merchant, as the sender records them', async () => {
    metrics.recordDelivery(7, true, false);
    metrics.recordDelivery(7, false, true);
    const text = await scrape();
    expect(
      sample(text, 'tagih_notification_deliveries_total{merchant="7",outcome="delivered"}'),
    ).toBe(1);
    expect(sample(text, 'tagih_notification_deliveries_total{merchant="7",outcome="failed"}')).toBe(
      1,
    );
    expect(sample(text, 'tagih_notifications_given_up_total{merchant="7"}')).toBe(1);
  });
});

describe('metrics without METRICS_TOKEN', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('sqlite', { demo: false });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers the JSON 404 of an unknown path, as if the route did not exist', async () => {
    const res = await ctx.inject({
      method: 'GET',
      url: METRICS,
      headers: { authorization: 'Bearer anything' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      status: { error: 1, message: expect.stringContaining('GET /api/metrics') },
      data: null,
    });
  });
});
