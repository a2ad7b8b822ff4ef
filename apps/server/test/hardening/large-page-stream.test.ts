/**
 * A large list page is written as it is read (the server reads no further than the client takes)
 * and one user has one large page or export at a time: a second answers 429 with Retry-After,
 * another user's is served, and the slot comes back when the first ends or its client leaves
 * (both dialects, over real HTTP).
 */
import { get as httpGet, type ClientRequest, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, TRANSACTION_KINDS } from '@tagih/contract';
import { insertTransactions } from '../../src/db/seed/bulk-transactions.ts';
import { largePageMetrics } from '../../src/modules/large-reads/large-page.ts';
import { largeReadMetrics } from '../../src/modules/large-reads/slot.ts';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import { userWithAreas } from '../monitoring/area-user.ts';
import { numberedVaRows } from '../monitoring/numbered-va-rows.ts';
import { createCompany } from '../monitoring/support.ts';

/** ~25 MB of JSON: more than the loopback sockets' buffers hold while the client stalls. */
const ROWS = 60_000;
const LARGE = '/api/dashboard/transactionVa?from=2026-10-01&to=2026-12-31&page=1&max=1000000';
const EXPORT = '/api/dashboard/transactionVa/export.csv?from=2026-10-01&to=2026-12-31';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `read()` holds still for a while; returns its value. */
async function settled(read: () => number): Promise<number> {
  let last = -1;
  for (let i = 0; i < 30 && read() !== last; i++) {
    last = read();
    await sleep(200);
  }
  return last;
}

describe.each(DIALECTS)('a large page is streamed, one per user (%s)', (dialect) => {
  let ctx: TestContext;
  let base: string;
  let token: string;
  let other: string;

  /** GETs `path` over HTTP; resolves at the first bytes with the response, its request and a promise of the rest. */
  function open(
    path: string,
    as = token,
  ): Promise<{ response: IncomingMessage; request: ClientRequest; body: Promise<string> }> {
    return new Promise((resolve, reject) => {
      const request = httpGet(`${base}${path}`, { headers: { authentication: as } }, (response) => {
        const parts: Buffer[] = [];
        const body = new Promise<string>((done, failed) => {
          response.on('data', (chunk: Buffer) => parts.push(chunk));
          response.on('end', () => done(Buffer.concat(parts).toString('utf8')));
          response.on('error', failed);
        });
        body.catch(() => {});
        response.once('data', () => {
          response.pause();
          resolve({ response, request, body });
        });
      });
      request.on('error', reject);
    });
  }

  const inject = (url: string, as = token) => ctx.inject({ method: 'GET', url, token: as });

  function expectRefused(res: Awaited<ReturnType<typeof inject>>) {
    expect(res.statusCode, res.body).toBe(429);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().status).toEqual({ error: 1, message: MESSAGES.largeReadInProgress });
  }

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    const company = await createCompany(ctx);
    expect(
      await insertTransactions(
        ctx.db.kysely,
        numberedVaRows(
          company.compId,
          company.clntid,
          ROWS,
          (i) => `STREAM-${String(i).padStart(6, '0')}`,
        ),
      ),
    ).toBe(ROWS);
    token = await ctx.loginWithCompany(ADMIN, company.compId);
    other = (await userWithAreas(ctx, [TRANSACTION_KINDS.va.area], company.compId)).token;
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  }, 300_000);
  afterAll(async () => {
    await ctx.close();
  }, 120_000);

  it("writes as it reads: a stalled client stops the reads; a second large read of the user is refused meanwhile, another user's is served", async () => {
    const rowsBefore = largePageMetrics.rows;
    const first = await open(LARGE);
    expect(first.response.statusCode).toBe(200);
    expect(first.response.headers['content-type']).toBe('application/json; charset=utf-8');
    // sent as it is made: no length known up front
    expect(first.response.headers['content-length']).toBeUndefined();
    expect(first.response.headers['transfer-encoding']).toBe('chunked');
    // The client reads nothing more: the server stops reading once the sockets are full.
    const readWhileStalled = (await settled(() => largePageMetrics.rows)) - rowsBefore;
    expect(readWhileStalled).toBeLessThan(ROWS / 2);

    // the same user: another large page, an export: 429, nothing read
    const refusedBefore = largeReadMetrics.refused;
    expectRefused(await inject(LARGE));
    expectRefused(await inject(EXPORT));
    expect(largeReadMetrics.refused).toBe(refusedBefore + 2);
    // a normal page, and a large max whose page is small, answer as always
    expect((await inject(LARGE.replace('max=1000000', 'max=100'))).statusCode).toBe(200);
    const small = await inject(`${LARGE}&search=STREAM-000001`);
    expect(small.statusCode, small.body).toBe(200);
    expect(small.json().data.data.length).toBeGreaterThan(0);
    // another user's large page is served in full
    const theirs = await inject(LARGE, other);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data.data).toHaveLength(ROWS);

    // the first resumes and gets every row, the same envelope as any list
    first.response.resume();
    const body = JSON.parse(await first.body);
    expect(body.status.error).toBe(0);
    expect(body.data.data).toHaveLength(ROWS);
    expect(body.data.data[0].trctOrderId).toBe(`STREAM-${String(ROWS - 1).padStart(6, '0')}`);
    expect(body.data.pagination).toMatchObject({
      totalData: ROWS,
      page: 1,
      itemPerPage: 1_000_000,
    });
    expect(body.data.total.count_lunas).toBe(ROWS / 3);

    // once it is sent, the slot is back
    await settled(() => largeReadMetrics.released);
    const again = await inject(LARGE.replace('page=1&max=1000000', 'page=30&max=2000'));
    expect(again.statusCode).toBe(200);
    expect(again.json().data.data).toHaveLength(2000);
  }, 120_000);

  it('a client that leaves mid-stream stops the reads and frees the slot', async () => {
    const rowsBefore = largePageMetrics.rows;
    const releasedBefore = largeReadMetrics.released;
    const first = await open(LARGE);
    first.request.destroy();
    // The server sees the client go (the response closes, the slot is released) ...
    for (let i = 0; i < 50 && largeReadMetrics.released === releasedBefore; i++) await sleep(100);
    expect(largeReadMetrics.released).toBe(releasedBefore + 1);
    // ... and reads no more (the batch being read then may still finish).
    const read = (await settled(() => largePageMetrics.rows)) - rowsBefore;
    await sleep(500);
    expect(largePageMetrics.rows - rowsBefore).toBe(read);
    expect(read).toBeLessThan(ROWS / 2);
    // the user's next large read is served
    const next = await inject(EXPORT);
    expect(next.statusCode).toBe(200);
    expect(next.body.split('\n')).toHaveLength(ROWS + 2);
  }, 120_000);
});
