/**
 * Every /api answer says `Cache-Control: no-store` (JSON, CSV, errors, 404s, 429s), while the web
 * app's files keep their own caching; /api/docs exists only with API_DOCS on.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import { createCompany, insertTx } from '../monitoring/support.ts';

describe.each(DIALECTS)('Cache-Control on API answers (%s)', (dialect) => {
  let ctx: TestContext;
  let token: string;
  let web: FastifyInstance;
  let webRoot: string;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { loginRateLimit: { max: 3, timeWindowMs: 60_000 } });
    const company = await createCompany(ctx);
    await insertTx(ctx, company, 'VA', [{ orderId: 'INV-C1', status: '00', amount: 1000 }]);
    token = await ctx.loginWithCompany(ADMIN, company.compId);
    webRoot = mkdtempSync(join(tmpdir(), 'tagih-web-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), '<!doctype html><title>Tagih</title>');
    writeFileSync(join(webRoot, 'assets', 'app-1234.js'), 'console.log(1)');
    web = await buildApp(ctx.deps, { webRoot });
    await web.ready();
  });
  afterAll(async () => {
    await web.close();
    await ctx.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it("is no-store on JSON, CSV, validation errors, 401s, a missing row's 404 and an unknown path's 404", async () => {
    const answers = {
      json: await ctx.inject({ method: 'GET', url: '/api/master/company', token }),
      csv: await ctx.inject({
        method: 'GET',
        url: '/api/dashboard/transactionVa/export.csv',
        token,
      }),
      invalid: await ctx.inject({ method: 'GET', url: '/api/master/company?page=0', token }),
      unauthorized: await ctx.inject({ method: 'GET', url: '/api/master/company' }),
      unknown: await ctx.inject({ method: 'GET', url: '/api/no/such/thing' }),
      bareApi: await ctx.inject({ method: 'GET', url: '/api' }),
      notFoundRow: await ctx.inject({ method: 'GET', url: '/api/master/company/999999', token }),
      health: await ctx.inject({ method: 'GET', url: '/api/health/live' }),
    };
    expect(answers.json.statusCode).toBe(200);
    expect(answers.csv.statusCode).toBe(200);
    expect(answers.csv.headers['content-type']).toMatch(/text\/csv/);
    expect(answers.invalid.statusCode).toBe(400);
    expect(answers.unauthorized.statusCode).toBe(401);
    expect(answers.unknown.statusCode).toBe(404);
    expect(answers.notFoundRow.statusCode).toBe(404);
    for (const [name, res] of Object.entries(answers))
      expect(res.headers['cache-control'], name).toBe('no-store');
  });

  it('is no-store on a rate-limited sign-in (429) and on the web app server too', async () => {
    let last;
    for (let i = 0; i < 5; i++) {
      last = await web.inject({
        method: 'POST',
        url: '/api/security/authentication/login',
        payload: { username: 'nobody', password: 'wrong-pass' },
        remoteAddress: '10.9.9.9',
      });
    }
    expect(last!.statusCode).toBe(429);
    expect(last!.headers['cache-control']).toBe('no-store');
    expect(
      (await web.inject({ method: 'GET', url: '/api/no/such/thing' })).headers['cache-control'],
    ).toBe('no-store');
  });

  it("leaves the web app's own caching alone: hashed assets immutable, pages revalidated", async () => {
    const asset = await web.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/dashboard/transactions']) {
      const page = await web.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });
});

describe('API_DOCS', () => {
  it.each([
    [{}, undefined],
    [{ API_DOCS: 'on' }, true],
    [{ API_DOCS: 'off' }, false],
    [{ API_DOCS: 'true' }, true],
    [{ API_DOCS: '0' }, false],
  ])('reads %j as %s (unset: on only in demo mode, which main.ts decides)', (env, expected) => {
    expect(loadConfig(env).apiDocs).toBe(expected);
  });

  it('stops the start on a bad value, naming it', () => {
    expect(() => loadConfig({ API_DOCS: 'maybe' })).toThrow(/API_DOCS="maybe"/);
  });

  describe.each(DIALECTS)('the /api/docs routes (%s)', (dialect) => {
    let on: TestContext;
    let off: TestContext;
    let unset: TestContext;
    beforeAll(async () => {
      on = await createTestContext(dialect, { demo: false, config: { apiDocs: true } });
      off = await createTestContext(dialect, { demo: false, config: { apiDocs: false } });
      unset = await createTestContext(dialect, { demo: false });
    });
    afterAll(async () => {
      await Promise.all([on.close(), off.close(), unset.close()]);
    });

    it('on: serves the page and the OpenAPI document (no-store too)', async () => {
      const json = await on.inject({ method: 'GET', url: '/api/docs/json' });
      expect(json.statusCode).toBe(200);
      expect(json.json().paths).toHaveProperty('/api/security/authentication/login');
      expect(json.headers['cache-control']).toBe('no-store');
      expect((await on.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
    });

    it('off (and unset in buildApp): the JSON 404 of any unknown /api path', async () => {
      for (const ctx of [off, unset]) {
        for (const url of [
          '/api/docs',
          '/api/docs/',
          '/api/docs/json',
          '/api/docs/static/index.html',
        ]) {
          const res = await ctx.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
          expect(res.statusCode, url).toBe(404);
          expect(res.json(), url).toMatchObject({
            status: { error: 1, message: expect.stringContaining(`GET ${url}`) },
          });
          expect(res.headers['cache-control']).toBe('no-store');
        }
      }
    });
  });
});
