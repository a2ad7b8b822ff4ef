import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, createTestContext, type TestContext } from './support/test-app.ts';

const SECRET = 'password=hunter2 host=db.internal:5432';

describe.each(DIALECTS)('the error handler on an unexpected failure (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, {
      demo: false,
      extraRoutes: (app) => {
        const access = { access: 'public' as const };
        app.get('/api/test/crash', { config: access }, async () => {
          throw new Error(`connect failed: ${SECRET}`);
        });
        app.get('/api/test/crash-with-status', { config: access }, async () => {
          throw Object.assign(new Error(`upstream said: ${SECRET}`), {
            statusCode: 503,
            code: 'E_UPSTREAM',
          });
        });
        app.get('/api/test/crash-not-an-error', { config: access }, async () => {
          throw { detail: SECRET };
        });
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it.each(['/api/test/crash', '/api/test/crash-with-status', '/api/test/crash-not-an-error'])(
    'answers %s with 500 and the generic envelope, leaking neither the message nor the stack',
    async (url) => {
      const res = await ctx.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({
        status: { error: 1, message: 'Internal server error.' },
        data: null,
      });
      expect(res.body).not.toContain('hunter2');
      expect(res.body).not.toContain('db.internal');
      expect(res.body).not.toMatch(/error-handler\.test|\bat\s|stack|E_UPSTREAM/);
    },
  );
});
