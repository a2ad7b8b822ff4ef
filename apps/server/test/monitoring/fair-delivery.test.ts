/**
 * The retry worker delivers to several merchants at once, at most WORKER_PER_MERCHANT to one,
 * pauses a merchant that keeps failing (circuit breaker) and stops cleanly: a hanging merchant
 * never holds back the others. Real HTTP merchants: a tiny local receiver that counts the
 * requests in flight and can hang until told to answer.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NOTI_STATUS } from '@tagih/contract';
import { MerchantBreakers } from '../../src/modules/notifications/merchant-breaker.ts';
import {
  runDueNotifications,
  startNotificationWorker,
} from '../../src/modules/notifications/retry-worker.ts';
import { DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import { createCompany, insertTx, setCallbackUrl } from './support.ts';

type Mode = 'ok' | 'fail' | 'hang';

/** POST /m/{name}: answers 200 ('ok'), 500 ('fail') or nothing until release() ('hang'). */
class Receiver {
  server!: Server;
  url = '';
  readonly modes = new Map<string, Mode>();
  readonly received = new Map<string, number>();
  readonly inFlight = new Map<string, number>();
  readonly maxInFlight = new Map<string, number>();
  total = 0;
  maxTotal = 0;
  private readonly hanging: Array<{ name: string; answer: () => void }> = [];

