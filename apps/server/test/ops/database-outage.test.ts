/**
 * PostgreSQL drops our connections (restart, failover, an admin's pg_terminate_backend) or is
 * too slow: the request in flight answers 503 in the envelope, the process lives on, and the
 * next requests are served again without a restart of ours.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { API_BASE, API_PATHS } from '@tagih/contract';
import { UNAVAILABLE_MESSAGES } from '../../src/db/connection-errors.ts';
import { openDatabase, type Db } from '../../src/db/database.ts';
import { createTestContext, type TestContext } from '../support/test-app.ts';

const PG_URL = process.env.TEST_DATABASE_URL;
const STATUS = `${API_BASE}${API_PATHS.auth.status}`;
const SLOW = '/api/test/slow';

/** A test-only route whose query sleeps; the marker lets the admin connection find its backend. */
function slowRoute(marker: string, seconds: number, ctxOf: () => TestContext) {
  return (app: TestContext['app']) => {
    app.get(SLOW, { config: { access: 'public' } }, async () => {
      await sql`select pg_sleep(${seconds}) as ${sql.id(marker)}`.execute(ctxOf().db.kysely);
      return { slept: true };
    });
  };
}

async function backendRunning(admin: Db, marker: string): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const { rows } = await sql<{
      pid: number;
    }>`select pid from pg_stat_activity where query like ${`%${marker}%`} and pid <> pg_backend_pid()`.execute(
      admin.kysely,
    );
    if (rows[0]) return rows[0].pid;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the slow query never started');
}

const terminate = (admin: Db, pid: number) =>
  sql`select pg_terminate_backend(${pid})`.execute(admin.kysely);

describe.runIf(PG_URL)('PostgreSQL connection trouble answers 503 and heals (postgres)', () => {
  let admin: Db;
  const opened: TestContext[] = [];
  beforeAll(() => {
    admin = openDatabase(PG_URL!);
  });
  afterEach(async () => {
    for (const ctx of opened.splice(0)) await ctx.close();
  });
  afterAll(async () => {
    await admin.close();
  });

  async function app(
    pool: { size?: number; acquireTimeoutMs?: number; statementTimeoutMs?: number },
    seconds = 30,
  ) {
    const marker = `slow_${randomBytes(6).toString('hex')}`;
    const applicationName = `tagih-test-${marker}`;
    // The route runs after the context exists, so it can reach the context's database.
    const ctx: TestContext = await createTestContext('postgres', {
      demo: false,
      database: { pool, applicationName },
      extraRoutes: slowRoute(marker, seconds, () => ctx),
    });
    opened.push(ctx);
    return { ctx, marker, applicationName };
  }

  it('fails the request whose connection is killed with 503, then serves the next one', async () => {
    const { ctx, marker } = await app({});
    const token = await ctx.login();
    const pending = ctx.inject({ method: 'GET', url: SLOW });
    await terminate(admin, await backendRunning(admin, marker));
    const res = await pending;
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: { error: 1, message: UNAVAILABLE_MESSAGES.unreachable },
      data: null,
    });
    expect((await ctx.inject({ method: 'GET', url: STATUS, token })).statusCode).toBe(200);
  });

  it('recovers after every connection of the pool is terminated between requests', async () => {
    const { ctx, applicationName } = await app({});
    const token = await ctx.login();
    await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${applicationName}`.execute(
      admin.kysely,
    );
    // A request may still meet a dying connection (503); within a generous window one succeeds, none is a 500.
    const seen: number[] = [];
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && seen.at(-1) !== 200) {
      seen.push((await ctx.inject({ method: 'GET', url: STATUS, token })).statusCode);
    }
    expect(seen.at(-1)).toBe(200);
    expect(seen.filter((s) => s !== 200 && s !== 503)).toEqual([]);
  });

  it('answers 503 when a statement runs past DB_STATEMENT_TIMEOUT_MS', async () => {
    const { ctx } = await app({ statementTimeoutMs: 200 }, 5);
    const res = await ctx.inject({ method: 'GET', url: SLOW });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: { error: 1, message: UNAVAILABLE_MESSAGES.tooSlow },
      data: null,
    });
  });

  it('answers 503 when no connection frees up within DB_ACQUIRE_TIMEOUT_MS', async () => {
    const { ctx, marker } = await app({ size: 1, acquireTimeoutMs: 300 }, 3);
    const holding = ctx.inject({ method: 'GET', url: SLOW });
    await backendRunning(admin, marker);
    const res = await ctx.inject({
      method: 'POST',
      url: `${API_BASE}${API_PATHS.auth.login}`,
      payload: { username: 'admin', password: 'whatever' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: { error: 1, message: UNAVAILABLE_MESSAGES.noConnection },
      data: null,
    });
    expect((await holding).statusCode).toBe(200);
  });
});
