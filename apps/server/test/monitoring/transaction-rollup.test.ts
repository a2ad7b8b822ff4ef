/**
 * The transaction rollup stays exact after every write path (seed, bulk insert, inquiry paid,
 * expiry, parallel inquiries), its totals equal the rows' totals for the same filters, and its
 * business days follow BUSINESS_TZ (also one with a half-hour offset).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseListQuery, TRANSACTION_KINDS, type ListQuery, type RawQuery } from '@tagih/contract';
import * as migration0009 from '../../src/db/migrations/0009-transaction-rollup.ts';
import { ensureRollup, rebuildRollup, verifyRollup } from '../../src/db/transaction-rollup.ts';
import { SERVER_KINDS, type ServerKind } from '../../src/modules/transactions/kinds.ts';
import { summary } from '../../src/modules/transactions/list/list-repo.ts';
import { rollupSummary } from '../../src/modules/transactions/rollup-repo.ts';
import { parseDateRange } from '../../src/shared/date-range.ts';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import {
  createCompany,
  insertTx,
  startSimulators,
  useMerchant,
  type Simulators,
  type TestCompany,
} from './support.ts';
import { stripeTransactionRollup } from '../../src/db/migrations/0040-unqueued-intake.ts';

const VA_KIND = SERVER_KINDS.find((k) => k.type === 'VA')!;
const QR_KIND = SERVER_KINDS.find((k) => k.type === 'QRIS')!;

describe.each(DIALECTS)('transaction rollup (%s)', (dialect) => {
  let ctx: TestContext;
  let sims: Simulators;
  let mine: TestCompany;
  let token: string;
  let ids: Record<string, number>;
  const inquiry = (kind: 'Va' | 'Qr', id: number) =>
    ctx.inject({
      method: 'POST',
      url: `/api/dashboard/transaction${kind}/inquiry_status/${id}`,
      token,
    });
  const expectExact = async () => {
    const result = await verifyRollup(ctx.db.kysely);
    expect(result.timeZone).toBe(ctx.config.businessTz);
    expect(result.differences).toEqual([]);
    return result;
  };
  const parse = (kind: ServerKind, raw: RawQuery): ListQuery => {
    const parsed = parseListQuery(raw, kind.resource, ['from', 'to']);
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.value;
  };
  /** Totals of the rollup and of the rows for the same list request. */
  const both = async (kind: ServerKind, compId: number, raw: RawQuery) => {
    const query = parse(kind, raw);
    const tz = ctx.config.businessTz;
    const days = { from: raw.from ?? null, to: raw.to ?? null };
    const fromRollup = await rollupSummary(ctx.db.kysely, {
      kind,
      compId,
      days,
      query,
      timeZone: tz,
    });
    const fromRows = await summary(ctx.db.kysely, {
      kind,
      compId,
      range: parseDateRange(raw.from, raw.to, tz),
      query,
      timeZone: tz,
    });
    return { fromRollup, fromRows };
  };

  beforeAll(async () => {
    sims = await startSimulators({ slowMs: 3_000, server: () => ctx });
    ctx = await createTestContext(dialect, {
      config: { merchantAllowedHosts: ['127.0.0.1'], actionMinIntervalSeconds: 0 },
    });
    ctx.deps.bankGateway = sims.gateway({ timeoutMs: 2_000 });
    mine = await createCompany(ctx);
    await useMerchant(ctx, sims, mine, `m${mine.compId}`);
    // 2026-11-20 in Jakarta (UTC+7) runs from 2026-11-19T17:00Z to 2026-11-20T17:00Z.
    const va = [
      'VA-PAID-01',
      'VA-PAID-02',
      'VA-UNPAID-10',
      'VA-LUNAS-21',
      'VA-EDGE-30',
      'VA-EDGE-40',
    ];
    const vaIds = await insertTx(ctx, mine, 'VA', [
      {
        orderId: va[0]!,
        status: '03',
        amount: 150000,
        bank: 'BRI',
        createdAt: '2026-11-19T17:00:00.000Z',
      },
      {
        orderId: va[1]!,
        status: '03',
        amount: 120000,
        bank: 'BJB',
        createdAt: '2026-11-20T03:00:00.000Z',
      },
      {
        orderId: va[2]!,
        status: '03',
        amount: 99000,
        bank: 'BRI',
        createdAt: '2026-11-20T04:00:00.000Z',
      },
      {
        orderId: va[3]!,
        status: '00',
        amount: 5000.5,
        paid: 5000.5,
        bank: 'BJB',
        createdAt: '2026-11-18T10:00:00.000Z',
      },
      {
        orderId: va[4]!,
        status: '00',
        amount: 700,
        paid: 650,
        bank: 'BRI',
        createdAt: '2026-11-20T16:59:59.999Z',
      },
      {
        orderId: va[5]!,
        status: '00',
        amount: 800,
        paid: 800,
        bank: 'BRI',
        createdAt: '2026-11-20T17:00:00.000Z',
      },
    ]);
    const qr = ['QR-PAID-51', 'QR-EXPIRED-66', 'QR-PAID-52'];
    const qrIds = await insertTx(ctx, mine, 'QRIS', [
      {
        orderId: qr[0]!,
        status: '03',
        amount: null,
        bank: null,
        qrBank: 'BRI',
        createdAt: '2026-11-20T01:00:00.000Z',
        expiredAt: '2026-11-21T02:00:00.000Z',
      },
      {
        orderId: qr[1]!,
        status: '03',
        amount: 7000,
        bank: 'BRI',
        createdAt: '2026-11-20T02:00:00.000Z',
        expiredAt: '2026-11-20T02:00:00.000Z',
      },
      {
        orderId: qr[2]!,
        status: '03',
        amount: 8000,
        bank: 'BRI',
        createdAt: '2026-11-20T02:30:00.000Z',
        expiredAt: '2026-11-21T02:00:00.000Z',
      },
    ]);
    ids = Object.fromEntries([
      ...va.map((o, i) => [o, vaIds[i]!]),
      ...qr.map((o, i) => [o, qrIds[i]!]),
    ]);
    token = await ctx.loginWithCompany(ADMIN, mine.compId);
  });
  afterAll(async () => {
    await ctx.close();
    await sims.close();
  });

  it('is built by the migration, kept by the demo seed and the bulk insert, in BUSINESS_TZ', async () => {
    const result = await expectExact();
    expect(result.groups).toBeGreaterThan(10);
  });

  it('the migration backfills it from the rows already there', async () => {
    const before = await expectExact();
    await migration0009.down(ctx.db.kysely);
    await migration0009.up(ctx.db.kysely);
    await stripeTransactionRollup(ctx.db.kysely); // as migration 0040 left it
    expect((await expectExact()).groups).toBe(before.groups);
  });

  it('puts each row in its business day: 16:59:59.999Z is the 20th in Jakarta, 17:00Z the 21st', async () => {
    const days = await ctx.db.kysely
      .selectFrom('transaction_rollup')
      .select((eb) => [
        'rlupDay',
        eb.fn.sum<number>('rlupCount').as('rlupCount'),
        eb.fn.sum<number>('rlupLunasMinor').as('rlupLunasMinor'),
      ]) // the day's stripes summed
      .where('rlupCompId', '=', mine.compId)
      .where('rlupType', '=', 'VA')
      .where('rlupStatus', '=', '00')
      .where('rlupBank', '=', 'BRI')
      .groupBy('rlupDay')
      .orderBy('rlupDay')
      .execute();
    expect(
      days.map((d) => ({
        day: d.rlupDay,
        n: Number(d.rlupCount),
        minor: Number(d.rlupLunasMinor),
      })),
    ).toEqual([
      { day: '2026-11-20', n: 1, minor: 65_000 },
      { day: '2026-11-21', n: 1, minor: 80_000 },
    ]);
    const day20 = await both(VA_KIND, mine.compId, { from: '2026-11-20', to: '2026-11-20' });
    expect(day20.fromRollup).toEqual(day20.fromRows);
    expect(day20.fromRollup).toEqual({ total: 4, paidCount: 1, paidMinor: 65_000 });
  });

  it('gives the same totals as the rows for ranges, status and bank; searches and other filters read the rows', async () => {
    const requests: RawQuery[] = [
      {},
      { from: '2026-11-20' },
      { to: '2026-11-19' },
      { from: '2026-11-18', to: '2026-11-21' },
      { 'finds[trctStatus]': '00' },
      { 'finds[trctBank]': 'BRI' },
      { 'finds[trctBank]': 'BJB', 'finds[trctStatus]': '03', from: '2026-11-20', to: '2026-11-20' },
      { 'finds[trctBank]': 'NONE' },
      { 'finds[trctBank]': 'bj' },
      { 'finds[trctBank][equal]': 'BRI', 'finds[trctStatus][equal]': '03' },
      { 'finds[trctBank][start_with]': 'b', 'finds[trctBank][end_with]': 'I', to: '2026-11-20' },
    ];
    for (const kind of [VA_KIND, QR_KIND]) {
      for (const compId of [mine.compId, 1]) {
        for (const raw of requests) {
          const { fromRollup, fromRows } = await both(kind, compId, raw);
          expect({ kind: kind.type, compId, raw, totals: fromRollup }).toEqual({
            kind: kind.type,
            compId,
            raw,
            totals: fromRows,
          });
        }
      }
    }
    // QRIS's bank is the QR bank when the row has none
    expect((await both(QR_KIND, mine.compId, { 'finds[trctBank]': 'BRI' })).fromRollup?.total).toBe(
      3,
    );
    expect(
      (await both(VA_KIND, mine.compId, { search: 'VA-PAID', searchFields: 'trctOrderId' }))
        .fromRollup,
    ).toBeNull();
    expect(
      (await both(VA_KIND, mine.compId, { 'finds[trctOrderId]': 'VA-PAID-01' })).fromRollup,
    ).toBeNull();
    expect(
      (await both(VA_KIND, mine.compId, { 'finds[trctBank][is_null]': '' })).fromRollup,
    ).toBeNull();
    expect(
      (await both(VA_KIND, mine.compId, { 'finds[trctBank][not_equal]': 'BRI' })).fromRollup,
    ).toBeNull();
  });

  it('follows an inquiry that turns VA and QRIS paid, an expiry, and parallel inquiries of one transaction', async () => {
    const before = (
      await ctx.inject({
        method: 'GET',
        url: '/api/dashboard/transactionVa/?from=2026-11-20&to=2026-11-20',
        token,
      })
    ).json().data.total;
    expect((await inquiry('Va', ids['VA-PAID-01']!)).json().data.paid).toBe(true);
    await expectExact();
    const after = (
      await ctx.inject({
        method: 'GET',
        url: '/api/dashboard/transactionVa/?from=2026-11-20&to=2026-11-20',
        token,
      })
    ).json().data.total;
    expect(after).toMatchObject({
      count_lunas: before.count_lunas + 1,
      nominal_lunas: before.nominal_lunas + 150000,
    });

    // QRIS without trctTotalAmount: the paid amount comes from the QR detail
    expect((await inquiry('Qr', ids['QR-PAID-51']!)).json().data.paid).toBe(true);
    await expectExact();
    expect((await inquiry('Qr', ids['QR-EXPIRED-66']!)).json().data.trctStatus).toBe('05');
    await expectExact();

    const answers = await Promise.all([
      inquiry('Va', ids['VA-PAID-02']!),
      inquiry('Va', ids['VA-PAID-02']!),
      inquiry('Qr', ids['QR-PAID-52']!),
      inquiry('Qr', ids['QR-PAID-52']!),
    ]);
    expect(answers.filter((a) => a.json().data?.paid === true).length).toBeGreaterThanOrEqual(2);
    await expectExact();
    const { fromRollup, fromRows } = await both(QR_KIND, mine.compId, {
      'finds[trctStatus]': '00',
    });
    expect(fromRollup).toEqual(fromRows);
    expect(fromRollup?.paidCount).toBe(2);
  });

  it('is rebuilt in another BUSINESS_TZ (half-hour offset), and is not read while kept in another zone', async () => {
    const db = ctx.db.kysely;
    const kolkata = 'Asia/Kolkata';
    // 2026-11-20 in Kolkata (UTC+5:30) ends at 18:30Z
    await insertTx(ctx, mine, 'VA', [
      {
        orderId: 'VA-KOL-1',
        status: '00',
        amount: 10,
        paid: 10,
        bank: 'KOL',
        createdAt: '2026-11-20T18:29:59.999Z',
      },
      {
        orderId: 'VA-KOL-2',
        status: '00',
        amount: 20,
        paid: 20,
        bank: 'KOL',
        createdAt: '2026-11-20T18:30:00.000Z',
      },
    ]);
    const query = parse(VA_KIND, { 'finds[trctBank]': 'KOL' });
    const kolkataDay = {
      kind: VA_KIND,
      compId: mine.compId,
      days: { from: '2026-11-20', to: '2026-11-20' },
      query,
      timeZone: kolkata,
    };
    expect(await rollupSummary(db, kolkataDay)).toBeNull();
    expect(await ensureRollup(db, kolkata)).toBe(true);
    expect(await ensureRollup(db, kolkata)).toBe(false);
    expect((await verifyRollup(db)).differences).toEqual([]);
    const day = await rollupSummary(db, kolkataDay);
    expect(day).toEqual({ total: 1, paidCount: 1, paidMinor: 1_000 });
    expect(day).toEqual(
      await summary(db, {
        ...kolkataDay,
        range: parseDateRange('2026-11-20', '2026-11-20', kolkata),
      }),
    );
    await rebuildRollup(db, ctx.config.businessTz);
    await expectExact();
  });

  it('reports a group that was changed behind its back', async () => {
    const db = ctx.db.kysely;
    await db
      .updateTable('transaction_rollup')
      .set({ rlupCount: 999 })
      .where('rlupCompId', '=', mine.compId)
      .where('rlupType', '=', TRANSACTION_KINDS.va.type)
      .where('rlupDay', '=', '2026-11-18')
      .execute();
    const { differences } = await verifyRollup(db);
    expect(differences).toEqual([
      {
        key: `${mine.compId}|VA|2026-11-18|00|BJB`,
        stored: { count: 999, lunasMinor: 500_050 },
        expected: { count: 1, lunasMinor: 500_050 },
      },
    ]);
    await rebuildRollup(db, ctx.config.businessTz);
    await expectExact();
  });
});
