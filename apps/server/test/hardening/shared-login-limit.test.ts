/**
 * The per-address sign-in limit (LOGIN_RATE_LIMIT) is one budget for all server processes:
 * counted in the database, or in Redis when REDIS_URL is set. Two apps over one database (two
 * "instances") draw from the same budget; the one attempt too many answers 429 with Retry-After.
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, API_PATHS, MESSAGES } from '@tagih/contract';
import { buildApp } from '../../src/app.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';
import type { AppDeps } from '../../src/deps.ts';
import { purgeStaleLoginRates } from '../../src/modules/auth/login-rate-limit.ts';
import { DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';

const LOGIN = `${API_BASE}${API_PATHS.auth.login}`;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** A client address of its own per test run, so runs sharing one Redis never count together. */
const someAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

describe('LOGIN_RATE_LIMIT and REDIS_URL settings', () => {
  it('reads a number a minute or <n>/<unit>; defaults to 30 a minute', () => {
    expect(loadConfig({}).loginRateLimit).toEqual({ max: 30, timeWindowMs: 60_000 });
    expect(loadConfig({ LOGIN_RATE_LIMIT: '12' }).loginRateLimit).toEqual({
      max: 12,
      timeWindowMs: 60_000,
    });
    expect(loadConfig({ LOGIN_RATE_LIMIT: '30/minute' }).loginRateLimit).toEqual({
      max: 30,
      timeWindowMs: 60_000,
    });
    expect(loadConfig({ LOGIN_RATE_LIMIT: '5/second' }).loginRateLimit).toEqual({
      max: 5,
      timeWindowMs: 1_000,
    });
    expect(loadConfig({ LOGIN_RATE_LIMIT: '500/hour' }).loginRateLimit).toEqual({
      max: 500,
      timeWindowMs: 3_600_000,
    });
    for (const bad of ['0', 'many', '30/fortnight', '-3'])
      expect(() => loadConfig({ LOGIN_RATE_LIMIT: bad })).toThrow(/LOGIN_RATE_LIMIT/);
  });

  it('accepts redis:// and rediss:// only, and never echoes the URL (it may hold a password)', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/0' }).redisUrl).toBe(
      'redis://127.0.0.1:6379/0',
    );
    expect(loadConfig({}).redisUrl).toBeUndefined();
    try {
      loadConfig({ REDIS_URL: 'http://user:s3cret@host' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain('REDIS_URL=(hidden)');
      expect((error as Error).message).not.toContain('s3cret');
    }
  });

  it('checks the worker settings: WORKER_PER_MERCHANT at most WORKER_CONCURRENCY', () => {
    expect(loadConfig({})).toMatchObject({
      workerConcurrency: 8,
      workerPerMerchant: 2,
      shutdownGraceSeconds: 20,
    });
    expect(
      loadConfig({
        WORKER_CONCURRENCY: '16',
        WORKER_PER_MERCHANT: '4',
        SHUTDOWN_GRACE_SECONDS: '5',
      }),
    ).toMatchObject({ workerConcurrency: 16, workerPerMerchant: 4, shutdownGraceSeconds: 5 });
    expect(() => loadConfig({ WORKER_CONCURRENCY: '2', WORKER_PER_MERCHANT: '3' })).toThrow(
      /WORKER_PER_MERCHANT/,
    );
    expect(() => loadConfig({ WORKER_CONCURRENCY: '0' })).toThrow(/WORKER_CONCURRENCY/);
    expect(() => loadConfig({ SHUTDOWN_GRACE_SECONDS: 'soon' })).toThrow(/SHUTDOWN_GRACE_SECONDS/);
  });
});

describe.each(DIALECTS)(
  'one sign-in budget per address across server processes (%s)',
  (dialect) => {
    let ctx: TestContext;
    const apps: FastifyInstance[] = [];

    /** A server process over the test database with LOGIN_RATE_LIMIT=3/minute (and REDIS_URL when given). */
    const instance = async (redisUrl?: string): Promise<FastifyInstance> => {
      const { loginRateLimit: _fromTest, ...deps } = ctx.deps;
      const own: AppDeps = {
        ...deps,
        config: { ...ctx.config, loginRateLimit: { max: 3, timeWindowMs: 60_000 }, redisUrl },
      };
      const app = await buildApp(own, { webRoot: null });
      await app.ready();
      apps.push(app);
      return app;
    };
    const signIn = (app: FastifyInstance, address: string) =>
      app.inject({
        method: 'POST',
        url: LOGIN,
        remoteAddress: address,
        payload: { username: 'nobody', password: 'wrong-password' },
      });

    beforeAll(async () => {
      ctx = await createTestContext(dialect, { demo: false });
    });
    afterAll(async () => {
      for (const app of apps) await app.close();
      await ctx.close();
    });

    it('counts sign-ins of one address on both instances together (database)', async () => {
      const [a, b] = [await instance(), await instance()];
      const address = someAddress();
      expect((await signIn(a, address)).statusCode).toBe(401);
      expect((await signIn(b, address)).statusCode).toBe(401);
      expect((await signIn(a, address)).statusCode).toBe(401);
      ctx.clock.advanceMinutes(20 / 60);
      const refused = await signIn(b, address);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        status: { error: 1, message: MESSAGES.tooManyRequests },
        data: null,
      });
      expect(refused.headers['retry-after']).toBe('40');
      expect((await signIn(a, address)).statusCode).toBe(429);
      // Another address has its own budget; the first one's comes back with the next window.
      expect((await signIn(a, someAddress())).statusCode).toBe(401);
      ctx.clock.advanceMinutes(41 / 60);
      expect((await signIn(b, address)).statusCode).toBe(401);
      // The hourly housekeeping forgets windows over a day old.
      ctx.clock.advanceMinutes(24 * 60 + 1);
      expect(await purgeStaleLoginRates(ctx.deps)).toBeGreaterThanOrEqual(2);
    });

    it('counts them in Redis when REDIS_URL is set', async () => {
      const [a, b] = [await instance(REDIS_URL), await instance(REDIS_URL)];
      const address = someAddress();
      expect((await signIn(a, address)).statusCode).toBe(401);
      expect((await signIn(b, address)).statusCode).toBe(401);
      expect((await signIn(a, address)).statusCode).toBe(401);
      const refused = await signIn(b, address);
      expect(refused.statusCode).toBe(429);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // Nothing of it went to the database.
      const rows = await ctx.db.kysely
        .selectFrom('login_rate_limit')
        .select('lrlmKey')
        .where('lrlmKey', 'like', `%|${address}`)
        .execute();
      expect(rows).toEqual([]);
    });
  },
);
