/**
 * TRUST_PROXY: off by default (X-Forwarded-For ignored); with the proxy's address listed,
 * request.ip is the client's, so the sign-in rate limit (and the audit trail) see each client.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';

describe('TRUST_PROXY setting', () => {
  it.each([
    [{}, []],
    [{ TRUST_PROXY: 'off' }, []],
    [{ TRUST_PROXY: '127.0.0.1' }, ['127.0.0.1']],
    [
      { TRUST_PROXY: ' 10.0.0.5 , 10.1.0.0/16,fd00::/8, ::1,loopback ' },
      ['10.0.0.5', '10.1.0.0/16', 'fd00::/8', '::1', 'loopback'],
    ],
  ])('reads %j', (env, expected) => {
    expect(loadConfig(env).trustProxy).toEqual(expected);
  });

  it.each(['true', 'yes', '10.0.0.0/33', '10.0.0.256', 'proxy.example', '10.0.0.0/8/8', '::1/129'])(
    'stops the start on %s, naming TRUST_PROXY',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /TRUST_PROXY=.*: must be 'off' or a comma-separated list of proxy addresses or CIDRs/,
      );
    },
  );
});

describe.each(DIALECTS)('client addresses behind a proxy (%s)', (dialect) => {
  const LOGIN = '/api/security/authentication/login';
  let behindProxy: TestContext;
  let direct: TestContext;
  const seen: Record<string, string[]> = { behindProxy: [], direct: [] };

  beforeAll(async () => {
    const make = (name: string, trustProxy: string[]) =>
      createTestContext(dialect, {
        demo: false,
        config: { trustProxy },
        loginRateLimit: { max: 2, timeWindowMs: 60_000 },
        extraRoutes: (app) =>
          app.addHook('onRequest', async (request) => void seen[name]!.push(request.ip)),
      });
    behindProxy = await make('behindProxy', ['127.0.0.1']);
    direct = await make('direct', []);
  });
  afterAll(async () => {
    await behindProxy.close();
    await direct.close();
  });

  const signIn = (ctx: TestContext, forwardedFor?: string, remoteAddress = '127.0.0.1') =>
    ctx.app.inject({
      method: 'POST',
      url: LOGIN,
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      payload: { username: 'nobody', password: 'wrong-pass' },
    });

  it('with TRUST_PROXY=127.0.0.1 each forwarded client has its own sign-in budget, and request.ip is the client', async () => {
    const codes = async (forwardedFor: string) => [
      (await signIn(behindProxy, forwardedFor)).statusCode,
      (await signIn(behindProxy, forwardedFor)).statusCode,
      (await signIn(behindProxy, forwardedFor)).statusCode,
    ];
    expect(await codes('203.0.113.7')).toEqual([401, 401, 429]);
    expect(await codes('198.51.100.9')).toEqual([401, 401, 429]);
    // The proxy appends the address it saw: the client is the right-most address not trusted.
    expect((await signIn(behindProxy, '10.66.0.1, 192.0.2.44')).statusCode).toBe(401);
    expect(seen.behindProxy).toEqual([
      ...Array(3).fill('203.0.113.7'),
      ...Array(3).fill('198.51.100.9'),
      '192.0.2.44',
    ]);
  });

  it('an X-Forwarded-For from an address that is not a trusted proxy is ignored', async () => {
    seen.behindProxy!.length = 0;
    expect((await signIn(behindProxy, '203.0.113.99', '192.0.2.200')).statusCode).toBe(401);
    expect(seen.behindProxy).toEqual(['192.0.2.200']);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: every client behind the proxy shares one budget', async () => {
    expect((await signIn(direct, '203.0.113.7')).statusCode).toBe(401);
    expect((await signIn(direct, '198.51.100.9')).statusCode).toBe(401);
    expect((await signIn(direct, '192.0.2.1')).statusCode).toBe(429);
    expect(seen.direct).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1']);
  });

  it('the audit trail records the forwarded client address', async () => {
    const rows = await behindProxy.db.kysely
      .selectFrom('audit_events')
      .select(['audtIp', 'audtAction'])
      .where('audtAction', '=', 'auth.login.failed')
      .execute();
    expect(new Set(rows.map((r) => r.audtIp))).toEqual(
      new Set(['203.0.113.7', '198.51.100.9', '192.0.2.44', '192.0.2.200']),
    );
  });
});
