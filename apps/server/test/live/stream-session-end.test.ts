/**
 * A live stream ends at once when its session ends or changes company, not at the next heartbeat
 * (15 s, the default here): measured over real HTTP with the server listening, from the answer of
 * the request that ends the session to the end of the stream. Logout, a company switch, a reset by
 * an administrator, a deactivation, the session's idle limit, and a logout answered by another
 * server instance on the same database (PostgreSQL: NOTIFY; SQLite: one process). A refused switch
 * and another user's logout leave the stream open.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, API_PATHS, LIVE_STREAM, fillPath } from '@tagih/contract';
import { buildApp } from '../../src/app.ts';
import {
  ADMIN,
  ADMIN_USER,
  DIALECTS,
  STAFF_USER,
  USER_IDS,
  companyId,
  createTestContext,
  type TestContext,
} from '../support/test-app.ts';
import { anotherHandle } from '../ledger/support.ts';
import { SseClient } from './sse-client.ts';

/** Far below the heartbeat (15 s): the stream ended because it was told, not because it polled. */
const AT_ONCE_MS = 2000;
const IDLE_MINUTES = 0.05; // 3 s of the test clock

describe.each(DIALECTS)('a live stream ends with its session (%s)', (dialect) => {
  let ctx: TestContext;
  let base: string;
  let tokoMaju: number;
  let kopiKita: number;
  let lamaTutup: number;
  const open: SseClient[] = [];
  const measured: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    expect(LIVE_STREAM.heartbeatMs).toBe(15_000);
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    tokoMaju = await companyId(ctx, 'PT Toko Maju');
    kopiKita = await companyId(ctx, 'PT Kopi Kita');
    lamaTutup = await companyId(ctx, 'PT Lama Tutup');
  });
  afterEach(() => {
    for (const client of open.splice(0)) client.close();
  });
  afterAll(async () => {
    console.log(`stream ended after (ms, ${dialect}):`, JSON.stringify(measured));
    await ctx?.close();
  });

  const stream = async (token: string) => {
    const client = await SseClient.must(base, token);
    open.push(client);
    return client;
  };
  /** A call over HTTP to the listening server (`at`: another instance's address). */
  const call = (method: string, path: string, token: string, body?: unknown, at = base) =>
    fetch(`${at}${API_BASE}${path}`, {
      method,
      headers: {
        authentication: token,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const isClosed = (tab: SseClient) => tab.messages.some((m) => m.event === 'closed');
  /** How long after `answered` the stream ended; fails when it is still open after AT_ONCE_MS. */
  const endsWithin = async (tab: SseClient, answered: number, name: string) => {
    await tab.until(() => isClosed(tab), AT_ONCE_MS);
    measured[name] = Math.round(performance.now() - answered);
    return measured[name];
  };
  const endReason = (tab: SseClient) => tab.messages.find((m) => m.event === LIVE_STREAM.end)?.data;

  it("logout: the stream ends at once (reason session), another user's stream stays", async () => {
    const token = await ctx.loginWithCompany(ADMIN_USER, tokoMaju);
    const tab = await stream(token);
    const bystander = await stream(await ctx.loginWithCompany(STAFF_USER, tokoMaju));
    const res = await call('POST', API_PATHS.auth.logout, token);
    expect(res.status).toBe(200);
    expect(await endsWithin(tab, performance.now(), 'logout')).toBeLessThan(AT_ONCE_MS);
    expect(endReason(tab)).toEqual({ reason: 'session' });
    // The stream's token is of no use any more, and the other user's stream is untouched.
    expect((await SseClient.open(base, token)) instanceof SseClient).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(isClosed(bystander)).toBe(false);
  });

  it('switching company: the stream of the old company ends at once (reason company); a refused switch leaves it open', async () => {
    const token = await ctx.loginWithCompany(STAFF_USER, tokoMaju);
    const tab = await stream(token);
    // Budi is not linked to PT Lama Tutup (inactive): refused, nothing changes.
    expect(
      (await call('POST', fillPath(API_PATHS.auth.setCompany, { compId: lamaTutup }), token))
        .status,
    ).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(isClosed(tab)).toBe(false);
    const res = await call(
      'POST',
      fillPath(API_PATHS.auth.setCompany, { compId: kopiKita }),
      token,
    );
    expect(res.status).toBe(200);
    expect(await endsWithin(tab, performance.now(), 'switch company')).toBeLessThan(AT_ONCE_MS);
    expect(endReason(tab)).toEqual({ reason: 'company' });
    // A new stream of the session is in the new company.
    const again = await stream(token);
    expect(isClosed(again)).toBe(false);
  });

  it("revocation by an administrator (a password reset, a deactivation): the user's streams end at once", async () => {
    const admin = await ctx.loginWithCompany(ADMIN, tokoMaju);
    const rina = await stream(await ctx.loginWithCompany(ADMIN_USER, tokoMaju));
    const rinaElsewhere = await stream(await ctx.loginWithCompany(ADMIN_USER, kopiKita));
    const reset = await call('PUT', `/master/User_Login/${USER_IDS.rina}`, admin, {
      usloUserName: 'rina',
      usloPassword: 'Sementara-2026',
    });
    expect(reset.status).toBe(200);
    const answered = performance.now();
    expect(await endsWithin(rina, answered, 'password reset')).toBeLessThan(AT_ONCE_MS);
    expect(await endsWithin(rinaElsewhere, answered, 'password reset, 2nd session')).toBeLessThan(
      AT_ONCE_MS,
    );
    expect(endReason(rina)).toEqual({ reason: 'session' });

    const budi = await stream(await ctx.loginWithCompany(STAFF_USER, tokoMaju));
    const off = await call('PUT', `/master/user/${USER_IDS.budi}`, admin, {
      userStatus: 0,
      usloUserName: 'budi',
    });
    expect(off.status).toBe(200);
    expect(await endsWithin(budi, performance.now(), 'deactivation')).toBeLessThan(AT_ONCE_MS);
    expect(endReason(budi)).toEqual({ reason: 'session' });
  });

  it("a logout answered by another server instance on the same database ends this instance's stream at once", async () => {
    const other = await anotherHandle(ctx);
    const second = await buildApp({ ...ctx.deps, db: other.db.kysely }, { webRoot: null });
    try {
      const secondBase = await second.listen({ port: 0, host: '127.0.0.1' });
      const token = await ctx.loginWithCompany(ADMIN, kopiKita);
      const tab = await stream(token);
      const res = await call('POST', API_PATHS.auth.logout, token, undefined, secondBase);
      expect(res.status).toBe(200);
      expect(await endsWithin(tab, performance.now(), 'logout on another instance')).toBeLessThan(
        AT_ONCE_MS,
      );
      expect(endReason(tab)).toEqual({ reason: 'session' });
    } finally {
      await second.close();
      await other.close();
    }
  });
});

describe.each(DIALECTS)('a live stream ends when its session goes idle (%s)', (dialect) => {
  let ctx: TestContext;
  afterAll(async () => {
    await ctx?.close();
  });

  it('at the idle limit, not at the next heartbeat', async () => {
    ctx = await createTestContext(dialect, { config: { sessionIdleMinutes: IDLE_MINUTES } });
    const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const token = await ctx.loginWithCompany(ADMIN, await companyId(ctx, 'PT Toko Maju'));
    const opened = performance.now();
    const tab = await SseClient.must(base, token);
    try {
      // The test clock stands still: once the stream has set its timer (3 s from now), the clock moves
      // past the idle limit, so that the timer's check finds the session ended.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(tab.messages.some((m) => m.event === 'closed')).toBe(false);
      ctx.clock.advanceMinutes(1);
      await tab.until(
        () => tab.messages.some((m) => m.event === 'closed'),
        IDLE_MINUTES * 60_000 + AT_ONCE_MS,
      );
      const after = performance.now() - opened;
      console.log(
        `stream ended at the idle limit (${dialect}) after ${Math.round(after)} ms (limit 3000 ms)`,
      );
      expect(after).toBeGreaterThanOrEqual(IDLE_MINUTES * 60_000 - 100);
      expect(after).toBeLessThan(IDLE_MINUTES * 60_000 + AT_ONCE_MS);
      expect(tab.messages.find((m) => m.event === LIVE_STREAM.end)?.data).toEqual({
        reason: 'session',
      });
    } finally {
      tab.close();
    }
  });
});
