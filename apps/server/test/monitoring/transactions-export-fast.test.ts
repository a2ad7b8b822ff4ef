/**
 * The fast CSV export (the database writes the lines: COPY on PostgreSQL, SQLite-written batches)
 * against the row-by-row export it replaces, byte for byte, over data chosen to break a naive
 * formatter; and a download abandoned half-way, after which the database is as usable as before.
 */
import { get as httpGet } from 'node:http';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type RawQuery } from '@tagih/contract';
import { leasePostgresClient } from '../../src/db/postgres-pool.ts';
import { insertTransactions, type NewTransaction } from '../../src/db/seed/bulk-transactions.ts';
import { copyStops } from '../../src/db/postgres-copy.ts';
import {
  prepareExport,
  type ExportPath,
} from '../../src/modules/transactions/export/csv-export.ts';
import { sendCsv } from '../../src/modules/transactions/export/send-csv.ts';
import { SERVER_KINDS, type ServerKind } from '../../src/modules/transactions/kinds.ts';
import { parseListRequest } from '../../src/modules/transactions/list/list-request.ts';
import { ALICE } from '../audit/support.ts';
import { eventsOf } from '../audit/wiring-support.ts';
import { parseCsv } from '../support/csv.ts';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import { createCompany, insertTx, type TestCompany, type TxInput } from './support.ts';

const VA = SERVER_KINDS.find((k) => k.type === 'VA')!;
const QRIS = SERVER_KINDS.find((k) => k.type === 'QRIS')!;

/** Every start a spreadsheet reads as a formula, and the characters CSV must quote. */
const TRICKY_TEXTS = [
  '=HYPERLINK("http://evil")',
  '+SUM(A1)',
  '-2+3',
  '@cmd',
  '\tTab',
  '\rCR',
  '\nLF',
  '\r\nCRLF',
  'Budi "B", Santoso',
  'a,b,c',
  'line1\nline2',
  'cr\rinside',
  '"',
  '""',
  "'already quoted",
  'back\\slash\\',
  '$1 and $2',
  'Ñandú 🎉 中文 ünï',
  ' leading space',
  'trailing space ',
  '',
  null,
];

function vaRows(): TxInput[] {
  return TRICKY_TEXTS.map((text, i) => ({
    orderId: text ? `${text}`.slice(0, 60) + (i % 3 === 0 ? '' : `#${i}`) : `EMPTY-${i}`,
    name: text,
    bank: i % 5 === 0 ? null : ['BRI', 'BJB', 'Mandiri', '=BANK'][i % 4]!,
    status: (['00', '03', '05'] as const)[i % 3],
    amount: [null, 0, 0.05, 1234.5, 123456789.99, 150000][i % 6]!,
    paid: i % 3 === 0 ? [null, 0.01, 7000.1][(i / 3) % 3]! : null,
    // Two days, with equal created times (ties broken by id) and milliseconds at the second's edge.
    createdAt: new Date(
      Date.parse('2026-11-19T16:59:59.999Z') + Math.floor(i / 2) * 3_600_000,
    ).toISOString(),
    lunasAt: i % 3 === 0 ? (i % 2 === 0 ? null : '2026-11-20T10:00:00.500Z') : null,
    expiredAt: i % 4 === 0 ? '2026-12-31T23:59:59.000Z' : null,
    notification: i % 3 === 0 ? { status: ((i / 3) % 2 === 0 ? 2 : 1) as 1 | 2 } : null,
    vaNo: i % 7 === 0 ? null : undefined,
  }));
}

function qrisRows(): TxInput[] {
  return TRICKY_TEXTS.map((text, i) => ({
    orderId: `QR-${i}-${text ?? 'null'}`.slice(0, 60),
    name: text,
    refNo: i % 2 === 0 ? text : `REF-${i}`,
    bank: i % 4 === 0 ? null : 'BRI',
    qrBank: i % 8 === 0 ? null : '+QRBANK',
    status: (['00', '03', '05'] as const)[i % 3],
    amount: [null, 7000.1, 50000][i % 3]!,
    createdAt: new Date(Date.parse('2026-11-20T00:00:00.000Z') + i * 1_800_000).toISOString(),
    notification: i % 4 === 1 ? { status: 2 } : i % 4 === 3 ? { status: 1 } : null,
  }));
}

async function bytesOf(csv: AsyncGenerator<string | Buffer>): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of csv) parts.push(typeof part === 'string' ? Buffer.from(part) : part);
  return Buffer.concat(parts);
}

