/**
 * MERCHANT_ALLOWED_HOSTS is host:port aware: `host` allows every port, `host:port` that port
 * only. Demo mode allows exactly the demo merchant's loopback port, so a client callback URL
 * pointing at the API itself (or any other loopback port) is refused and recorded, and nothing
 * reaches the API.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import {
  isAllowedTarget,
  parseAllowedHost,
} from '../../src/integrations/merchant/address-guard.ts';
import {
  demoAllowedHosts,
  startDemoSimulators,
  type DemoSimulators,
} from '../../src/demo/demo-simulators.ts';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import {
  createCompany,
  insertTx,
  setCallbackUrl,
  type TestCompany,
} from '../monitoring/support.ts';

describe('allow-list entries', () => {
  it.each([
    ['127.0.0.1', { host: '127.0.0.1', port: null }],
    ['127.0.0.1:8092', { host: '127.0.0.1', port: 8092 }],
    ['Merchant.Example:443', { host: 'merchant.example', port: 443 }],
    ['[::1]:8092', { host: '::1', port: 8092 }],
    ['[::1]', { host: '::1', port: null }],
    ['::1', { host: '::1', port: null }],
    ['0:0::1', { host: '::1', port: null }],
    ['localhost', { host: 'localhost', port: null }],
  ])('reads %s', (entry, expected) => {
    expect(parseAllowedHost(entry)).toEqual(expected);
  });

  it.each([
    '127.0.0.1:0',
    '127.0.0.1:65536',
    'http://x',
    'host/path',
    'a b',
    '[::1',
    '127.0.0.1:80:80',
    'user@host',
    ':8092',
  ])('refuses %s', (entry) => {
    expect(parseAllowedHost(entry)).toBeNull();
  });

  it('matches the host, and the port when the entry names one (the scheme default when the URL does not)', () => {
    const allowed = ['127.0.0.1:8092', 'merchant.example', '[::1]:9000', 'plain.example:80'];
    expect(isAllowedTarget(new URL('http://127.0.0.1:8092/callbacks/1'), allowed)).toBe(true);
    expect(
      isAllowedTarget(new URL('http://127.0.0.1:8080/api/security/authentication/status'), allowed),
    ).toBe(false);
    expect(isAllowedTarget(new URL('http://127.0.0.1/x'), allowed)).toBe(false);
    expect(isAllowedTarget(new URL('https://merchant.example:8443/x'), allowed)).toBe(true);
    expect(isAllowedTarget(new URL('http://[::1]:9000/x'), allowed)).toBe(true);
    expect(isAllowedTarget(new URL('http://[::1]:9001/x'), allowed)).toBe(false);
    expect(isAllowedTarget(new URL('http://plain.example/x'), allowed)).toBe(true);
    expect(isAllowedTarget(new URL('https://plain.example/x'), allowed)).toBe(false);
  });

  it('MERCHANT_ALLOWED_HOSTS is validated at start, and the demo adds exactly the merchant simulator host:port', () => {
    expect(
      loadConfig({ MERCHANT_ALLOWED_HOSTS: ' a.example , 10.0.0.5:8443,[fd00::1]:443 ' })
        .merchantAllowedHosts,
    ).toEqual(['a.example', '10.0.0.5:8443', '[fd00::1]:443']);
    expect(() => loadConfig({ MERCHANT_ALLOWED_HOSTS: 'a.example,http://b.example/' })).toThrow(
      /MERCHANT_ALLOWED_HOSTS="a.example,http:\/\/b.example\/": must be a comma-separated list of 'host' or 'host:port'/,
    );
    expect(demoAllowedHosts(['a.example'], { merchantUrl: 'http://127.0.0.1:8092' })).toEqual([
      'a.example',
      '127.0.0.1:8092',
    ]);
  });
});

describe.each(DIALECTS)('demo callbacks on loopback (%s)', (dialect) => {
  let ctx: TestContext;
  let sims: DemoSimulators;
  let company: TestCompany;
  let token: string;
  let apiPort: number;
  /** Requests the API received over the network (a callback that reached it would be one). */
  const reachedApi: string[] = [];

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    company = await createCompany(ctx);
    sims = await startDemoSimulators({
      host: '127.0.0.1',
      bankPort: 0,
      merchantPort: 0,
      clientSecret: async (clntid) => (clntid === company.clntid ? company.secret : undefined),
      tagihUrl: () => 'http://127.0.0.1:9',
    });
    // As main.ts wires demo mode: the configured list plus the demo merchant's own host:port.
    ctx.deps.config.merchantAllowedHosts = demoAllowedHosts([], sims);
    token = await ctx.loginWithCompany(ADMIN, company.compId);
    // The API on a real loopback port, as `npm start` runs it.
    ctx.app.server.on('request', (req) => reachedApi.push(`${req.method} ${req.url}`));
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    apiPort = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await ctx.close();
    await sims.close();
  });

  const history = async (trctId: number) => {
    const noti = await ctx.db.kysely
      .selectFrom('notifications')
      .selectAll()
      .where('notiTrctId', '=', trctId)
      .executeTakeFirstOrThrow();
    const rows = await ctx.db.kysely
      .selectFrom('notification_history')
      .selectAll()
      .where('nohiNotiId', '=', noti.notiId)
      .orderBy('nohiId')
      .execute();
    return {
      noti,
      rows: rows.map((r) => ({
        request: JSON.parse(r.nohiRequest!),
        response: JSON.parse(r.nohiResponse!),
      })),
    };
  };
  const send = (trctId: number) =>
    ctx.inject({
      method: 'POST',
      url: `/api/dashboard/transactionVa/send_notification/${trctId}`,
      token,
    });

  it("refuses a callback URL on the API's own port: recorded as an error, nothing reaches the API", async () => {
    const targets = [
      [
        `http://127.0.0.1:${apiPort}/api/security/authentication/status`,
        'Callback address 127.0.0.1 is internal and not allowed',
      ],
      [
        `http://localhost:${apiPort}/api/health/live`,
        /^Callback host localhost resolves to internal address/,
      ],
      [
        `http://127.0.0.1:${new URL(sims.bankUrl).port}/snap/v1.0/access-token/b2b`,
        'Callback address 127.0.0.1 is internal and not allowed',
      ],
    ] as const;
    for (const [n, [url, error]] of targets.entries()) {
      const [id] = await insertTx(ctx, company, 'VA', [
        { orderId: `INV-SSRF-1${n}`, status: '00', amount: 1000, notification: { status: 1 } },
      ]);
      await setCallbackUrl(ctx, company, url);
      const res = await send(id!);
      expect(res.statusCode, url).toBe(502);
      expect(res.json().data.responseMessage, url).toMatch(
        /^Merchant tidak dapat dihubungi: Callback /,
      );
      const { noti, rows } = await history(id!);
      expect(noti, url).toMatchObject({ notiStatus: 1, notiAttempts: 1 });
      expect(rows, url).toHaveLength(1);
      expect(rows[0]!.request.url).toBe(url);
      expect(rows[0]!.response).toEqual({
        error: typeof error === 'string' ? error : expect.stringMatching(error),
        latencyMs: expect.any(Number),
      });
    }
    expect(reachedApi).toEqual([]);
  });

  it("delivers to the demo merchant's own port", async () => {
    const [id] = await insertTx(ctx, company, 'VA', [
      { orderId: 'INV-SSRF-2', status: '00', amount: 1000, notification: { status: 1 } },
    ]);
    await setCallbackUrl(ctx, company, `${sims.merchantUrl}/callbacks/${company.clntid}`);
    const res = await send(id!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ responseCode: 200, notiStatus: 2 });
    const { rows } = await history(id!);
    expect(rows.at(-1)!.response).toMatchObject({ status: 200 });
    expect(reachedApi).toEqual([]);
  });

  it('a bare host entry still allows every port of it (an explicit operator choice)', async () => {
    const before = ctx.deps.config.merchantAllowedHosts;
    ctx.deps.config.merchantAllowedHosts = ['127.0.0.1'];
    try {
      const [id] = await insertTx(ctx, company, 'VA', [
        { orderId: 'INV-SSRF-3', status: '00', amount: 1000, notification: { status: 1 } },
      ]);
      await setCallbackUrl(ctx, company, `http://127.0.0.1:${apiPort}/api/health/live`);
      const res = await send(id!);
      expect(res.json().data.responseMessage).toMatch(/^Merchant menjawab HTTP/);
      expect(reachedApi).toEqual(['POST /api/health/live']);
    } finally {
      ctx.deps.config.merchantAllowedHosts = before;
      reachedApi.length = 0;
    }
  });
});
