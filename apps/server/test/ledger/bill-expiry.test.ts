/**
 * Unpaid bills past their expiry turn Kadaluarsa: VA and QRIS, in batches, with the rollup exact,
 * one transaction.expired event each (shown in the transaction's timeline), never twice (a second
 * run, two instances at once), and a bill paid or not yet due is left alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, TRANSACTION_KINDS, fillPath, transactionPaths } from '@tagih/contract';
import { buildApp } from '../../src/app.ts';
import { verifyRollup } from '../../src/db/transaction-rollup.ts';
import { verifyAuditChain } from '../../src/modules/audit/service.ts';
import { expireDueBills } from '../../src/modules/ledger/expire-bills.ts';
import {
  ADMIN,
  DIALECTS,
  TestClock,
  companyId,
  createTestContext,
  type TestContext,
} from '../support/test-app.ts';
import {
  anotherHandle,
  dueBills,
  expiryEvents,
  openVaBills,
  setVaExpiry,
  statusesOf,
} from './support.ts';

describe.each(DIALECTS)('bill expiry (%s)', (dialect) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const nowIso = () => ctx.clock.now().toISOString();
  const minutesFromNow = (minutes: number) =>
    new Date(ctx.clock.now().getTime() + minutes * 60_000).toISOString();

  it('marks unpaid VA and QRIS bills past their expiry Kadaluarsa in batches, rollup exact, one audit event each', async () => {
    // A few VA bills fall due; the demo's QRIS bills (two days to pay) older than that are due already.
    const vaDue = (await openVaBills(ctx, 'BRI', nowIso(), 3)).map((b) => b.trctId);
    await setVaExpiry(ctx, vaDue, minutesFromNow(-5));
    const notYetDue = (await openVaBills(ctx, 'BJB', nowIso(), 2)).map((b) => b.trctId);
    const paidPastExpiry = await ctx.db.kysely
      .selectFrom('transactions as t')
      .innerJoin('transaction_va as v', 'v.trvaTrctId', 't.trctId')
      .where('t.trctStatus', '=', '00')
      .select('t.trctId')
      .orderBy('t.trctId')
      .limit(2)
      .execute();
    await setVaExpiry(
      ctx,
      paidPastExpiry.map((r) => r.trctId),
      minutesFromNow(-60),
    );
    const due = [
      ...(await dueBills(ctx, 'VA', nowIso())),
      ...(await dueBills(ctx, 'QRIS', nowIso())),
    ];
    expect(due).toEqual(expect.arrayContaining(vaDue));
    expect((await dueBills(ctx, 'QRIS', nowIso())).length).toBeGreaterThan(7); // more than one batch below

    const expired = await expireDueBills(ctx.deps, { batchSize: 7 });

    expect(expired).toBe(due.length);
    expect(await statusesOf(ctx, due)).toEqual(due.map(() => '05'));
    expect([
      ...(await dueBills(ctx, 'VA', nowIso())),
      ...(await dueBills(ctx, 'QRIS', nowIso())),
    ]).toEqual([]);
    expect(await statusesOf(ctx, notYetDue)).toEqual(['03', '03']);
    expect(
      await statusesOf(
        ctx,
        paidPastExpiry.map((r) => r.trctId),
      ),
    ).toEqual(['00', '00']);
    const events = await expiryEvents(ctx);
    expect([...events.keys()].sort((a, b) => a - b)).toEqual([...due].sort((a, b) => a - b));
    expect([...events.values()].every((n) => n === 1)).toBe(true);
    expect((await verifyRollup(ctx.db.kysely)).differences).toEqual([]);
    expect(await verifyAuditChain(ctx.db.kysely)).toMatchObject({ ok: true });
  });

  it("shows the expiry in the transaction timeline, by the system, at the bill's expiry time", async () => {
    const [bill] = await openVaBills(ctx, 'Mandiri', nowIso(), 1);
    const expiredAt = minutesFromNow(-1);
    await setVaExpiry(ctx, [bill!.trctId], expiredAt);
    await expireDueBills(ctx.deps);
    const owner = await ctx.db.kysely
      .selectFrom('transactions')
      .select('trctCompId')
      .where('trctId', '=', bill!.trctId)
      .executeTakeFirstOrThrow();
    const token = await ctx.loginWithCompany(ADMIN, owner.trctCompId);
    const url = `${API_BASE}${fillPath(transactionPaths(TRANSACTION_KINDS.va).detail, { trctId: bill!.trctId })}`;
    const res = await ctx.inject({ method: 'GET', url, token });
    expect(res.statusCode).toBe(200);
    const { transaction, timeline } = res.json().data;
    expect(transaction.trctStatus).toBe('05');
    expect(timeline).toEqual(
      expect.arrayContaining([
        { type: 'status', at: expiredAt, status: '05' },
        expect.objectContaining({
          type: 'operator',
          action: 'transaction.expired',
          actor: 'system',
          details: expect.objectContaining({ kind: 'VA', orderId: bill!.trctOrderId, expiredAt }),
        }),
      ]),
    );
  });

  it('runs again, or on two instances at once, without expiring anything twice', async () => {
    const bills = (await openVaBills(ctx, 'BRI', nowIso(), 12)).map((b) => b.trctId);
    await setVaExpiry(ctx, bills, minutesFromNow(-2));
    const before = await expiryEvents(ctx);
    const other = await anotherHandle(ctx);
    try {
      const [a, b] = await Promise.all([
        expireDueBills(ctx.deps, { batchSize: 3 }),
        expireDueBills({ ...ctx.deps, db: other.db.kysely }, { batchSize: 3 }),
      ]);
      expect(a + b).toBe(bills.length);
    } finally {
      await other.close();
    }
    expect(await expireDueBills(ctx.deps)).toBe(0);
    const after = await expiryEvents(ctx);
    for (const id of bills) expect([before.get(id) ?? 0, after.get(id)]).toEqual([0, 1]);
    expect(after.size - before.size).toBe(bills.length);
    expect((await verifyRollup(ctx.db.kysely)).differences).toEqual([]);
    expect(await verifyAuditChain(ctx.db.kysely)).toMatchObject({ ok: true });
  });

  it('a regular run looks back only so far: older due bills wait for the next full pass', async () => {
    const [old, recent] = (await openVaBills(ctx, 'BJB', nowIso(), 2)).map((b) => b.trctId);
    await setVaExpiry(ctx, [old!], minutesFromNow(-120));
    await setVaExpiry(ctx, [recent!], minutesFromNow(-3));
    expect(
      await expireDueBills(ctx.deps, { since: new Date(ctx.clock.now().getTime() - 15 * 60_000) }),
    ).toBe(1);
    expect(await statusesOf(ctx, [old!, recent!])).toEqual(['03', '05']);
    expect(await expireDueBills(ctx.deps)).toBe(1);
    expect(await statusesOf(ctx, [old!, recent!])).toEqual(['05', '05']);
  });

  it("the list totals follow: a company's unpaid count drops by what expired", async () => {
    const compId = await companyId(ctx, 'PT Kopi Kita');
    const token = await ctx.loginWithCompany(ADMIN, compId);
    const counts = async () => {
      const res = await ctx.inject({
        method: 'GET',
        url: `${API_BASE}${TRANSACTION_KINDS.va.resource.path}/?from=2026-10-01&to=2026-11-30&max=1&finds[trctStatus][equal]=03`,
        token,
      });
      expect(res.statusCode).toBe(200);
      return res.json().data.pagination.totalData as number;
    };
    const bills = await ctx.db.kysely
      .selectFrom('transactions as t')
      .innerJoin('transaction_va as v', 'v.trvaTrctId', 't.trctId')
      .where('t.trctCompId', '=', compId)
      .where('t.trctStatus', '=', '03')
      .select('t.trctId')
      .orderBy('t.trctId')
      .limit(4)
      .execute();
    const unpaidBefore = await counts();
    await setVaExpiry(
      ctx,
      bills.map((b) => b.trctId),
      minutesFromNow(-1),
    );
    expect(await expireDueBills({ ...ctx.deps, clock: new TestClock(ctx.clock.now()) })).toBe(4);
    expect(await counts()).toBe(unpaidBefore - 4);
  });
});

describe.each(DIALECTS)('the expiry worker (%s)', (dialect) => {
  it("expires the demo data's past-due bills as soon as the app starts, and stops with it", async () => {
    const ctx = await createTestContext(dialect);
    const due = async () => [
      ...(await dueBills(ctx, 'VA', ctx.clock.now().toISOString())),
      ...(await dueBills(ctx, 'QRIS', ctx.clock.now().toISOString())),
    ];
    const app = await buildApp(
      { ...ctx.deps, expiryWorker: { intervalMs: 3_600_000 } },
      { webRoot: null },
    );
    try {
      const before = await due();
      expect(before.length).toBeGreaterThan(0);
      await app.ready();
      for (let i = 0; i < 200 && (await due()).length > 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 25));
      expect(await due()).toEqual([]);
      expect(await statusesOf(ctx, before)).toEqual(before.map(() => '05'));
    } finally {
      await app.close();
      await ctx.close();
    }
  });
});