describe.each(DIALECTS)('fast CSV export = row-by-row export, byte for byte (%s)', (dialect) => {
  let ctx: TestContext;
  let mine: TestCompany;
  let token: string;
  const both = async (kind: ServerKind, raw: RawQuery) => {
    const run = (path: ExportPath) =>
      bytesOf(
        prepareExport(ctx.deps, parseListRequest(ctx.deps, kind, mine.compId, raw), ALICE, path),
      );
    return { fast: await run('fast'), reference: await run('rowByRow') };
  };

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    mine = await createCompany(ctx);
    const other = await createCompany(ctx);
    const vaIds = await insertTx(ctx, mine, 'VA', vaRows());
    await insertTx(ctx, mine, 'QRIS', qrisRows());
    await insertTx(ctx, other, 'VA', [
      { orderId: 'SECRET-OTHER', createdAt: '2026-11-20T05:00:00.000Z' },
    ]);
    // What no write path produces today but a row may still hold: a negative amount (neutralised
    // as "'-0.05"), a status code that is none of the three (written as stored, neutralised).
    const db = ctx.db.kysely;
    await db
      .updateTable('transactions')
      .set({ trctTotalAmount: -5, trctTotalAmountPaid: -123456 })
      .where('trctId', '=', vaIds[1]!)
      .execute();
    await db
      .updateTable('transactions')
      .set({ trctStatus: '=9' })
      .where('trctId', '=', vaIds[2]!)
      .execute();
    await db
      .updateTable('transactions')
      .set({ trctStatus: '99' })
      .where('trctId', '=', vaIds[4]!)
      .execute();
    token = await ctx.loginWithCompany(ADMIN, mine.compId);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const queries: [string, ServerKind, RawQuery][] = [
    ['VA, everything', VA, {}],
    ['VA, one business day', VA, { from: '2026-11-20', to: '2026-11-20' }],
    ['VA, status and bank', VA, { 'finds[trctStatus]': '00', 'finds[trctBank]': 'BRI' }],
    ['VA, order id contains (trigram-length text)', VA, { 'finds[trctOrderId]': 'sum' }],
    ['VA, search over the searchable fields', VA, { search: 'budi' }],
    [
      'VA, amount range and a null filter',
      VA,
      { 'finds[trctTotalAmount][greater_than_equal]': '0.05', 'finds[trctLunasTime][is_null]': '' },
    ],
    ['VA, nothing matches', VA, { from: '2026-01-01', to: '2026-01-02' }],
    ['QRIS, everything (No. column)', QRIS, {}],
    ['QRIS, one business day', QRIS, { from: '2026-11-20', to: '2026-11-20' }],
    ['QRIS, ref. no. contains', QRIS, { 'finds[trqrReferenceNo]': 'ref' }],
  ];

  it.each(queries)('%s', async (_name, kind, raw) => {
    const { fast, reference } = await both(kind, raw);
    expect(fast.toString('utf8')).toBe(reference.toString('utf8'));
    expect(fast.equals(reference)).toBe(true);
    expect(fast.includes('SECRET-OTHER')).toBe(false);
  });

  it('covers what it claims: formulas neutralised, quotes doubled, words, negative money, unknown status', async () => {
    const { fast } = await both(VA, {});
    const rows = parseCsv(fast.toString('utf8'));
    expect(rows).toHaveLength(TRICKY_TEXTS.length + 1);
    const names = rows.slice(1).map((r) => r[2]);
    for (const text of [
      '\'=HYPERLINK("http://evil")',
      "'+SUM(A1)",
      "'-2+3",
      "'@cmd",
      "'\tTab",
      "'\rCR",
      "'\nLF",
      "'\r\nCRLF",
      'Budi "B", Santoso',
      'Ñandú 🎉 中文 ünï',
      '',
    ]) {
      expect(names).toContain(text);
    }
    const cells = rows.slice(1).flat();
    expect(cells).toEqual(
      expect.arrayContaining([
        "'-0.05",
        "'-1234.56",
        "'=9",
        '99',
        'Lunas',
        'Belum Lunas',
        'Kadaluarsa',
        'Pending',
        'Sukses',
        'No Data',
        '0.00',
        '123456789.99',
      ]),
    );
    const { fast: empty } = await both(VA, { from: '2026-01-01', to: '2026-01-02' });
    expect(parseCsv(empty.toString('utf8'))).toEqual([rows[0]]);
    const qris = parseCsv((await both(QRIS, {})).fast.toString('utf8'));
    expect(qris.slice(1).map((r) => r[0])).toEqual(qris.slice(1).map((_, i) => String(i + 1)));
  });

  it('hands over its batches as bytes only the sender holds, and sending frees each once written', async () => {
    const sent: Buffer[] = [];
    async function* tapped() {
      for await (const part of prepareExport(
        ctx.deps,
        parseListRequest(ctx.deps, VA, mine.compId, {}),
        ALICE,
        'fast',
      )) {
        if (typeof part !== 'string') sent.push(part);
        yield part;
      }
    }
    const server = Fastify();
    server.get('/export.csv', (_request, reply) => sendCsv(reply, 'x.csv', tapped()));
    try {
      const response = await fetch(
        `${await server.listen({ port: 0, host: '127.0.0.1' })}/export.csv`,
      );
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.equals((await both(VA, {})).reference)).toBe(true);
    } finally {
      await server.close();
    }
    // The database's batches are bytes on both (SQLite's moved from its thread, csv-sqlite.ts), each
    // freed (its memory detached) once the response wrote it, rather than left for a collection.
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.map((bytes) => bytes.buffer.byteLength)).toEqual(sent.map(() => 0));
  });

  it('serves the same bytes over HTTP', async () => {
    for (const [kind, path] of [
      [VA, 'transactionVa'],
      [QRIS, 'transactionQr'],
    ] as const) {
      const res = await ctx.inject({
        method: 'GET',
        url: `/api/dashboard/${path}/export.csv?from=2026-11-19`,
        token,
      });
      expect(res.statusCode).toBe(200);
      const { reference } = await both(kind, { from: '2026-11-19' });
      expect(res.rawPayload.equals(reference)).toBe(true);
    }
  });
});

