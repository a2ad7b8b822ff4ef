/**
 * Bank and merchant answers are read up to 1 MB; a longer one is refused as a clear error and
 * its connection dropped: the process does not buffer it, nothing is marked paid or delivered.
 * The other side is a real HTTP server in this test that answers 2 MB (declared or chunked) or
 * streams without end.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoBanks } from '@tagih/bank-sim';
import { ANSWER_LIMIT_BYTES } from '../../src/integrations/answer-limit.ts';
import { BankFailure } from '../../src/integrations/bank/gateway.ts';
import { SnapBankGateway } from '../../src/integrations/bank/snap-gateway.ts';
import { postJson } from '../../src/integrations/merchant/outbound-http.ts';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import {
  createCompany,
  insertTx,
  setCallbackUrl,
  type TestCompany,
} from '../monitoring/support.ts';

const TWO_MB = 2 * 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'x');

/** A server that answers 2 MB in the way its path says, and counts what it managed to send. */
interface BigServer {
  url: string;
  /** Bytes written per finished answer of /endless (the client must have hung up early). */
  endlessSent: number[];
  close(): Promise<void>;
}

function stream(res: ServerResponse, limit: number, done: (sent: number) => void): void {
  let sent = 0;
  const more = () => {
    while (sent < limit) {
      sent += CHUNK.length;
      if (!res.write(CHUNK)) return void res.once('drain', more);
    }
    res.end();
  };
  res.on('close', () => done(sent));
  more();
}

