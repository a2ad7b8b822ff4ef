import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE, API_PATHS } from '@tagih/contract';
import { DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';

const LIVE = `${API_BASE}${API_PATHS.health.live}`;
const READY = `${API_BASE}${API_PATHS.health.ready}`;

describe.each(DIALECTS)('health endpoints (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { demo: false });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers live and ready without a session', async () => {
    const live = await ctx.inject({ method: 'GET', url: LIVE });
    expect(live.statusCode).toBe(200);
    expect(live.json().status).toEqual({ error: 0, message: 'live' });
    const ready = await ctx.inject({ method: 'GET', url: READY });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: { error: 0, message: 'ready' },
      data: { database: 'ok', migrations: 'ok', worker: 'off', shutdown: 'no' },
    });
  });

  it('declares both routes public (deny by default still holds for the rest)', () => {
    const declared = ctx.app.routeTable
      .filter((r) => r.method === 'GET' && (r.url === LIVE || r.url === READY))
      .map((r) => r.access);
    expect(declared).toEqual(['public', 'public']);
  });

  it('keeps the JSON 404 for unknown API paths next to them', async () => {
    const res = await ctx.inject({ method: 'GET', url: `${API_BASE}/health/nothing` });
    expect(res.statusCode).toBe(404);
    expect(res.json().status.error).toBe(1);
  });

  it('turns not ready as soon as shutdown begins, while live stays up', async () => {
    ctx.app.lifecycle.beginShutdown();
    const ready = await ctx.inject({ method: 'GET', url: READY });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().status).toEqual({ error: 1, message: 'Not ready: shutdown in progress' });
    expect((await ctx.inject({ method: 'GET', url: LIVE })).statusCode).toBe(200);
  });
});

describe.each(DIALECTS)('readiness checks the database and its schema (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { demo: false });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('is not ready while the newest migration is missing', async () => {
    const { LATEST_MIGRATION } = await import('../../src/db/migrate.ts');
    await ctx.db.kysely
      .deleteFrom('kysely_migration' as never)
      .where('name' as never, '=', LATEST_MIGRATION as never)
      .execute();
    const res = await ctx.inject({ method: 'GET', url: READY });
    expect(res.statusCode).toBe(503);
    expect(res.json().status.message).toBe(`Not ready: migrations ${LATEST_MIGRATION} not applied`);
  });
});