function* bulkRows(company: TestCompany, count: number): Generator<NewTransaction> {
  const start = Date.parse('2026-11-19T00:00:00.000Z');
  for (let i = 0; i < count; i++) {
    const customerNo = `0814${String(i).padStart(8, '0')}`;
    yield {
      transaction: {
        trctType: 'VA',
        trctCompId: company.compId,
        trctClntId: company.clntid,
        trctOrderId: `ABORT-${String(i).padStart(6, '0')}`,
        trctStatus: '03',
        trctBank: 'BRI',
        trctVirtualAccountNo: `77001${customerNo}`,
        trctVirtualAccountName: `Pelanggan "${i}", Jakarta`,
        trctQrName: null,
        trctQrBank: null,
        trctTotalAmount: 15_000_000,
        trctTotalAmountPaid: null,
        trctCreatedTime: new Date(start + i * 1000).toISOString(),
        trctLunasTime: null,
        trctUpdatedTime: null,
      },
      va: {
        trvaPartnerServiceId: '   77001',
        trvaCustomerNo: customerNo,
        trvaVirtualAccountNo: `77001${customerNo}`,
        trvaVirtualAccountName: null,
        trvaExpiredDate: null,
      },
    };
  }
}

const until = async (check: () => Promise<boolean> | boolean, ms: number): Promise<boolean> => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50)))
    if (await check()) return true;
  return check();
};

describe.each(DIALECTS)('an export the client abandons half-way (%s)', (dialect) => {
  const ROWS = 60_000;
  let ctx: TestContext;
  let company: TestCompany;
  let token: string;
  let base: string;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    company = await createCompany(ctx);
    await insertTransactions(ctx.db.kysely, bulkRows(company, ROWS));
    token = await ctx.loginWithCompany(ADMIN, company.compId);
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });

  it('stops the query, gives the connection back, records one failure, and the next requests succeed', async () => {
    const url = `${base}/api/dashboard/transactionVa/export.csv?from=2026-11-19`;
    const eventsBefore = (await eventsOf(ctx, AUDIT_ACTIONS.transactionExported)).length;
    const stopsBefore = { ...copyStops };
    await new Promise<void>((resolve, reject) => {
      const request = httpGet(url, { headers: { authentication: token } }, (response) => {
        expect(response.statusCode).toBe(200);
        response.once('data', () => {
          request.destroy(); // gone after the first bytes
          resolve();
        });
      });
      request.on('error', reject);
    });

    // One failure event, with fewer rows than the export holds.
    expect(
      await until(
        async () => (await eventsOf(ctx, AUDIT_ACTIONS.transactionExported)).length > eventsBefore,
        10_000,
      ),
    ).toBe(true);
    const events = (await eventsOf(ctx, AUDIT_ACTIONS.transactionExported)).slice(eventsBefore);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      audtOutcome: 'failure',
      details: { kind: 'VA', rows: expect.any(Number) },
    });
    expect(events[0]!.details.rows).toBeLessThan(ROWS);

    if (dialect === 'postgres') {
      // The COPY was cancelled and its connection came back clean (not closed), idle in the pool.
      expect(copyStops.clean).toBe(stopsBefore.clean + 1);
      expect(copyStops.closed).toBe(stopsBefore.closed);
      const stats = ctx.db.poolStats!;
      // Idle again: a connection whose COPY still ran would not be (other test files may run
      // COPYs of their own on the same server at the same time, so pg_stat_activity cannot tell).
      expect(await until(() => stats().idle === stats().total, 5000)).toBe(true);
    }

    // The next requests: a list and a whole export, every row of it.
    const list = await fetch(`${base}/api/dashboard/transactionVa?page=1&max=10&from=2026-11-19`, {
      headers: { authentication: token },
    });
    expect(list.status).toBe(200);
    const whole = await fetch(url, { headers: { authentication: token } });
    expect(whole.status).toBe(200);
    const text = await whole.text();
    expect(text.split('\r\n').length - 2).toBe(ROWS);
    expect(text.endsWith('"No Data"\r\n')).toBe(true);
  }, 60_000);
});

