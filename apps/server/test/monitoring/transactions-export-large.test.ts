import { spawn } from 'node:child_process';
import { get as httpGet } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTransactions } from '../../src/db/seed/bulk-transactions.ts';
import { sql } from 'kysely';
import { AUDIT_ACTIONS } from '@tagih/contract';
import { copyStops } from '../../src/db/postgres-copy.ts';
import { exportMetrics } from '../../src/modules/transactions/export/export-stream.ts';
import { eventsOf } from '../audit/wiring-support.ts';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import { numberedVaRows } from './numbered-va-rows.ts';
import { createCompany } from './support.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const liveHeapMb = () => {
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

const ROWS = 200_000;
const MB = 1024 * 1024;

/** node -e: GET argv[1] with token argv[2], count bytes and LF, print them as JSON. */
const COUNTING_CLIENT = `
  require('node:http').get(process.argv[1], { headers: { authentication: process.argv[2] } }, (res) => {
    let bytes = 0;
    let lines = 0;
    res.on('data', (chunk) => {
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
    });
    res.on('end', () => process.stdout.write(JSON.stringify({ status: res.statusCode, bytes, lines })));
  });
`;

/** Downloads `url` in a process of its own (its Buffers are not this process's): status, bytes and lines. */
function countedInOtherProcess(
  url: string,
  token: string,
): Promise<{ status: number; bytes: number; lines: number }> {
  return new Promise((resolve, reject) => {
    const client = spawn(process.execPath, ['-e', COUNTING_CLIENT, url, token], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    client.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    client.on('error', reject);
    client.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`the client exited with ${code}`)),
    );
  });
}