  async start(): Promise<void> {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const name = decodeURIComponent((req.url ?? '').replace(/^\/m\//, ''));
    const add = (map: Map<string, number>, by: number) => map.set(name, (map.get(name) ?? 0) + by);
    req.resume();
    req.on('end', () => {
      add(this.received, 1);
      add(this.inFlight, 1);
      this.total += 1;
      this.maxInFlight.set(
        name,
        Math.max(this.maxInFlight.get(name) ?? 0, this.inFlight.get(name)!),
      );
      this.maxTotal = Math.max(this.maxTotal, this.total);
      const answer = (status: number) => {
        add(this.inFlight, -1);
        this.total -= 1;
        res
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify({ ok: status === 200 }));
      };
      const mode = this.modes.get(name) ?? 'ok';
      if (mode === 'hang') this.hanging.push({ name, answer: () => answer(500) });
      else setTimeout(() => answer(mode === 'ok' ? 200 : 500), 40);
    });
  }

  callbackUrl(name: string): string {
    return `${this.url}/m/${encodeURIComponent(name)}`;
  }

  count(map: Map<string, number>, name: string): number {
    return map.get(name) ?? 0;
  }

  /** Answers (500) every hanging request of `name`. */
  release(name: string): void {
    for (const h of this.hanging.filter((x) => x.name === name)) h.answer();
    this.hanging.splice(0, this.hanging.length, ...this.hanging.filter((x) => x.name !== name));
  }

  async close(): Promise<void> {
    for (const h of this.hanging) h.answer();
    this.hanging.length = 0;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

describe.each(DIALECTS)('fair, bounded delivery of notifications (%s)', (dialect) => {
  let ctx: TestContext;
  const receiver = new Receiver();
  let n = 0;

  /** `count` pending notifications due now, for a new merchant (client) whose callback is `name` on the receiver. */
  const due = async (name: string, count: number): Promise<{ clntid: number; ids: number[] }> => {
    const company = await createCompany(ctx);
    await setCallbackUrl(ctx, company, receiver.callbackUrl(name));
    const now = ctx.clock.now().toISOString();
    const trctIds = await insertTx(
      ctx,
      company,
      'VA',
      Array.from({ length: count }, () => ({
        orderId: `FAIR-${++n}`,
        status: '00' as const,
        notification: { status: 1 as const, nextAttemptAt: now },
      })),
    );
    const rows = await ctx.db.kysely
      .selectFrom('notifications')
      .select('notiId')
      .where('notiTrctId', 'in', trctIds)
      .orderBy('notiId')
      .execute();
    return { clntid: company.clntid, ids: rows.map((r) => r.notiId) };
  };
  const statuses = async (ids: number[]) =>
    (
      await ctx.db.kysely
        .selectFrom('notifications')
        .select(['notiStatus'])
        .where('notiId', 'in', ids)
        .orderBy('notiId')
        .execute()
    ).map((r) => r.notiStatus);
  const attempts = async (ids: number[]) =>
    (
      await ctx.db.kysely
        .selectFrom('notifications')
        .select(['notiAttempts'])
        .where('notiId', 'in', ids)
        .orderBy('notiId')
        .execute()
    ).map((r) => r.notiAttempts);

  beforeAll(async () => {
    await receiver.start();
    ctx = await createTestContext(dialect, {
      demo: false,
      config: { merchantAllowedHosts: ['127.0.0.1'] },
    });
    // Long enough that a hanging merchant hangs until the test releases it.
    ctx.deps.merchant = { timeoutMs: 20_000 };
    expect(ctx.config).toMatchObject({
      workerConcurrency: 8,
      workerPerMerchant: 2,
      shutdownGraceSeconds: 20,
    });
  });
  afterEach(async () => {
    // Each test starts with nothing due: what a test left pending is given up.
    await ctx.db.kysely
      .updateTable('notifications')
      .set({ notiNextAttemptAt: null, notiLockedUntil: null })
      .where('notiStatus', '=', NOTI_STATUS.PENDING)
      .execute();
    ctx.deps.config.workerConcurrency = 8;
    ctx.deps.config.workerPerMerchant = 2;
    ctx.clock.advanceMinutes(60);
  });
  afterAll(async () => {
    await ctx.close();
    await receiver.close();
  });

  it('delivers a healthy merchant within the tick while another merchant hangs', async () => {
    receiver.modes.set('hang-a', 'hang');
    const a = await due('hang-a', 3);
    const b = await due('ok-b', 3);
    let tickDone = false;
    const tick = runDueNotifications(ctx.deps).then((results) => {
      tickDone = true;
      return results;
    });
    await vi.waitFor(async () => expect(await statuses(b.ids)).toEqual([2, 2, 2]), {
      timeout: 10_000,
      interval: 20,
    });
    // B is through while A's sends are still hanging (two of them: A's own cap) and the tick is not over.
    expect(tickDone).toBe(false);
    expect(receiver.count(receiver.inFlight, 'hang-a')).toBe(2);
    expect(await statuses(a.ids)).toEqual([1, 1, 1]);
    receiver.modes.set('hang-a', 'fail');
    receiver.release('hang-a');
    const results = await tick;
    expect(results.filter((r) => b.ids.includes(r.notiId)).every((r) => r.delivered)).toBe(true);
    expect(results.filter((r) => a.ids.includes(r.notiId)).map((r) => r.delivered)).toEqual([
      false,
      false,
      false,
    ]);
    expect(receiver.count(receiver.received, 'hang-a')).toBe(3);
  });

  it('the running worker serves notifications that fall due later while a merchant still hangs', async () => {
    receiver.modes.set('hang-w', 'hang');
    const a = await due('hang-w', 3);
    const worker = startNotificationWorker(ctx.deps, 20, { onError: () => {} });
    try {
      await vi.waitFor(() => expect(receiver.count(receiver.inFlight, 'hang-w')).toBe(2), {
        timeout: 10_000,
        interval: 10,
      });
      // B's notifications arrive while A's two sends hang: the next ticks deliver them.
      const b = await due('late-b', 3);
      await vi.waitFor(async () => expect(await statuses(b.ids)).toEqual([2, 2, 2]), {
        timeout: 10_000,
        interval: 20,
      });
      expect(receiver.count(receiver.inFlight, 'hang-w')).toBe(2);
      expect(receiver.count(receiver.received, 'hang-w')).toBe(2); // A never got more than its cap
      expect(await statuses(a.ids)).toEqual([1, 1, 1]);
    } finally {
      const stopped = worker.stop();
      receiver.modes.set('hang-w', 'fail');
      receiver.release('hang-w');
      await stopped;
    }
  });

  it('keeps at most WORKER_PER_MERCHANT requests at one merchant and WORKER_CONCURRENCY in all', async () => {
    ctx.deps.config.workerConcurrency = 3;
    receiver.maxTotal = 0;
    const c = await due('cap-c', 6);
    const d = await due('cap-d', 6);
    const results = await runDueNotifications(ctx.deps);
    expect(results).toHaveLength(12);
    expect(await statuses([...c.ids, ...d.ids])).toEqual(Array(12).fill(2));
    expect(receiver.count(receiver.maxInFlight, 'cap-c')).toBe(2);
    expect(receiver.count(receiver.maxInFlight, 'cap-d')).toBeLessThanOrEqual(2);
    expect(receiver.maxTotal).toBeLessThanOrEqual(3);
    expect(receiver.maxTotal).toBeGreaterThan(1); // really in parallel
  });

  it('opens the breaker after 5 failures in a row: the merchant waits its cool-down (doubling), the others go on', async () => {
    ctx.deps.config.workerPerMerchant = 1; // one at a time, so the count of sends is exact
    const breakers = new MerchantBreakers(ctx.clock);
    receiver.modes.set('brk-e', 'fail');
    const e = await due('brk-e', 7);
    await runDueNotifications(ctx.deps, { breakers });
    expect(receiver.count(receiver.received, 'brk-e')).toBe(5);
    expect(breakers.stateOf(e.clntid)).toMatchObject({
      open: true,
      consecutiveFailures: 5,
      cooldownMs: 60_000,
    });
    expect(await attempts(e.ids)).toEqual([1, 1, 1, 1, 1, 0, 0]);

    // While open: E's two due notifications are skipped, another merchant's go out.
    const f = await due('brk-f', 2);
    ctx.clock.advanceMinutes(0.5);
    const results = await runDueNotifications(ctx.deps, { breakers });
    expect(results.map((r) => r.notiId).sort()).toEqual(f.ids);
    expect(receiver.count(receiver.received, 'brk-e')).toBe(5);

    // After the cool-down (60 s): one trial; it fails, so the breaker opens again for 120 s.
    ctx.clock.advanceMinutes(0.5);
    await runDueNotifications(ctx.deps, { breakers });
    expect(receiver.count(receiver.received, 'brk-e')).toBe(6);
    expect(breakers.stateOf(e.clntid)).toMatchObject({ open: true, cooldownMs: 120_000 });
    ctx.clock.advanceMinutes(1);
    await runDueNotifications(ctx.deps, { breakers });
    expect(receiver.count(receiver.received, 'brk-e')).toBe(6);

    // After 120 s the merchant is back: the trial succeeds, the breaker closes, the rest goes out.
    receiver.modes.set('brk-e', 'ok');
    ctx.clock.advanceMinutes(1);
    await runDueNotifications(ctx.deps, { breakers });
    expect(breakers.stateOf(e.clntid)).toMatchObject({ open: false, consecutiveFailures: 0 });
    ctx.clock.advanceMinutes(5); // the failed trial's own retry is due 5 min after it
    await runDueNotifications(ctx.deps, { breakers });
    expect(await statuses(e.ids)).toEqual(Array(7).fill(2));
  });

  it('stop() during a tick starts nothing new and resolves once the sends in flight have finished', async () => {
    receiver.modes.set('stop-g', 'hang');
    const g = await due('stop-g', 4);
    const errors: unknown[] = [];
    const worker = startNotificationWorker(ctx.deps, 20, {
      onError: (error) => errors.push(error),
    });
    await vi.waitFor(() => expect(receiver.count(receiver.inFlight, 'stop-g')).toBe(2), {
      timeout: 10_000,
      interval: 10,
    });
    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(stopped).toBe(false); // waits for the two in flight
    receiver.modes.set('stop-g', 'ok');
    receiver.release('stop-g');
    await stopping;
    // Their slots were free again, yet nothing more was claimed after stop().
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.count(receiver.received, 'stop-g')).toBe(2);
    expect(await attempts(g.ids)).toEqual([1, 1, 0, 0]);
    const leases = await ctx.db.kysely
      .selectFrom('notifications')
      .select('notiLockedUntil')
      .where('notiId', 'in', g.ids)
      .execute();
    expect(leases.every((l) => l.notiLockedUntil === null)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('stop() gives up waiting after the grace; the abandoned sends keep their lease until it runs out', async () => {
    receiver.modes.set('grace-h', 'hang');
    const h = await due('grace-h', 1);
    let abandoned = 0;
    const worker = startNotificationWorker(ctx.deps, 20, {
      onError: () => {},
      graceMs: 100,
      onAbandoned: () => (abandoned += 1),
    });
    await vi.waitFor(() => expect(receiver.count(receiver.inFlight, 'grace-h')).toBe(1), {
      timeout: 10_000,
      interval: 10,
    });
    await worker.stop();
    expect(abandoned).toBe(1);
    const [row] = await ctx.db.kysely
      .selectFrom('notifications')
      .select(['notiLockedUntil', 'notiAttempts'])
      .where('notiId', '=', h.ids[0]!)
      .execute();
    expect(row).toMatchObject({ notiAttempts: 0 });
    expect(row!.notiLockedUntil).not.toBeNull();
    receiver.release('grace-h');
    await vi.waitFor(async () => expect(await attempts(h.ids)).toEqual([1]), {
      timeout: 5_000,
      interval: 20,
    });
  });
});