async function startBigServer(): Promise<BigServer> {
  const endlessSent: number[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    if (req.url?.startsWith('/declared')) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(TWO_MB) });
      stream(res, TWO_MB, () => {});
    } else if (req.url?.startsWith('/chunked')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      stream(res, TWO_MB, () => {});
    } else {
      // No end: 512 MB would fill any buffer that tried to keep it.
      res.writeHead(200, { 'content-type': 'application/json' });
      stream(res, 512 * 1024 * 1024, (sent) => endlessSent.push(sent));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    endlessSent,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const memory = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

describe('answers larger than 1 MB', () => {
  let big: BigServer;
  beforeAll(async () => {
    big = await startBigServer();
  });
  afterAll(async () => {
    await big.close();
  });

  it('the limit is 1 MB', () => {
    expect(ANSWER_LIMIT_BYTES).toBe(1024 * 1024);
  });

  it('merchant: refused whether declared, chunked or endless; the connection is dropped early', async () => {
    const before = memory();
    for (const path of ['/declared', '/chunked', '/endless', '/endless']) {
      const started = Date.now();
      const outcome = await postJson(
        `${big.url}${path}`,
        { 'content-type': 'application/json' },
        '{}',
        { timeoutMs: 20_000, allowedHosts: ['127.0.0.1'] },
      );
      expect(outcome, path).toMatchObject({
        status: null,
        body: '',
        error: 'Merchant answered with more than 1 MB; the answer was refused',
        answerRefused: true,
      });
      expect(Date.now() - started, path).toBeLessThan(10_000);
    }
    await expect.poll(() => big.endlessSent.length).toBe(2);
    // The server could push only what the socket buffers took before the hang-up, not 512 MB.
    for (const sent of big.endlessSent) expect(sent).toBeLessThan(32 * 1024 * 1024);
    expect(memory() - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('bank: refused whether declared, chunked or endless, as a failure of the answer', async () => {
    const before = memory();
    for (const path of ['/declared', '/chunked', '/endless']) {
      const banks = createDemoBanks().map((b) => ({ ...b, baseUrl: `${big.url}${path}` }));
      const gateway = new SnapBankGateway(banks, { timeoutMs: 20_000 });
      const error = await gateway
        .inquiryVa({ bank: 'BRI', partnerServiceId: '   77001', customerNo: '0000012341' })
        .catch((e: unknown) => e);
      expect(error, path).toBeInstanceOf(BankFailure);
      expect(error, path).toMatchObject({
        reason: 'invalid-answer',
        message: 'Bank BRI answered with more than 1 MB; the answer was refused',
      });
    }
    await expect.poll(() => big.endlessSent.length).toBeGreaterThanOrEqual(3);
    expect(big.endlessSent.at(-1)!).toBeLessThan(32 * 1024 * 1024);
    expect(memory() - before).toBeLessThan(64 * 1024 * 1024);
  });
});

describe.each(DIALECTS)('oversized answers change nothing (%s)', (dialect) => {
  let ctx: TestContext;
  let big: BigServer;
  let company: TestCompany;
  let token: string;

  beforeAll(async () => {
    big = await startBigServer();
    ctx = await createTestContext(dialect, {
      config: { merchantAllowedHosts: [new URL(big.url).host] },
    });
    ctx.deps.merchant = { timeoutMs: 20_000 };
    company = await createCompany(ctx);
    token = await ctx.loginWithCompany(ADMIN, company.compId);
  });
  afterAll(async () => {
    await ctx.close();
    await big.close();
  });

  it('Notif: a 2 MB merchant answer is an error in the history; the notification stays Pending', async () => {
    for (const [n, path] of ['/declared', '/chunked', '/endless'].entries()) {
      const [id] = await insertTx(ctx, company, 'VA', [
        { orderId: `INV-BIG-${n}`, status: '00', amount: 1000, notification: { status: 1 } },
      ]);
      await setCallbackUrl(ctx, company, `${big.url}${path}`);
      const res = await ctx.inject({
        method: 'POST',
        url: `/api/dashboard/transactionVa/send_notification/${id}`,
        token,
      });
      expect(res.statusCode, path).toBe(502);
      expect(res.json().data, path).toMatchObject({
        responseCode: 400,
        responseMessage: 'Merchant answered with more than 1 MB; the answer was refused',
        notiStatus: 1,
      });
      const noti = await ctx.db.kysely
        .selectFrom('notifications')
        .selectAll()
        .where('notiTrctId', '=', id!)
        .executeTakeFirstOrThrow();
      expect(noti).toMatchObject({ notiStatus: 1, notiAttempts: 1, notiLockedUntil: null });
      const [row] = await ctx.db.kysely
        .selectFrom('notification_history')
        .selectAll()
        .where('nohiNotiId', '=', noti.notiId)
        .execute();
      expect(JSON.parse(row!.nohiResponse!)).toEqual({
        error: 'Merchant answered with more than 1 MB; the answer was refused',
        latencyMs: expect.any(Number),
      });
      expect(row!.nohiResponse!.length).toBeLessThan(1000);
    }
  });

  it('Inquiry: a 2 MB bank answer is a 502; the transaction stays unpaid and gets no notification', async () => {
    for (const [n, path] of ['/declared', '/chunked', '/endless'].entries()) {
      ctx.deps.bankGateway = new SnapBankGateway(
        createDemoBanks().map((b) => ({ ...b, baseUrl: `${big.url}${path}` })),
        { timeoutMs: 20_000 },
      );
      const [id] = await insertTx(ctx, company, 'VA', [
        { orderId: `INV-BIGBANK-${n}`, status: '03', amount: 1000 },
      ]);
      const res = await ctx.inject({
        method: 'POST',
        url: `/api/dashboard/transactionVa/inquiry_status/${id}`,
        token,
      });
      expect(res.statusCode, path).toBe(502);
      expect(res.json().status.message, path).toBe(
        'Bank BRI answered with more than 1 MB; the answer was refused',
      );
      const tx = await ctx.db.kysely
        .selectFrom('transactions')
        .selectAll()
        .where('trctId', '=', id!)
        .executeTakeFirstOrThrow();
      expect(tx).toMatchObject({
        trctStatus: '03',
        trctLunasTime: null,
        trctTotalAmountPaid: null,
      });
      expect(
        await ctx.db.kysely
          .selectFrom('notifications')
          .selectAll()
          .where('notiTrctId', '=', id!)
          .execute(),
      ).toEqual([]);
    }
  });
});
