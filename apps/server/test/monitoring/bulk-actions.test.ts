/**
 * Bulk actions (issue 11 item 5) against the real bank simulator and merchant receiver: preview
 * counts and skips, a job run to done item by item with the single actions' outcomes, the
 * idempotency key (also racing), items already queued or recently done, the per-merchant rate
 * with the controllable clock, the active company only, bad input and permissions, the audit
 * trail, cancel, and the worker started by the app.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AUDIT_ACTIONS,
  BULK_TEXT,
  NOTIFICATIONS_AREA,
  TRANSACTION_KINDS,
  WORK_QUEUE_DEFAULTS,
  type BulkJob,
  type BulkJobDetail,
  type BulkPreview,
} from '@tagih/contract';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { buildApp } from '../../src/app.ts';
import { runBulkTick, startBulkWorker } from '../../src/modules/bulk-actions/worker.ts';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import { userWithAreas } from './area-user.ts';
import {
  createCompany,
  insertTx,
  startSimulators,
  useMerchant,
  userWithoutDashboards,
  type Simulators,
  type TestCompany,
} from './support.ts';

const BULK = '/api/bulk-actions';

describe.each(DIALECTS)('bulk actions (%s)', (dialect) => {
  let ctx: TestContext;
  let sims: Simulators;
  let mine: TestCompany;
  let token: string;
  let n = 0;
  // Jobs of these tests stay running into the next ones: the running-jobs cap is bulk-limits.test.ts's.
  const defaults = {
    bankPerMinute: 60,
    merchantPerMinute: 60,
    maxItems: 5000,
    repeatWindowMinutes: 10,
    jobsPerUser: 1000,
  };

  const post = (url: string, payload: unknown, t = token) =>
    ctx.inject({ method: 'POST', url, payload: payload as object, token: t });
  const get = (url: string, t = token) => ctx.inject({ method: 'GET', url, token: t });
  const previewOf = async (body: object, t = token): Promise<BulkPreview> => {
    const res = await post(`${BULK}/preview`, body, t);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as BulkPreview;
  };
  const startJob = async (body: object, t = token): Promise<BulkJob> => {
    const res = await post(
      BULK,
      { reason: 'Bank terlambat mengirim status', idempotencyKey: randomUUID(), ...body },
      t,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as BulkJob;
  };
  const jobDetail = async (jobId: number, t = token): Promise<BulkJobDetail> => {
    const res = await get(`${BULK}/${jobId}`, t);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as BulkJobDetail;
  };
  /** Ticks until nothing is left to run now. */
  const drain = async () => {
    for (let i = 0; i < 20 && (await runBulkTick(ctx.deps)) > 0; i++);
  };
  const count = async (table: 'bulk_jobs' | 'bulk_job_items' | 'audit_events') =>
    Number(
      (
        await ctx.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const received = (name: string) => sims.merchant.received.filter((r) => r.name === name);
  const vaInquiries = (customerNo: string) =>
    sims.bank.calls.filter(
      (c) =>
        c.path.endsWith('/transfer-va/status') &&
        String((c.body as { virtualAccountNo?: string }).virtualAccountNo ?? '').endsWith(
          customerNo,
        ),
    ).length;
  const notiIdOf = async (trctId: number) =>
    (
      await ctx.db.kysely
        .selectFrom('notifications')
        .select('notiId')
        .where('notiTrctId', '=', trctId)
        .executeTakeFirstOrThrow()
    ).notiId;
  /** A new company with its own merchant (`name`: fail… answers 500) and paid VAs with a pending notification. */
  const paidCompany = async (name: string, paid: number) => {
    const company = await createCompany(ctx);
    await useMerchant(ctx, sims, company, name);
    const ids = await insertTx(
      ctx,
      company,
      'VA',
      Array.from({ length: paid }, () => ({
        orderId: `BK-${name}-${++n}`,
        status: '00' as const,
        notification: { status: 1 as const, attempts: 7, nextAttemptAt: null },
      })),
    );
    return { company, ids, token: await ctx.loginWithCompany(ADMIN, company.compId) };
  };

  beforeAll(async () => {
    sims = await startSimulators({ server: () => ctx });
    ctx = await createTestContext(dialect, {
      demo: false,
      config: { merchantAllowedHosts: ['127.0.0.1'], actionMinIntervalSeconds: 0 },
    });
    ctx.deps.bankGateway = sims.gateway({ timeoutMs: 1000 });
    ctx.deps.merchant = { timeoutMs: 1000 };
    mine = await createCompany(ctx);
    await useMerchant(ctx, sims, mine, `ok-mine-${mine.compId}`);
    token = await ctx.loginWithCompany(ADMIN, mine.compId);
  });
  beforeEach(() => {
    ctx.deps.config.bulk = { ...defaults };
  });
  afterAll(async () => {
    await ctx.close();
    await sims.close();
  });

  it('preview: counts what the selection names in the active company, what is eligible, what is skipped, where it goes', async () => {
    const ids = await insertTx(ctx, mine, 'VA', [
      { orderId: 'PV-10', bank: 'BRI' },
      { orderId: 'PV-20', bank: 'BRI' },
      { orderId: 'PV-30', bank: 'Mandiri' },
      { orderId: 'PV-PAID-40', status: '00' },
      { orderId: 'PV-EXP-50', status: '05' },
    ]);
    const elsewhere = await createCompany(ctx);
    const [foreign] = await insertTx(ctx, elsewhere, 'VA', [{ orderId: 'PV-FOREIGN-60' }]);
    const [qris] = await insertTx(ctx, mine, 'QRIS', [{ orderId: 'PV-QR-70' }]);
    // a QRIS id on the VA screen and another company's id are simply not selected; a repeated id counts once
    const p = await previewOf({
      action: 'inquiry',
      source: 'va',
      selection: { ids: [...ids, ids[0]!, foreign!, qris!] },
    });
    expect(p).toEqual({
      action: 'inquiry',
      source: 'va',
      selected: 5,
      eligible: 3,
      skipped: [{ reason: 'not-eligible', count: 2 }],
      groups: [
        { name: 'BRI', count: 2 },
        { name: 'Mandiri', count: 1 },
      ],
      perGroupPerMinute: 60,
      estimatedSeconds: 2,
      maxItems: 5000,
    });
    // re-send: only the paid one; its merchant is the company's client
    const r = await previewOf({ action: 'resend', source: 'va', selection: { ids } });
    expect(r).toMatchObject({
      selected: 5,
      eligible: 1,
      skipped: [{ reason: 'not-eligible', count: 4 }],
    });
    expect(r.groups).toEqual([{ name: expect.stringMatching(/^Client /), count: 1 }]);
    // over the limit
    ctx.deps.config.bulk = { ...defaults, maxItems: 2 };
    expect(await previewOf({ action: 'inquiry', source: 'va', selection: { ids } })).toMatchObject({
      eligible: 2,
      skipped: [
        { reason: 'not-eligible', count: 2 },
        { reason: 'over-limit', count: 1 },
      ],
      maxItems: 2,
    });
  });

  it('preview by the list query: the same parser as the list (search, finds, dates, work queue), every page', async () => {
    const company = await createCompany(ctx);
    const t = await ctx.loginWithCompany(ADMIN, company.compId);
    await insertTx(ctx, company, 'VA', [
      ...Array.from({ length: 15 }, (_, i) => ({
        orderId: `LQ-A-${i}0`,
        createdAt: '2026-11-20T00:30:00.000Z',
      })),
      { orderId: 'LQ-B-10', createdAt: '2026-11-20T00:30:00.000Z' },
      { orderId: 'LQ-A-NEW-10', createdAt: '2026-11-20T02:50:00.000Z' },
    ]);
    const list = async (query: Record<string, string>) =>
      (await get(`/api/dashboard/transactionVa?${new URLSearchParams(query)}`, t)).json().data
        .pagination.totalData as number;
    const queries: Record<string, string>[] = [
      { 'finds[trctOrderId]': 'LQ-A', max: '10' },
      { search: 'LQ-B', searchFields: 'trctOrderId' },
      { queue: 'attention' },
      { from: '2026-11-20', to: '2026-11-20', page: '2', max: '5' },
      { from: '2026-11-18', to: '2026-11-18' },
    ];
    for (const query of queries) {
      const p = await previewOf({ action: 'inquiry', source: 'va', selection: { query } }, t);
      expect(p.selected, JSON.stringify(query)).toBe(await list(query));
    }
    expect(
      (
        await previewOf(
          { action: 'inquiry', source: 'va', selection: { query: { queue: 'attention' } } },
          t,
        )
      ).selected,
    ).toBe(16);
  });

  it("runs an inquiry job to done with each item's outcome from the real bank; audit: bulk.started with the reason, per item with the job", async () => {
    const ids = await insertTx(ctx, mine, 'VA', [
      { orderId: 'RUN-PAID-11' },
      { orderId: 'RUN-UNPAID-20' },
      { orderId: 'RUN-ERROR-38' },
    ]);
    const auditBefore = await count('audit_events');
    const job = await startJob({
      action: 'inquiry',
      source: 'va',
      selection: { ids },
      reason: 'Cek status setelah gangguan bank',
    });
    expect(job).toMatchObject({
      action: 'inquiry',
      source: 'va',
      status: 'running',
      reason: 'Cek status setelah gangguan bank',
      createdBy: 'admin',
      total: 3,
      finishedAt: null,
      counts: { pending: 3, succeeded: 0, failed: 0, skipped: 0 },
    });
    const started = await ctx.db.kysely
      .selectFrom('audit_events')
      .selectAll()
      .where('audtAction', '=', AUDIT_ACTIONS.bulkStarted)
      .where('audtTargetId', '=', String(job.jobId))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(started.audtDetails)).toMatchObject({
      action: 'inquiry',
      source: 'va',
      reason: 'Cek status setelah gangguan bank',
      items: 3,
      selection: { ids: 3 },
    });
    expect(started.audtCompId).toBe(mine.compId);

    await drain();
    const done = await jobDetail(job.jobId);
    expect(done).toMatchObject({
      status: 'done',
      counts: { pending: 0, succeeded: 2, failed: 1, skipped: 0 },
    });
    expect(done.finishedAt).not.toBeNull();
    expect(done.items.map((i) => [i.orderId, i.group, i.status])).toEqual([
      ['RUN-PAID-11', 'BRI', 'succeeded'],
      ['RUN-UNPAID-20', 'BRI', 'succeeded'],
      ['RUN-ERROR-38', 'BRI', 'failed'],
    ]);
    // the single action's own words
    expect(done.items[0]!.message).toMatch(/sudah dibayar.*Lunas/);
    expect(done.items[1]!.message).toMatch(/belum dibayar/i);
    expect(done.items[2]!.message).toBeTruthy();
    expect(
      (
        await ctx.db.kysely
          .selectFrom('transactions')
          .select('trctStatus')
          .where('trctId', '=', ids[0]!)
          .executeTakeFirstOrThrow()
      ).trctStatus,
    ).toBe('00');
    // the paid one's notification went to the merchant, once
    expect(
      received(`ok-mine-${mine.compId}`).filter(
        (r) => (r.body as { orderId: string }).orderId === 'RUN-PAID-11',
      ),
    ).toHaveLength(1);
    // per item: transaction.inquired naming the job, as the job's creator
    const events = await ctx.db.kysely
      .selectFrom('audit_events')
      .selectAll()
      .where('audtAction', '=', AUDIT_ACTIONS.transactionInquired)
      .where('audtId', '>', auditBefore)
      .orderBy('audtId')
      .execute();
    expect(events.map((e) => Number(e.audtTargetId)).sort()).toEqual([...ids].sort());
    for (const e of events) {
      expect(JSON.parse(e.audtDetails)).toMatchObject({ bulkJobId: job.jobId });
      expect(e.audtActorUsername).toBe('admin');
    }
    expect(events.find((e) => Number(e.audtTargetId) === ids[2])!.audtOutcome).toBe('failure');
    // the inquiry log has the three bank calls
    expect(
      await ctx.db.kysely
        .selectFrom('inquiry_attempts')
        .select('inatTrctId')
        .where('inatTrctId', 'in', ids)
        .execute(),
    ).toHaveLength(3);
  });

  it('re-sends from Notifications: a good merchant gets each once; a failing merchant gives failed items and the job still finishes', async () => {
    const name = `ok-noti-${++n}`;
    const good = await paidCompany(name, 3);
    const notiIds = await Promise.all(good.ids.map(notiIdOf));
    const p = await previewOf(
      { action: 'resend', source: 'notification', selection: { ids: notiIds } },
      good.token,
    );
    expect(p).toMatchObject({ selected: 3, eligible: 3, skipped: [] });
    const job = await startJob(
      { action: 'resend', source: 'notification', selection: { ids: notiIds } },
      good.token,
    );
    await drain();
    const done = await jobDetail(job.jobId, good.token);
    expect(done).toMatchObject({ status: 'done', counts: { succeeded: 3, failed: 0, pending: 0 } });
    expect(done.items.every((i) => i.message === 'Merchant menjawab HTTP 200')).toBe(true);
    expect(received(name)).toHaveLength(3);
    const events = await ctx.db.kysely
      .selectFrom('audit_events')
      .select('audtDetails')
      .where('audtAction', '=', AUDIT_ACTIONS.notificationResent)
      .execute();
    expect(
      events.map((e) => JSON.parse(e.audtDetails)).filter((d) => d.bulkJobId === job.jobId),
    ).toHaveLength(3);

    const bad = await paidCompany(`failing-${++n}`, 2);
    const failJob = await startJob(
      { action: 'resend', source: 'va', selection: { ids: bad.ids } },
      bad.token,
    );
    await drain();
    const failed = await jobDetail(failJob.jobId, bad.token);
    expect(failed).toMatchObject({
      status: 'done',
      counts: { succeeded: 0, failed: 2, pending: 0 },
    });
    expect(failed.items.map((i) => i.message)).toEqual([
      'Merchant menjawab HTTP 500',
      'Merchant menjawab HTTP 500',
    ]);
  });

  it('the same idempotency key returns the same job, also when two starts race: one job, each item acted on once', async () => {
    const name = `ok-idem-${++n}`;
    const c = await paidCompany(name, 3);
    const body = {
      action: 'resend',
      source: 'va',
      selection: { ids: c.ids },
      reason: 'Merchant minta kirim ulang',
      idempotencyKey: randomUUID(),
    };
    const jobsBefore = await count('bulk_jobs');
    const [a, b] = await Promise.all([post(BULK, body, c.token), post(BULK, body, c.token)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.jobId).toBe(b.json().data.jobId);
    const again = await post(BULK, body, c.token);
    expect(again.json().data.jobId).toBe(a.json().data.jobId);
    expect(await count('bulk_jobs')).toBe(jobsBefore + 1);
    const started = await ctx.db.kysely
      .selectFrom('audit_events')
      .select('audtId')
      .where('audtAction', '=', AUDIT_ACTIONS.bulkStarted)
      .where('audtTargetId', '=', String(a.json().data.jobId))
      .execute();
    expect(started).toHaveLength(1);
    // two ticks at once (as two workers would): each item still runs once
    await Promise.all([runBulkTick(ctx.deps), runBulkTick(ctx.deps)]);
    await drain();
    expect((await jobDetail(a.json().data.jobId, c.token)).counts).toMatchObject({
      succeeded: 3,
      pending: 0,
    });
    expect(received(name)).toHaveLength(3);
    // after a reload the screen finds the job again; done now
    expect((await post(BULK, body, c.token)).json().data).toMatchObject({
      jobId: a.json().data.jobId,
      status: 'done',
    });
  });

  it('inquiry: each transaction asked once per job, even with two ticks racing', async () => {
    const ids = await insertTx(ctx, mine, 'VA', [
      { orderId: 'ONCE-00000140' },
      { orderId: 'ONCE-00000150' },
    ]);
    const job = await startJob({ action: 'inquiry', source: 'va', selection: { ids } });
    await Promise.all([runBulkTick(ctx.deps), runBulkTick(ctx.deps), runBulkTick(ctx.deps)]);
    await drain();
    expect((await jobDetail(job.jobId)).status).toBe('done');
    expect(vaInquiries('00000140')).toBe(1);
    expect(vaInquiries('00000150')).toBe(1);
  });

  it('an item waiting in a running job is skipped by a second job; one done recently by the same action too, until the window passes', async () => {
    const ids = await insertTx(ctx, mine, 'VA', [{ orderId: 'Q2-10' }, { orderId: 'Q2-20' }]);
    const first = await startJob({
      action: 'inquiry',
      source: 'va',
      selection: { ids: [ids[0]!] },
    });
    expect(await previewOf({ action: 'inquiry', source: 'va', selection: { ids } })).toMatchObject({
      selected: 2,
      eligible: 1,
      skipped: [{ reason: 'queued', count: 1 }],
    });
    const second = await startJob({ action: 'inquiry', source: 'va', selection: { ids } });
    expect(second.total).toBe(1);
    // nothing left to take: 409 and nothing written
    const jobs = await count('bulk_jobs');
    const res = await post(BULK, {
      action: 'inquiry',
      source: 'va',
      selection: { ids },
      reason: 'sekali lagi',
      idempotencyKey: randomUUID(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().status.message).toBe(BULK_TEXT.nothingEligible);
    expect(await count('bulk_jobs')).toBe(jobs);
    await drain();
    expect((await jobDetail(first.jobId)).status).toBe('done');
    expect(await previewOf({ action: 'inquiry', source: 'va', selection: { ids } })).toMatchObject({
      eligible: 0,
      skipped: [{ reason: 'recently-done', count: 2 }],
    });
    ctx.clock.advanceMinutes(11);
    try {
      const later = await ctx.loginWithCompany(ADMIN, mine.compId);
      expect(
        await previewOf({ action: 'inquiry', source: 'va', selection: { ids } }, later),
      ).toMatchObject({ eligible: 2, skipped: [] });
    } finally {
      ctx.clock.advanceMinutes(-11);
    }
  });

  it('holds a merchant to BULK_MERCHANT_PER_MINUTE: with 2, two of three go now and the third when the window moves', async () => {
    ctx.deps.config.bulk = { ...defaults, merchantPerMinute: 2 };
    const name = `ok-rate-${++n}`;
    const c = await paidCompany(name, 3);
    const p = await previewOf(
      { action: 'resend', source: 'va', selection: { ids: c.ids } },
      c.token,
    );
    expect(p).toMatchObject({ eligible: 3, perGroupPerMinute: 2, estimatedSeconds: 90 });
    const job = await startJob(
      { action: 'resend', source: 'va', selection: { ids: c.ids } },
      c.token,
    );
    await drain();
    expect((await jobDetail(job.jobId, c.token)).counts).toMatchObject({
      succeeded: 2,
      pending: 1,
    });
    expect(received(name)).toHaveLength(2);
    ctx.clock.advanceMinutes(0.5);
    await drain();
    expect((await jobDetail(job.jobId, c.token)).counts).toMatchObject({
      succeeded: 2,
      pending: 1,
    });
    ctx.clock.advanceMinutes(0.5);
    await drain();
    const done = await jobDetail(job.jobId, c.token);
    expect(done).toMatchObject({ status: 'done', counts: { succeeded: 3, pending: 0 } });
    expect(received(name)).toHaveLength(3);
  });

  it("cancel: what has not run is skipped (Dibatalkan), the job is cancelled and bulk.cancelled recorded; another user's job is 404", async () => {
    ctx.deps.config.bulk = { ...defaults, merchantPerMinute: 1 };
    const c = await paidCompany(`ok-cancel-${++n}`, 3);
    const job = await startJob(
      { action: 'resend', source: 'va', selection: { ids: c.ids } },
      c.token,
    );
    await drain();
    const someone = await userWithAreas(ctx, [TRANSACTION_KINDS.va.area], c.company.compId);
    expect((await get(`${BULK}/${job.jobId}`, someone.token)).statusCode).toBe(404);
    expect((await post(`${BULK}/${job.jobId}/cancel`, {}, someone.token)).statusCode).toBe(404);
    // another company's view of the same user: 404 too
    expect((await get(`${BULK}/${job.jobId}`)).statusCode).toBe(404);
    const res = await post(`${BULK}/${job.jobId}/cancel`, {}, c.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'cancelled',
      counts: { succeeded: 1, skipped: 2, pending: 0 },
    });
    const detail = await jobDetail(job.jobId, c.token);
    expect(detail.items.filter((i) => i.status === 'skipped').map((i) => i.message)).toEqual([
      'Dibatalkan',
      'Dibatalkan',
    ]);
    const event = await ctx.db.kysely
      .selectFrom('audit_events')
      .selectAll()
      .where('audtAction', '=', AUDIT_ACTIONS.bulkCancelled)
      .where('audtTargetId', '=', String(job.jobId))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(event.audtDetails)).toMatchObject({ itemsUnrun: 2 });
    // nothing more runs
    ctx.clock.advanceMinutes(2);
    try {
      await drain();
      expect(
        (await jobDetail(job.jobId, await ctx.loginWithCompany(ADMIN, c.company.compId))).counts,
      ).toMatchObject({ succeeded: 1, skipped: 2, pending: 0 });
    } finally {
      ctx.clock.advanceMinutes(-2);
    }
    // cancelling again changes nothing
    expect(
      (await post(`${BULK}/${job.jobId}/cancel`, {}, c.token)).json().data.counts,
    ).toMatchObject({ succeeded: 1, skipped: 2 });
  });

  it("lists the user's jobs in the active company, newest first; ?status=running&source=va finds the running one", async () => {
    ctx.deps.config.bulk = { ...defaults, merchantPerMinute: 1 };
    const c = await paidCompany(`ok-list-${++n}`, 2);
    const a = await startJob(
      { action: 'resend', source: 'va', selection: { ids: [c.ids[0]!] } },
      c.token,
    );
    await drain();
    const b = await startJob(
      { action: 'resend', source: 'va', selection: { ids: [c.ids[1]!] } },
      c.token,
    );
    const all = (await get(BULK, c.token)).json().data as BulkJob[];
    expect(all.map((j) => [j.jobId, j.status])).toEqual([
      [b.jobId, 'running'],
      [a.jobId, 'done'],
    ]);
    expect(
      ((await get(`${BULK}?status=running`, c.token)).json().data as BulkJob[]).map((j) => j.jobId),
    ).toEqual([b.jobId]);
    expect(
      ((await get(`${BULK}?status=running&source=va`, c.token)).json().data as BulkJob[]).map(
        (j) => j.jobId,
      ),
    ).toEqual([b.jobId]);
    expect((await get(`${BULK}?source=notification`, c.token)).json().data).toEqual([]);
    expect((await get(`${BULK}?status=nope`, c.token)).statusCode).toBe(400);
    expect((await get(`${BULK}?source=nope`, c.token)).statusCode).toBe(400);
    // the same user in another company sees none of them
    expect(
      ((await get(BULK)).json().data as BulkJob[]).some(
        (j) => j.jobId === a.jobId || j.jobId === b.jobId,
      ),
    ).toBe(false);
  });

  it('bad input is a 400 and writes nothing', async () => {
    const [id] = await insertTx(ctx, mine, 'VA', [{ orderId: 'BAD-10' }]);
    const base = {
      action: 'inquiry',
      source: 'va',
      selection: { ids: [id] },
      reason: 'alasan yang cukup',
      idempotencyKey: randomUUID(),
    };
    const before = {
      jobs: await count('bulk_jobs'),
      items: await count('bulk_job_items'),
      audit: await count('audit_events'),
    };
    const bad: [string, object][] = [
      ['unknown field', { ...base, extra: 1 }],
      ['unknown selection field', { ...base, selection: { ids: [id], all: true } }],
      ['ids not numbers', { ...base, selection: { ids: ['1'] } }],
      ['ids empty', { ...base, selection: { ids: [] } }],
      [
        'too many ids',
        { ...base, selection: { ids: Array.from({ length: 1001 }, (_, i) => i + 1) } },
      ],
      ['missing reason', { ...base, reason: undefined }],
      ['blank reason', { ...base, reason: '    ' }],
      ['bad key', { ...base, idempotencyKey: 'abc' }],
      ['unknown action', { ...base, action: 'delete' }],
      ['unknown queue', { ...base, selection: { query: { queue: 'everything' } } }],
      ['unknown list field', { ...base, selection: { query: { 'finds[nope]': 'x' } } }],
      ['bad date', { ...base, selection: { query: { from: '2026-02-30' } } }],
      ['inquiry from notifications', { ...base, source: 'notification' }],
    ];
    for (const [what, body] of bad) {
      const res = await post(BULK, body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      if (what.includes('reason') || what.includes('key')) continue;
      // the preview takes the same selection rules
      const { reason: _r, idempotencyKey: _k, ...previewBody } = body as Record<string, unknown>;
      const pre = await post(`${BULK}/preview`, previewBody);
      expect(pre.statusCode, `preview ${what}: ${pre.body}`).toBe(400);
    }
    expect({
      jobs: await count('bulk_jobs'),
      items: await count('bulk_job_items'),
      audit: await count('audit_events'),
    }).toEqual(before);
  });

  it("permission: the source screen's read; from Notifications only the kinds the user may read are selected", async () => {
    const [va] = await insertTx(ctx, mine, 'VA', [{ orderId: 'PERM-10' }]);
    const nobody = await ctx.loginWithCompany(
      await userWithoutDashboards(ctx, mine.compId),
      mine.compId,
    );
    for (const [url, body] of [
      [`${BULK}/preview`, { action: 'inquiry', source: 'va', selection: { ids: [va] } }],
      [
        BULK,
        {
          action: 'inquiry',
          source: 'va',
          selection: { ids: [va] },
          reason: 'tidak boleh',
          idempotencyKey: randomUUID(),
        },
      ],
    ] as const) {
      const res = await post(url, body, nobody);
      expect(res.statusCode).toBe(403);
      expect(res.json().status.message).toMatch(/needs dashboard_transactionva\.read/);
    }
    const denied = await ctx.db.kysely
      .selectFrom('audit_events')
      .select('audtDetails')
      .where('audtAction', '=', AUDIT_ACTIONS.accessDenied)
      .orderBy('audtId', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(denied.audtDetails)).toMatchObject({
      needed: 'dashboard_transactionva.read',
    });
    // VA only: the QRIS screen and Notifications are refused
    const vaOnly = await userWithAreas(ctx, [TRANSACTION_KINDS.va.area], mine.compId);
    expect(
      (
        await post(
          `${BULK}/preview`,
          { action: 'inquiry', source: 'qris', selection: { ids: [1] } },
          vaOnly.token,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await post(
          `${BULK}/preview`,
          { action: 'resend', source: 'notification', selection: { ids: [1] } },
          vaOnly.token,
        )
      ).statusCode,
    ).toBe(403);
    // Notifications + VA: a QRIS transaction's notification is not selected
    const c = await paidCompany(`ok-perm-${++n}`, 1);
    const [qr] = await insertTx(ctx, c.company, 'QRIS', [
      {
        orderId: `PERM-QR-${n}`,
        status: '00',
        notification: { status: 1, attempts: 7, nextAttemptAt: null },
      },
    ]);
    const notiVa = await userWithAreas(
      ctx,
      [NOTIFICATIONS_AREA, TRANSACTION_KINDS.va.area],
      c.company.compId,
    );
    const ids = [await notiIdOf(c.ids[0]!), await notiIdOf(qr!)];
    expect(
      await previewOf(
        { action: 'resend', source: 'notification', selection: { ids } },
        notiVa.token,
      ),
    ).toMatchObject({ selected: 1, eligible: 1 });
    expect(
      await previewOf(
        { action: 'resend', source: 'notification', selection: { query: { queue: 'attention' } } },
        notiVa.token,
      ),
    ).toMatchObject({ selected: 1, eligible: 1 });
    expect(
      await previewOf({ action: 'resend', source: 'notification', selection: { ids } }, c.token),
    ).toMatchObject({ selected: 2, eligible: 2 });
  });

  it('the app runs the worker while it is up and stops it on close', async () => {
    const c = await paidCompany(`ok-worker-${++n}`, 2);
    const job = await startJob(
      { action: 'resend', source: 'va', selection: { ids: c.ids } },
      c.token,
    );
    const errors: unknown[] = [];
    const worker = startBulkWorker(ctx.deps, 20, { onError: (error) => errors.push(error) });
    try {
      for (let i = 0; i < 100 && (await jobDetail(job.jobId, c.token)).status === 'running'; i++)
        await new Promise((r) => setTimeout(r, 50));
    } finally {
      await worker.stop();
    }
    expect(errors).toEqual([]);
    expect(await jobDetail(job.jobId, c.token)).toMatchObject({
      status: 'done',
      counts: { succeeded: 2 },
    });
    // the app's own wiring: with deps.bulkWorker a second server process on the same database runs the next job
    const d = await paidCompany(`ok-worker-${++n}`, 2);
    const next = await startJob(
      { action: 'resend', source: 'va', selection: { ids: d.ids } },
      d.token,
    );
    const other = await buildApp(
      { ...ctx.deps, bulkWorker: { intervalMs: 20 } },
      { webRoot: null },
    );
    await other.ready();
    try {
      for (let i = 0; i < 100 && (await jobDetail(next.jobId, d.token)).status === 'running'; i++)
        await new Promise((r) => setTimeout(r, 50));
    } finally {
      await other.close();
    }
    expect(await jobDetail(next.jobId, d.token)).toMatchObject({
      status: 'done',
      counts: { succeeded: 2 },
    });
  });
});

describe('bulk action settings', () => {
  it('default to WORK_QUEUE_DEFAULTS and are validated at start', () => {
    const config = loadConfig({});
    expect(config.needsInquiryAfterMinutes).toBe(WORK_QUEUE_DEFAULTS.needsInquiryAfterMinutes);
    expect(config.bulk).toEqual({
      maxItems: WORK_QUEUE_DEFAULTS.maxItems,
      bankPerMinute: WORK_QUEUE_DEFAULTS.bankPerMinute,
      merchantPerMinute: WORK_QUEUE_DEFAULTS.merchantPerMinute,
      repeatWindowMinutes: WORK_QUEUE_DEFAULTS.repeatWindowMinutes,
      jobsPerUser: 2,
    });
    expect(
      loadConfig({
        BULK_MERCHANT_PER_MINUTE: '2',
        NEEDS_INQUIRY_AFTER_MINUTES: '30',
        BULK_REPEAT_WINDOW_MINUTES: '0',
      }),
    ).toMatchObject({
      needsInquiryAfterMinutes: 30,
      bulk: { merchantPerMinute: 2, repeatWindowMinutes: 0 },
    });
    for (const env of [
      { BULK_BANK_PER_MINUTE: '0' },
      { BULK_MAX_ITEMS: 'many' },
      { NEEDS_INQUIRY_AFTER_MINUTES: '-5' },
      { BULK_MERCHANT_PER_MINUTE: '1.5' },
      { BULK_JOBS_PER_USER: '0' },
    ]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
    }
  });
});
