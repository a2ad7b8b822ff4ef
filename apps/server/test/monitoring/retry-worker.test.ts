import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { AppDeps } from '../../src/deps.ts';
import { runDueNotifications } from '../../src/modules/notifications/retry-worker.ts';
import { DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import {
  createCompany,
  historyCount as attemptsIn,
  insertTx,
  startSimulators,
  useMerchant,
  type Simulators,
} from './support.ts';

describe.each(DIALECTS)('automatic retries of undelivered notifications (%s)', (dialect) => {
  let ctx: TestContext;
  let sims: Simulators;
  const noti = (notiId: number) =>
    ctx.db.kysely
      .selectFrom('notifications')
      .selectAll()
      .where('notiId', '=', notiId)
      .executeTakeFirstOrThrow();
  const historyCount = (notiId: number) => attemptsIn(ctx, notiId);
  /** Pending notifications due now, for a new company whose client calls merchant path `name`. */
  const due = async (name: string, count = 1): Promise<number[]> => {
    const company = await createCompany(ctx);
    await useMerchant(ctx, sims, company, name);
    const now = ctx.clock.now().toISOString();
    const ids = await insertTx(
      ctx,
      company,
      'VA',
      Array.from({ length: count }, (_, i) => ({
        orderId: `INV-${name}-${i}`,
        status: '00' as const,
        notification: { status: 1 as const, nextAttemptAt: now },
      })),
    );
    const rows = await ctx.db.kysely
      .selectFrom('notifications')
      .select('notiId')
      .where('notiTrctId', 'in', ids)
      .orderBy('notiId')
      .execute();
    return rows.map((r) => r.notiId);
  };

  beforeAll(async () => {
    sims = await startSimulators();
    ctx = await createTestContext(dialect, {
      demo: false,
      config: { merchantAllowedHosts: ['127.0.0.1'] },
    });
    ctx.deps.merchant = { timeoutMs: 2_000 };
  });
  afterAll(async () => {
    await ctx.close();
    await sims.close();
  });

  it('retries after 1 min, 5 min, 15 min, 1 h, 6 h and 24 h, then gives up; each attempt a history row', async () => {
    const [id] = await due('sched');
    sims.merchant.setMode('sched', 'fail');
    const gaps: number[] = [];
    for (let attempt = 1; attempt <= 7; attempt++) {
      const results = await runDueNotifications(ctx.deps);
      expect(results.map((r) => r.notiId)).toEqual([id]);
      const row = await noti(id!);
      expect(row).toMatchObject({ notiStatus: 1, notiAttempts: attempt, notiLockedUntil: null });
      expect(await historyCount(id!)).toBe(attempt);
      // not due again before its time
      expect(await runDueNotifications(ctx.deps)).toEqual([]);
      if (row.notiNextAttemptAt === null) break;
      gaps.push((Date.parse(row.notiNextAttemptAt) - ctx.clock.now().getTime()) / 60_000);
      ctx.clock.set(new Date(row.notiNextAttemptAt));
    }
    expect(gaps).toEqual([1, 5, 15, 60, 360, 1440]);
    expect(await noti(id!)).toMatchObject({ notiAttempts: 7, notiNextAttemptAt: null });
    ctx.clock.advanceMinutes(10 * 24 * 60);
    expect(await runDueNotifications(ctx.deps)).toEqual([]);
  });

  it('picks up where it left off after a restart (the state lives in the database)', async () => {
    const [id] = await due('restart');
    sims.merchant.setMode('restart', 'fail');
    expect((await runDueNotifications(ctx.deps))[0]).toMatchObject({
      notiId: id,
      delivered: false,
    });
    // "restart": a new app over the same database, worker on, with nothing carried over in memory
    sims.merchant.setMode('restart', 'ok');
    ctx.clock.advanceMinutes(1);
    const deps: AppDeps = {
      db: ctx.deps.db,
      dialect: ctx.deps.dialect,
      config: ctx.deps.config,
      clock: ctx.clock,
      merchant: { timeoutMs: 2_000 },
      notificationWorker: { intervalMs: 20 },
    };
    const restarted = await buildApp(deps, { webRoot: null });
    await restarted.ready();
    try {
      await vi.waitFor(async () => expect((await noti(id!)).notiStatus).toBe(2), {
        timeout: 5_000,
        interval: 20,
      });
    } finally {
      await restarted.close();
    }
    expect(await noti(id!)).toMatchObject({
      notiStatus: 2,
      notiAttempts: 2,
      notiNextAttemptAt: null,
    });
    expect(await historyCount(id!)).toBe(2);
  });

  it('sends each due notification once even with two workers (two server processes) at the same moment', async () => {
    const ids = await due('slow-pair', 3);
    const before = sims.merchant.received.length;
    const other: AppDeps = { ...ctx.deps };
    const [a, b] = await Promise.all([runDueNotifications(ctx.deps), runDueNotifications(other)]);
    expect([...a, ...b].map((r) => r.notiId).sort((x, y) => x - y)).toEqual(ids);
    expect(sims.merchant.received.length - before).toBe(3);
    for (const id of ids) {
      expect(await historyCount(id)).toBe(1);
      expect((await noti(id)).notiStatus).toBe(2);
    }
  });

  it('leaves a notification alone while a manual send holds its lease', async () => {
    const [id] = await due('lease');
    const until = new Date(ctx.clock.now().getTime() + 60_000).toISOString();
    await ctx.db.kysely
      .updateTable('notifications')
      .set({ notiLockedUntil: until })
      .where('notiId', '=', id!)
      .execute();
    expect(await runDueNotifications(ctx.deps)).toEqual([]);
    ctx.clock.advanceMinutes(2); // the holder died: its lease runs out and the worker takes over
    expect((await runDueNotifications(ctx.deps)).map((r) => r.notiId)).toEqual([id]);
  });
});
