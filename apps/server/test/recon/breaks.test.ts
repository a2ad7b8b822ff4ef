/**
 * The break queue after an import: every category with why it did not match, expected before
 * RECON_EXPECTED_DAYS, the list conventions, each resolution (recorded in the break's history and
 * the audit trail), a break closing by itself when Inquiry finds the payment, bulk with a preview.
 */
import { RECON_RESOLVE_TEXT } from '@tagih/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import {
  createCompany,
  startSimulators,
  useMerchant,
  type Simulators,
  type TestCompany,
} from '../monitoring/support.ts';
import { runBulkTick } from '../../src/modules/bulk-actions/worker.ts';
import { importBriDay } from './support.ts';

interface Row {
  rbrkId: number;
  category: string;
  status: string;
  trctOrderId: string | null;
  lineNarrative: string | null;
  differences: { text: string }[];
  [key: string]: unknown;
}

describe.each(DIALECTS)('break queue and resolutions (%s)', (dialect) => {
  let ctx: TestContext;
  let sims: Simulators;
  let token: string;
  let company: TestCompany;
  let ids: Record<string, number>;
  const list = async (query = '') => {
    const res = await ctx.inject({ method: 'GET', url: `/api/recon/breaks?max=50${query}`, token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { data: Row[]; pagination: { totalData: number } };
  };
  const byCategory = async (category: string) => (await list(`&finds[category]=${category}`)).data;
  const resolve = (rbrkId: number, body: Record<string, unknown>, t = token) =>
    ctx.inject({
      method: 'POST',
      url: `/api/recon/breaks/${rbrkId}/resolve`,
      token: t,
      payload: body,
    });
  const auditOf = (action: string) =>
    ctx.db.kysely
      .selectFrom('audit_events')
      .selectAll()
      .where('audtAction', '=', action)
      .orderBy('audtId')
      .execute();

  beforeAll(async () => {
    sims = await startSimulators({ slowMs: 3_000, server: () => ctx });
    ctx = await createTestContext(dialect, {
      config: { merchantAllowedHosts: ['127.0.0.1'], actionMinIntervalSeconds: 0 },
    });
    ctx.deps.bankGateway = sims.gateway({ timeoutMs: 1_500 });
    token = await ctx.login(ADMIN);
    company = await createCompany(ctx);
    await useMerchant(ctx, sims, company, `m${company.compId}`);
    ids = await importBriDay(ctx, token, company);
  });
  afterAll(async () => {
    await ctx.close();
    await sims.close();
  });

  it('shows each category with the bank line, our transaction and why they did not match', async () => {
    const rows = (await list()).data;
    const summary = Object.fromEntries(
      rows.map((r) => [
        r.category,
        { order: r.trctOrderId, why: r.differences.map((d) => d.text) },
      ]),
    );
    expect(summary).toEqual({
      amount: { order: 'VA-AMOUNT-04', why: ['nominal: 200.001,00 vs 200.000,00'] },
      status: { order: 'VA-STATUS-05', why: ['status: dana masuk vs Belum Lunas'] },
      duplicate: {
        order: 'VA-DUP-06',
        why: [expect.stringMatching(/^pencocokan: kredit ini vs sudah cocok dengan baris \d+$/)],
      },
      missing_in_tagih: {
        order: null,
        why: [
          'pengenal: tidak ada di keterangan vs 77001081200000077',
          'nominal: 99.000,00 vs 80.000,00',
        ],
      },
      missing_at_bank: {
        order: 'VA-MISSING-07',
        why: [
          'pengenal: TRSF E-BANKING CR 1911/FTSCY/WS95051 99000.00 ANONIM vs 77001081200000077',
          'nominal: 99.000,00 vs 80.000,00',
        ],
      },
    });
    const amount = rows.find((r) => r.category === 'amount')!;
    expect(amount).toMatchObject({
      status: 'open',
      lineAmount: 200001,
      trctAmount: 200000,
      difference: 1,
      lineDay: '2026-11-19',
      bank: 'BRI',
      accountNo: '0123456789012',
      compId: company.compId,
      ageDays: 1,
    });
    const missing = rows.find((r) => r.category === 'missing_in_tagih')!;
    expect(missing).toMatchObject({
      compId: company.compId,
      candidateOrderId: 'VA-MISSING-07',
      trctId: null,
      lineAmount: 99000,
    });
  });

  it('filters by category and status, from/to and order, counts by category, and refuses unknown fields (400)', async () => {
    expect((await byCategory('amount')).map((r) => r.trctOrderId)).toEqual(['VA-AMOUNT-04']);
    expect((await list('&finds[status]=resolved')).pagination.totalData).toBe(0);
    expect((await list('&from=2026-11-20&to=2026-11-20')).pagination.totalData).toBe(0);
    expect((await list('&from=2026-11-19&to=2026-11-19')).pagination.totalData).toBe(5);
    expect((await list('&orderField=lineAmount&orderValue=desc')).data[0]!.lineAmount).toBe(300000);
    const counts = await ctx.inject({ method: 'GET', url: '/api/recon/breaks/counts', token });
    expect(counts.json().data).toEqual({
      missing_at_bank: 1,
      missing_in_tagih: 1,
      amount: 1,
      status: 1,
      duplicate: 1,
      expected: 0,
    });
    for (const bad of [
      'finds[nope]=1',
      'orderField=differences',
      'from=2026-02-30',
      'finds[lineAmount]=abc',
      'page=0',
    ]) {
      const res = await ctx.inject({ method: 'GET', url: `/api/recon/breaks?${bad}`, token });
      expect(res.statusCode, bad).toBe(400);
    }
    expect(
      (await ctx.inject({ method: 'GET', url: '/api/recon/breaks/abc', token })).statusCode,
    ).toBe(400);
    expect(
      (await ctx.inject({ method: 'GET', url: '/api/recon/breaks/999999', token })).statusCode,
    ).toBe(404);
  });

  it('a missing-at-bank break is expected, not a break, until RECON_EXPECTED_DAYS business days after its paid day', async () => {
    // Paid Thursday 2026-11-19; today is Friday 2026-11-20.
    ctx.config.reconExpectedDays = 2;
    try {
      expect((await byCategory('missing_at_bank')).length).toBe(0);
      expect((await byCategory('expected')).map((r) => r.trctOrderId)).toEqual(['VA-MISSING-07']);
    } finally {
      ctx.config.reconExpectedDays = 1;
    }
    expect((await byCategory('missing_at_bank')).map((r) => r.trctOrderId)).toEqual([
      'VA-MISSING-07',
    ]);
  });

  it('accept needs a reason, resolves the break, is recorded in its history and the audit trail; another accept is a 409; reopen opens it again', async () => {
    const [amount] = await byCategory('amount');
    expect((await resolve(amount!.rbrkId, { action: 'accept' })).statusCode).toBe(400);
    expect((await resolve(amount!.rbrkId, { action: 'accept', reason: 'ok' })).statusCode).toBe(
      400,
    );
    expect(
      (await resolve(amount!.rbrkId, { action: 'shrug', reason: 'because I can' })).statusCode,
    ).toBe(400);
    const res = await resolve(amount!.rbrkId, { action: 'accept', reason: 'Bank fee of 1 rupiah' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.break).toMatchObject({
      status: 'resolved',
      resolution: 'accept',
      resolvedBy: 'admin',
    });
    // The same accept again answers as the first did (resolve-twice.test.ts); another one is refused.
    const another = await resolve(amount!.rbrkId, { action: 'accept', reason: 'Another reason' });
    expect(another.statusCode).toBe(409);
    expect(another.json().status.message).toBe(RECON_RESOLVE_TEXT.alreadyResolved);
    const [event] = await auditOf('recon.break.accepted');
    expect(event).toMatchObject({
      audtActorUsername: 'admin',
      audtTargetType: 'recon_break',
      audtTargetId: String(amount!.rbrkId),
      audtOutcome: 'success',
    });
    expect(JSON.parse(event!.audtDetails)).toMatchObject({
      reason: 'Bank fee of 1 rupiah',
      category: 'amount',
    });
    const reopened = await resolve(amount!.rbrkId, {
      action: 'reopen',
      reason: 'Finance wants it checked',
    });
    expect(reopened.json().data.break).toMatchObject({ status: 'open', resolution: null });
    const detail = (
      await ctx.inject({ method: 'GET', url: `/api/recon/breaks/${amount!.rbrkId}`, token })
    ).json().data;
    expect(
      detail.history.map((h: { action: string; reason: string | null }) => [h.action, h.reason]),
    ).toEqual([
      ['detected', null],
      ['accept', 'Bank fee of 1 rupiah'],
      ['reopen', 'Finance wants it checked'],
    ]);
    expect((await auditOf('recon.break.reopened')).length).toBe(1);
  });

  it('link pairs a credit with a transaction by hand (rule manual) and settles both breaks; reopen undoes the link', async () => {
    const [line] = await byCategory('missing_in_tagih');
    expect(
      (
        await resolve(line!.rbrkId, { action: 'link', reason: 'Customer paid the wrong amount' })
      ).json().status.message,
    ).toBe(RECON_RESOLVE_TEXT.linkNeedsTransaction);
    expect(
      (
        await resolve(line!.rbrkId, {
          action: 'link',
          reason: 'Customer paid the wrong amount',
          trctId: ids['VA-MATCH-01'],
        })
      ).statusCode,
    ).toBe(409);
    const res = await resolve(line!.rbrkId, {
      action: 'link',
      reason: 'Customer paid the wrong amount',
      trctId: ids['VA-MISSING-07'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.break).toMatchObject({ status: 'resolved', resolution: 'link' });
    expect(
      await ctx.db.kysely
        .selectFrom('recon_matches')
        .select('rmatRule')
        .where('rmatTrctId', '=', ids['VA-MISSING-07']!)
        .executeTakeFirst(),
    ).toEqual({ rmatRule: 'manual' });
    expect((await list('&finds[status]=open&finds[category]=missing_at_bank')).data).toHaveLength(
      0,
    );
    expect((await auditOf('recon.break.linked')).length).toBe(1);
    await resolve(line!.rbrkId, { action: 'reopen', reason: 'Linked to the wrong bill' });
    expect(
      await ctx.db.kysely
        .selectFrom('recon_matches')
        .select('rmatRule')
        .where('rmatTrctId', '=', ids['VA-MISSING-07']!)
        .executeTakeFirst(),
    ).toBeUndefined();
    expect((await list('&finds[status]=open')).pagination.totalData).toBe(5);
  });

  it('inquiry asks the bank; a paid answer turns the transaction Lunas and the status break closes by itself', async () => {
    const [status] = await byCategory('status');
    const res = await resolve(status!.rbrkId, {
      action: 'inquiry',
      reason: 'The bank has the money',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.break).toMatchObject({
      status: 'resolved',
      resolution: 'matched',
      trctStatus: '00',
    });
    const detail = (
      await ctx.inject({ method: 'GET', url: `/api/recon/breaks/${status!.rbrkId}`, token })
    ).json().data;
    expect(detail.rule).toBe('va');
    expect(
      detail.history.map((h: { action: string; outcome: string | null }) => [h.action, h.outcome]),
    ).toEqual([
      ['detected', null],
      ['matched', null],
      ['inquiry', 'paid'],
    ]);
    expect((await auditOf('recon.break.inquired')).length).toBe(1);
    expect((await auditOf('transaction.inquired')).length).toBe(1);
  });

  it("notify re-sends the merchant notification of the break's transaction and leaves the break as it is", async () => {
    const [dup] = await byCategory('duplicate');
    const before = sims.merchant.received.length;
    const res = await resolve(dup!.rbrkId, { action: 'notify', reason: 'Merchant asked again' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.break.status).toBe('open');
    expect(
      sims.merchant.received.slice(before).map((r) => (r.body as { orderId: string }).orderId),
    ).toEqual(['VA-DUP-06']);
    expect(
      (await auditOf('recon.break.notified')).map((e) => JSON.parse(e.audtDetails).outcome),
    ).toEqual(['delivered']);
    const [line] = await byCategory('missing_in_tagih');
    expect(
      (await resolve(line!.rbrkId, { action: 'notify', reason: 'Merchant asked again' }))
        .statusCode,
    ).toBe(409);
  });

  it('bulk: a preview changes nothing; applying accepts every break the filters match; again skips them (idempotent)', async () => {
    const body = {
      action: 'accept',
      reason: 'Month-end write-off',
      selection: { query: { 'finds[status]': 'open' } },
    };
    const preview = await ctx.inject({
      method: 'POST',
      url: '/api/recon/breaks/resolve',
      token,
      payload: { ...body, dryRun: true },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const open = (await list('&finds[status]=open')).pagination.totalData;
    expect(preview.json().data).toMatchObject({
      dryRun: true,
      selected: open,
      applied: open,
      skipped: [],
    });
    expect((await list('&finds[status]=open')).pagination.totalData).toBe(open);
    const applied = await ctx.inject({
      method: 'POST',
      url: '/api/recon/breaks/resolve',
      token,
      payload: body,
    });
    expect(applied.json().data).toMatchObject({ dryRun: false, applied: open });
    expect((await list('&finds[status]=open')).pagination.totalData).toBe(0);
    const ids2 = (await list()).data.map((r) => r.rbrkId);
    const again = await ctx.inject({
      method: 'POST',
      url: '/api/recon/breaks/resolve',
      token,
      payload: { ...body, selection: { ids: ids2 } },
    });
    expect(again.json().data).toMatchObject({
      applied: 0,
      skipped: [{ reason: 'already-resolved', count: ids2.length }],
    });
    // The second run changed nothing: one bulk resolution in the audit trail.
    expect((await auditOf('recon.break.bulk_resolved')).length).toBe(1);
    const bad = await ctx.inject({
      method: 'POST',
      url: '/api/recon/breaks/resolve',
      token,
      payload: { ...body, selection: { query: { 'finds[nope]': 'x' } } },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("bulk inquiry hands the breaks' unpaid transactions to a throttled bulk job", async () => {
    const reopen = await ctx.inject({
      method: 'POST',
      url: '/api/recon/breaks/resolve',
      token,
      payload: { action: 'reopen', reason: 'Look again at all', selection: { query: {} } },
    });
    expect(reopen.statusCode, reopen.body).toBe(200);
    const body = {
      action: 'inquiry',
      reason: 'Ask the bank again',
      selection: { query: { 'finds[status]': 'open' } },
    };
    const preview = await ctx.inject({
      method: 'POST',
      url: '/api/recon/breaks/resolve',
      token,
      payload: { ...body, dryRun: true },
    });
    // Only a transaction that is still unpaid can be asked about: none is left (the status break's turned Lunas).
    expect(preview.json().data).toMatchObject({ applied: 0 });
    expect(preview.json().data.skipped).toEqual(
      expect.arrayContaining([{ reason: 'not-eligible', count: expect.any(Number) }]),
    );
    const notify = await ctx.inject({
      method: 'POST',
      url: '/api/recon/breaks/resolve',
      token,
      payload: { ...body, action: 'notify' },
    });
    expect(notify.statusCode, notify.body).toBe(200);
    expect(notify.json().data.jobs).toEqual([
      {
        jobId: expect.any(Number),
        compId: company.compId,
        source: 'va',
        items: expect.any(Number),
      },
    ]);
    const job = notify.json().data.jobs[0].jobId as number;
    for (let i = 0; i < 10 && (await runBulkTick(ctx.deps)) > 0; i++);
    const items = await ctx.db.kysely
      .selectFrom('bulk_job_items')
      .select('bjitStatus')
      .where('bjitJobId', '=', job)
      .execute();
    expect(items.length).toBeGreaterThan(0);
    const again = await ctx.inject({
      method: 'POST',
      url: '/api/recon/breaks/resolve',
      token,
      payload: { ...body, action: 'notify' },
    });
    expect(again.json().data.jobs.map((j: { jobId: number }) => j.jobId)).toEqual([job]);
  });
});