describe.runIf(DIALECTS.includes('postgres'))(
  'an export whose client leaves before the first byte (postgres)',
  () => {
    let ctx: TestContext;
    let company: TestCompany;
    let token: string;
    let base: string;

    beforeAll(async () => {
      ctx = await createTestContext('postgres');
      company = await createCompany(ctx);
      await insertTransactions(ctx.db.kysely, bulkRows(company, 5000));
      token = await ctx.loginWithCompany(ADMIN, company.compId);
      base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    }, 120_000);
    afterAll(async () => {
      await ctx.close();
    });

    it('still ends the export once its first read comes back: the COPY stopped, one failure recorded, the connection idle again', async () => {
      const eventsBefore = (await eventsOf(ctx, AUDIT_ACTIONS.transactionExported)).length;
      const stopsBefore = { ...copyStops };
      // The COPY waits for this lock as a big export waits for its sort: nothing is sent meanwhile.
      const locker = await leasePostgresClient(ctx.db.kysely);
      await locker.client.query('begin; lock table transactions in access exclusive mode');
      try {
        await new Promise<void>((resolve) => {
          const request = httpGet(
            `${base}/api/dashboard/transactionVa/export.csv?from=2026-11-19`,
            { headers: { authentication: token } },
          );
          request.on('error', () => {});
          setTimeout(() => {
            request.destroy(); // gone before any byte
            resolve();
          }, 500);
        });
      } finally {
        await locker.client.query('rollback');
        locker.release();
      }

      expect(
        await until(
          async () =>
            (await eventsOf(ctx, AUDIT_ACTIONS.transactionExported)).length > eventsBefore,
          10_000,
        ),
      ).toBe(true);
      const events = (await eventsOf(ctx, AUDIT_ACTIONS.transactionExported)).slice(eventsBefore);
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ audtOutcome: 'failure', details: { kind: 'VA', rows: 0 } });
      expect(copyStops).toEqual({ clean: stopsBefore.clean + 1, closed: stopsBefore.closed });
      const stats = ctx.db.poolStats!;
      expect(await until(() => stats().idle === stats().total, 5000)).toBe(true);
    }, 60_000);
  },
);

describe.runIf(DIALECTS.includes('postgres'))('an export that cannot start (postgres)', () => {
  let ctx: TestContext;
  let token: string;

  beforeAll(async () => {
    ctx = await createTestContext('postgres', {
      database: { pool: { size: 1, acquireTimeoutMs: 300 } },
    });
    const company = await createCompany(ctx);
    await insertTx(ctx, company, 'VA', [{ orderId: 'ONE' }]);
    token = await ctx.loginWithCompany(ADMIN, company.compId);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers a JSON 503 before any CSV byte when no connection is free, and exports once one is', async () => {
    const held = await leasePostgresClient(ctx.db.kysely); // the pool's only connection
    const busy = await ctx.inject({
      method: 'GET',
      url: '/api/dashboard/transactionVa/export.csv',
      token,
    });
    held.release();
    expect(busy.statusCode).toBe(503);
    expect(busy.headers['content-type']).toContain('application/json');
    expect(busy.json().status.message).toMatch(/no free connection/);
    const res = await ctx.inject({
      method: 'GET',
      url: '/api/dashboard/transactionVa/export.csv',
      token,
    });
    expect(res.statusCode).toBe(200);
    expect(parseCsv(res.body).map((r) => r[0])).toEqual(['Order ID', 'ONE']);
  });
});
