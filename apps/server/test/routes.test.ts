import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, STAFF_USER, createTestContext, type TestContext } from './support/test-app.ts';

describe.each(DIALECTS)('every route declares its access (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, {
      config: { apiDocs: true },
      extraRoutes: (app) => {
        app.get(
          '/api/test/needs-master-role-delete',
          { config: { access: { area: 'master_role', action: 'delete' } } },
          async () => ({}),
        );
        app.get('/api/test/undeclared', async () => ({}));
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('has an access declaration on every /api route (deny by default)', () => {
    const undeclared = ctx.app.routeTable
      .filter((r) => r.access === undefined && !r.url.startsWith('/api/test/'))
      .map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    expect(ctx.app.routeTable.length).toBeGreaterThan(5);
  });

  it('answers 403 with a clear message when a permission is missing', async () => {
    const token = await ctx.login(STAFF_USER);
    const res = await ctx.inject({
      method: 'GET',
      url: '/api/test/needs-master-role-delete',
      token,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().status).toEqual({
      error: 1,
      message: 'You do not have permission to do this. (needs master_role.delete)',
    });
  });

  it('denies a route that declares nothing', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/test/undeclared' });
    expect(res.statusCode).toBe(403);
  });

  it('answers 404 in the envelope for an unknown API path', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json().status.error).toBe(1);
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths).toHaveProperty('/api/security/authentication/login');
  });
});