describe.each(DIALECTS)('a 200,000-row CSV export (%s)', (dialect) => {
  let ctx: TestContext;
  let base: string;
  let token: string;

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
          (i) => `BULK-${String(i).padStart(7, '0')}`,
        ),
      ),
    ).toBe(ROWS);
    token = await ctx.loginWithCompany(ADMIN, company.compId);
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  }, 300_000);
  afterAll(async () => {
    await ctx.close();
  }, 120_000);

  it('streams every row while live memory stays flat', async () => {
    const before = liveHeapMb();
    const response = await fetch(`${base}/api/dashboard/transactionVa/export.csv`, {
      headers: { authentication: token },
    });
    expect(response.status).toBe(200);
    const decoder = new TextDecoder();
    let records = 0;
    let chunks = 0;
    let peak = 0;
    let firstLine = '';
    let tail = '';
    for await (const chunk of response.body!) {
      const text = decoder.decode(chunk, { stream: true });
      if (!firstLine) firstLine = text.slice(0, text.indexOf('\r\n'));
      records += text.split('\n').length - 1;
      tail = text.slice(-200);
      if (++chunks % 200 === 0) peak = Math.max(peak, liveHeapMb() - before);
    }
    expect(records).toBe(ROWS + 1);
    expect(firstLine).toContain('"Order ID"');
    expect(tail).toContain('"BULK-0000000"');
    // 200,000 rows held at once would take well over 100 MB of live heap; a streamed export holds one batch.
    expect(peak).toBeLessThan(40);
  }, 300_000);

  it("frees what it has sent: the server's Buffer memory stays far below the export's size", async () => {
    // Sampled in this process, which serves the export; the client runs in its own.
    gc();
    const before = process.memoryUsage().arrayBuffers;
    let peak = 0;
    const sampler = setInterval(
      () => (peak = Math.max(peak, process.memoryUsage().arrayBuffers - before)),
      5,
    );
    const counted = await countedInOtherProcess(
      `${base}/api/dashboard/transactionVa/export.csv`,
      token,
    ).finally(() => clearInterval(sampler));
    expect(counted).toMatchObject({ status: 200, lines: ROWS + 1 });
    // 24.5 MB sent. Written by the route (send-csv.ts), PostgreSQL's chunks and SQLite's batches
    // (moved from its thread as bytes, csv-sqlite.ts) are freed once written: 0.0 MB on both
    // here. Sent through a stream (which also turned each text into a Buffer), every byte stayed
    // as garbage Buffers (24.5 and 26.6 MB), which nothing collects until ~64 MB more are held.
    expect(peak / MB).toBeLessThan(8);
  }, 120_000);

  it('stops reading the database when the client goes away', async () => {
    const rowsBefore = exportMetrics.rows;
    await new Promise<void>((resolve, reject) => {
      const request = httpGet(
        `${base}/api/dashboard/transactionVa/export.csv`,
        { headers: { authentication: token } },
        (response) => {
          response.once('data', () => {
            request.destroy(); // the client disconnects after the first bytes
            resolve();
          });
        },
      );
      request.on('error', reject);
    });
    // The batch being read when the client left may still finish (queries run on their own
    // thread); wait until the count holds still, then check that it stays so. Counted in rows:
    // PostgreSQL's export hands on the socket's chunks, not batches of 2,000 rows.
    let readAfterAbort = -1;
    for (let i = 0; i < 20 && exportMetrics.rows - rowsBefore !== readAfterAbort; i++) {
      readAfterAbort = exportMetrics.rows - rowsBefore;
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(exportMetrics.rows - rowsBefore).toBe(readAfterAbort);
    // What the socket buffers held at most; far from the whole export.
    expect(readAfterAbort).toBeLessThan(ROWS / 2);
  }, 60_000);

  // PostgreSQL only: its export is one COPY, which can fail half-way (here: cancelled).
  it.runIf(dialect === 'postgres')(
    'cuts the response short when a read fails after the first bytes, records a failure, and the connection comes back',
    async () => {
      const stopsBefore = { ...copyStops };
      const eventsBefore = (await eventsOf(ctx, AUDIT_ACTIONS.transactionExported)).length;
      const ended = await new Promise<{ status: number; complete: boolean; bytes: number }>(
        (resolve, reject) => {
          const request = httpGet(
            `${base}/api/dashboard/transactionVa/export.csv`,
            { headers: { authentication: token } },
            (response) => {
              let bytes = 0;
              response.on('data', (chunk: Buffer) => (bytes += chunk.length));
              response.on('close', () =>
                resolve({ status: response.statusCode!, complete: response.complete, bytes }),
              );
              response.on('error', () => {});
              // Stalled after the first bytes (24.5 MB do not fit in the sockets' buffers), the COPY is
              // cancelled; PostgreSQL stops at its next row once the client reads again.
              response.once('data', () => {
                response.pause();
                void (async () => {
                  // The COPY among other test files' (each test has a database of its own): the one in this database.
                  const copying = sql<{ pid: number }>`
              select pid from pg_stat_activity
              where backend_type = 'client backend' and query like 'COPY (%' and datname = current_database()`;
                  let pids: { pid: number }[] = [];
                  for (let i = 0; i < 100 && pids.length === 0; i++) {
                    pids = (await copying.execute(ctx.db.kysely)).rows;
                    if (pids.length === 0) await new Promise((r) => setTimeout(r, 50));
                  }
                  expect(pids).toHaveLength(1);
                  await sql`select pg_cancel_backend(${pids[0]!.pid})`.execute(ctx.db.kysely);
                  response.resume();
                })().catch((error: unknown) => {
                  request.destroy();
                  reject(error);
                });
              });
            },
          );
          request.on('error', () => {});
        },
      );
      expect(ended.status).toBe(200);
      expect(ended.complete).toBe(false);
      expect(ended.bytes).toBeGreaterThan(0);
      const events = (await eventsOf(ctx, AUDIT_ACTIONS.transactionExported)).slice(eventsBefore);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        audtOutcome: 'failure',
        details: { kind: 'VA', rows: expect.any(Number) },
      });
      expect(events[0]!.details.rows).toBeLessThan(ROWS);
      // PostgreSQL confirmed the cancel: the connection went back to the pool, not closed.
      expect(copyStops).toEqual({ clean: stopsBefore.clean + 1, closed: stopsBefore.closed });
    },
    60_000,
  );

  it("still answers the spec's max=1000000 JSON list with exact totals", async () => {
    const res = await ctx.inject({
      method: 'GET',
      url: '/api/dashboard/transactionVa/?page=1&max=1000000&orderField=trctCreatedTime&orderValue=desc',
      token,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    expect(body.data).toHaveLength(ROWS);
    expect(body.pagination.totalData).toBe(ROWS);
    const paid = Array.from({ length: ROWS }, (_, i) => i).filter((i) => i % 3 === 0);
    expect(body.total.count_lunas).toBe(paid.length);
    expect(Math.round(body.total.nominal_lunas * 100)).toBe(
      paid.reduce((s, i) => s + 15_000_000 + i, 0),
    );
  }, 300_000);
});
