/**
 * Issue 35 item 11: a bulk Inquiry against the real bank simulator (over HTTP) takes out of the
 * work queue "Perlu tindakan" only the rows the bank answered about: paid (now Lunas) and
 * unpaid (asked and told). A failed inquiry (the bank's error, an unknown bill, a time-out)
 * keeps its row in the queue, in the list, its totals and Home's figure alike.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BulkJobDetail, HomeFigures } from '@tagih/contract';
import { digitFor } from '@tagih/contract/demo-bank';
import { runBulkTick } from '../../src/modules/bulk-actions/worker.ts';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import {
  createCompany,
  insertTx,
  startSimulators,
  useMerchant,
  type Simulators,
} from './support.ts';

const QUEUE = '/api/dashboard/transactionVa?queue=attention&max=100';

describe.each(DIALECTS)('work queue after a bulk Inquiry (%s)', (dialect) => {
  let ctx: TestContext;
  let sims: Simulators;
  let token: string;
  const get = (url: string) => ctx.inject({ method: 'GET', url, token });
  const queued = async () => {
    const res = await get(QUEUE);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json().data as {
      data: { trctOrderId: string }[];
      pagination: { totalData: number };
    };
    return {
      orderIds: body.data.map((r) => r.trctOrderId).sort(),
      total: body.pagination.totalData,
    };
  };

  beforeAll(async () => {
    // The bank simulator answers "slow" after 2 s; Inquiry gives up after 300 ms (a time-out).
    sims = await startSimulators({ slowMs: 2_000, server: () => ctx });
    ctx = await createTestContext(dialect, {
      demo: false,
      config: {
        merchantAllowedHosts: ['127.0.0.1'],
        actionMinIntervalSeconds: 0,
        needsInquiryAfterMinutes: 60,
      },
    });
    ctx.deps.bankGateway = sims.gateway({ timeoutMs: 300 });
    const company = await createCompany(ctx);
    await useMerchant(ctx, sims, company, `wq-${company.compId}`);
    // Created at 01:00Z, the clock at 03:00Z: every row is due. The customer number's last digit
    // (from the order id) chooses the simulator's answer.
    const createdAt = '2026-11-20T01:00:00.000Z';
    await insertTx(
      ctx,
      company,
      'VA',
      (
        [
          ['WQ-PAID', 'paid'],
          ['WQ-UNPAID', 'unpaid'],
          ['WQ-NOT-FOUND', 'not-found'],
          ['WQ-BANK-ERROR', 'bank-error'],
          ['WQ-TIMEOUT', 'slow'],
        ] as const
      ).map(([name, outcome]) => ({ orderId: `${name}-1${digitFor(outcome)}`, createdAt })),
    );
    token = await ctx.loginWithCompany(ADMIN, company.compId);
  });
  afterAll(async () => {
    await ctx.close();
    await sims.close();
  });

  it('keeps the rows whose inquiry failed, and drops those the bank answered about', async () => {
    const before = await queued();
    expect(before.total).toBe(5);

    const start = await ctx.inject({
      method: 'POST',
      url: '/api/bulk-actions',
      token,
      payload: {
        action: 'inquiry',
        source: 'va',
        selection: { query: { queue: 'attention' } },
        reason: 'Cek antrean Perlu tindakan',
        idempotencyKey: randomUUID(),
      },
    });
    expect(start.statusCode, start.body).toBe(200);
    const jobId = start.json().data.jobId as number;
    for (let i = 0; i < 20 && (await runBulkTick(ctx.deps)) > 0; i++);
    const job = (await get(`/api/bulk-actions/${jobId}`)).json().data as BulkJobDetail;
    expect(job.status).toBe('done');
    expect(
      Object.fromEntries(
        job.items.map((item) => [(item.orderId ?? '').replace(/-1\d$/, ''), item.status]),
      ),
    ).toEqual({
      'WQ-PAID': 'succeeded',
      'WQ-UNPAID': 'succeeded',
      'WQ-NOT-FOUND': 'failed',
      'WQ-BANK-ERROR': 'failed',
      'WQ-TIMEOUT': 'failed',
    });
    // Every one of them was asked: the inquiry log has each, the failures as errors.
    const attempts = await ctx.db.kysely
      .selectFrom('inquiry_attempts')
      .innerJoin('transactions', 'trctId', 'inatTrctId')
      .select(['trctOrderId', 'inatOutcome'])
      .where('trctOrderId', 'like', 'WQ-%')
      .execute();
    expect(
      Object.fromEntries(attempts.map((a) => [a.trctOrderId.replace(/-1\d$/, ''), a.inatOutcome])),
    ).toEqual({
      'WQ-PAID': 'paid',
      'WQ-UNPAID': 'unpaid',
      'WQ-NOT-FOUND': 'error',
      'WQ-BANK-ERROR': 'error',
      'WQ-TIMEOUT': 'error',
    });

    const after = await queued();
    expect(after.orderIds.map((o) => o.replace(/-1\d$/, ''))).toEqual([
      'WQ-BANK-ERROR',
      'WQ-NOT-FOUND',
      'WQ-TIMEOUT',
    ]);
    expect(after.total).toBe(3);
    const home = (await get('/api/dashboard/home')).json().data as HomeFigures;
    expect(home.workQueues.va).toBe(3);
  });
});
