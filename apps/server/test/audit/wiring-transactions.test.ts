/** CSV exports, inquiries and notification re-sends leave their audit events, each with the change it made. */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@tagih/contract';
import { insertTransactions, type NewTransaction } from '../../src/db/seed/bulk-transactions.ts';
import { prepareExport } from '../../src/modules/transactions/export/csv-export.ts';
import { EXPORT_BATCH_ROWS } from '../../src/modules/transactions/export/export-stream.ts';
import { SERVER_KINDS } from '../../src/modules/transactions/kinds.ts';
import { parseListRequest } from '../../src/modules/transactions/list/list-request.ts';
import {
  ADMIN,
  DIALECTS,
  USER_IDS,
  createTestContext,
  type TestContext,
} from '../support/test-app.ts';
import {
  createCompany,
  insertTx,
  setCallbackUrl,
  startSimulators,
  useMerchant,
  type Simulators,
  type TestCompany,
} from '../monitoring/support.ts';
import { ALICE } from './support.ts';
import { eventsOf, refuseAuditOf, type WiredEvent } from './wiring-support.ts';

const VA = SERVER_KINDS.find((k) => k.type === 'VA')!;

/** node -e: GET argv[1] with token argv[2], hang up after the first bytes. */
const LEAVING_CLIENT = `
  const request = require('node:http').get(process.argv[1], { headers: { authentication: process.argv[2] } }, (response) => {
    response.once('data', () => { request.destroy(); process.exit(0); });
  });
  request.on('error', () => process.exit(2));
`;

function* bulkRows(company: TestCompany, count: number): Generator<NewTransaction> {
  const start = Date.parse('2026-11-19T00:00:00.000Z');
  for (let i = 0; i < count; i++) {
    const customerNo = `0813${String(i).padStart(8, '0')}`;
    yield {
      transaction: {
        trctType: 'VA',
        trctCompId: company.compId,
        trctClntId: company.clntid,
        trctOrderId: `BULKW-${String(i).padStart(6, '0')}`,
        trctStatus: '03',
        trctBank: 'BRI',
        trctVirtualAccountNo: `77001${customerNo}`,
        trctVirtualAccountName: `Pelanggan ${i}`,
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

describe.each(DIALECTS)('audit wiring: transactions (%s)', (dialect) => {
  let ctx: TestContext;
  let sims: Simulators;
  let mine: TestCompany;
  let token: string;
  let n = 0;
  const post = (path: string, id: number, kind = 'Va') =>
    ctx.inject({ method: 'POST', url: `/api/dashboard/transaction${kind}/${path}/${id}`, token });
  const trx = (id: number) =>
    ctx.db.kysely
      .selectFrom('transactions')
      .selectAll()
      .where('trctId', '=', id)
      .executeTakeFirstOrThrow();
  const lastOf = async (action: Parameters<typeof eventsOf>[1]): Promise<WiredEvent | undefined> =>
    (await eventsOf(ctx, action)).at(-1);

  beforeAll(async () => {
    sims = await startSimulators({ slowMs: 3_000, server: () => ctx });
    ctx = await createTestContext(dialect, {
      config: { merchantAllowedHosts: ['127.0.0.1'], actionMinIntervalSeconds: 0 },
    });
    // Well below the slow answer (3 s), well above a paid answer's own time on a busy machine (the bank reads the bill).
    ctx.deps.bankGateway = sims.gateway({ timeoutMs: 1_500 });
    ctx.deps.merchant = { timeoutMs: 400 };
    mine = await createCompany(ctx);
    await useMerchant(ctx, sims, mine, `w${mine.compId}`);
    token = await ctx.loginWithCompany(ADMIN, mine.compId);
  });
  afterAll(async () => {
    await ctx.close();
    await sims.close();
  });

  describe('transaction.exported', () => {
    it('records the kind, the query and the rows when the export ends', async () => {
      await insertTx(ctx, mine, 'VA', [
        { orderId: 'EXP-1', status: '03' },
        { orderId: 'EXP-2', status: '00' },
        { orderId: 'EXP-3', status: '03' },
      ]);
      const res = await ctx.inject({
        method: 'GET',
        url: '/api/dashboard/transactionVa/export.csv?finds[trctStatus]=03&from=2026-11-20',
        token,
      });
      expect(res.statusCode).toBe(200);
      const rows = res.body.split('\r\n').filter(Boolean).length - 1;
      expect(rows).toBe(2);
      expect(await lastOf(AUDIT_ACTIONS.transactionExported)).toMatchObject({
        audtOutcome: 'success',
        audtActorUserId: USER_IDS.admin,
        audtCompId: mine.compId,
        audtTargetType: null,
        details: {
          kind: 'VA',
          filters: { 'finds[trctStatus]': '03', from: '2026-11-20' },
          rows: 2,
        },
      });
    });

    it('records nothing for a query refused before the first byte', async () => {
      const before = (await eventsOf(ctx, AUDIT_ACTIONS.transactionExported)).length;
      expect(
        (
          await ctx.inject({
            method: 'GET',
            url: '/api/dashboard/transactionQr/export.csv?finds[nope]=1',
            token,
          })
        ).statusCode,
      ).toBe(400);
      expect(await eventsOf(ctx, AUDIT_ACTIONS.transactionExported)).toHaveLength(before);
    });

    it('records a failure with the rows written when the reader stops early', async () => {
      const company = await createCompany(ctx);
      await insertTransactions(ctx.db.kysely, bulkRows(company, EXPORT_BATCH_ROWS + 10));
      const csv = prepareExport(
        ctx.deps,
        parseListRequest(ctx.deps, VA, company.compId, { from: '2026-11-19' }),
        ALICE,
      );
      expect((await csv.next()).value).toContain('Order ID');
      // SQLite yields batches of EXPORT_BATCH_ROWS records; PostgreSQL the COPY's bytes as they arrive,
      // which may end inside a record: the rows written are the whole records handed out.
      const first = String((await csv.next()).value);
      expect(first).toContain('BULKW-');
      const written = first.split('\r\n').length - 1;
      expect(written).toBeGreaterThan(0);
      expect(written).toBeLessThan(EXPORT_BATCH_ROWS + 10);
      await csv.return(undefined);
      expect(await lastOf(AUDIT_ACTIONS.transactionExported)).toMatchObject({
        audtOutcome: 'failure',
        audtActorUsername: 'alice',
        details: { kind: 'VA', filters: { from: '2026-11-19' }, rows: written },
      });
    });

    it('records a failure when the client goes away during the download', async () => {
      const company = await createCompany(ctx);
      // More bytes (~15 MB) than the loopback's socket buffers hold while the client stalls: with
      // 20,000 rows PostgreSQL's COPY once handed every byte to the kernel before the client left,
      // and the export rightly ended as a success.
      const total = 100_000;
      await insertTransactions(ctx.db.kysely, bulkRows(company, total));
      const other = await ctx.loginWithCompany(ADMIN, company.compId);
      const base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const before = (await eventsOf(ctx, AUDIT_ACTIONS.transactionExported)).length;
      // The client runs in its own process (this one is busy serving) and leaves after the first bytes.
      const client = spawn(
        process.execPath,
        [
          '-e',
          LEAVING_CLIENT,
          `${base}/api/dashboard/transactionVa/export.csv?from=2026-11-19`,
          other,
        ],
        { stdio: 'inherit' },
      );
      expect(await new Promise((resolve) => client.on('exit', resolve))).toBe(0);
      let events = await eventsOf(ctx, AUDIT_ACTIONS.transactionExported);
      for (let i = 0; i < 50 && events.length === before; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        events = await eventsOf(ctx, AUDIT_ACTIONS.transactionExported);
      }
      const event = events.at(-1)!;
      expect(event).toMatchObject({
        audtOutcome: 'failure',
        audtCompId: company.compId,
        details: { kind: 'VA', filters: { from: '2026-11-19' } },
      });
      expect(event.details.rows).toBeLessThan(total);
    }, 60_000);
  });

  describe('transaction.inquired', () => {
    let ids: Record<string, number>;
    beforeAll(async () => {
      const va = ['IW-PAID-01', 'IW-PAID-02', 'IW-UNPAID-10', 'IW-ERROR-18', 'IW-SLOW-19'];
      const vaIds = await insertTx(
        ctx,
        mine,
        'VA',
        va.map((orderId) => ({ orderId, status: '03' as const, amount: 150000, bank: 'BRI' })),
      );
      const qr = ['QW-EXPIRED-66'];
      const qrIds = await insertTx(
        ctx,
        mine,
        'QRIS',
        qr.map((orderId) => ({
          orderId,
          status: '03' as const,
          amount: null,
          bank: 'BRI',
          expiredAt: '2026-11-20T02:00:00.000Z',
        })),
      );
      ids = Object.fromEntries([
        ...va.map((o, i) => [o, vaIds[i]!]),
        ...qr.map((o, i) => [o, qrIds[i]!]),
      ]);
    });

    it('records a paid answer with the bank code, with the transaction turned Lunas', async () => {
      expect((await post('inquiry_status', ids['IW-PAID-01']!)).statusCode).toBe(200);
      const event = await lastOf(AUDIT_ACTIONS.transactionInquired);
      expect(event).toMatchObject({
        audtOutcome: 'success',
        audtActorUsername: 'admin',
        audtCompId: mine.compId,
        audtTargetType: 'transaction',
        audtTargetId: String(ids['IW-PAID-01']),
        details: {
          kind: 'VA',
          orderId: 'IW-PAID-01',
          bank: 'BRI',
          outcome: 'paid',
          bankResponseCode: '2002600',
          notiId: expect.any(Number),
        },
      });
      expect((await trx(ids['IW-PAID-01']!)).trctStatus).toBe('00');
    });

    it('records unpaid and expired answers', async () => {
      expect((await post('inquiry_status', ids['IW-UNPAID-10']!)).statusCode).toBe(200);
      expect(await lastOf(AUDIT_ACTIONS.transactionInquired)).toMatchObject({
        audtOutcome: 'success',
        details: { outcome: 'unpaid', bankResponseCode: expect.any(String) },
      });
      expect((await post('inquiry_status', ids['QW-EXPIRED-66']!, 'Qr')).statusCode).toBe(200);
      expect(await lastOf(AUDIT_ACTIONS.transactionInquired)).toMatchObject({
        audtTargetId: String(ids['QW-EXPIRED-66']),
        details: { kind: 'QRIS', outcome: 'expired' },
      });
      expect((await trx(ids['QW-EXPIRED-66']!)).trctStatus).toBe('05');
    });

    it('records a bank failure as outcome failure with the bank code, when there is one', async () => {
      expect((await post('inquiry_status', ids['IW-ERROR-18']!)).statusCode).toBe(502);
      expect(await lastOf(AUDIT_ACTIONS.transactionInquired)).toMatchObject({
        audtOutcome: 'failure',
        details: { outcome: 'error', bankResponseCode: '5002600', httpStatus: 502 },
      });
      expect((await post('inquiry_status', ids['IW-SLOW-19']!)).statusCode).toBe(504);
      expect(await lastOf(AUDIT_ACTIONS.transactionInquired)).toMatchObject({
        audtOutcome: 'failure',
        details: { outcome: 'error', bankResponseCode: null, httpStatus: 504 },
      });
    });

    it('leaves the transaction unpaid and the merchant uncalled when the inquiry cannot be recorded', async () => {
      const id = ids['IW-PAID-02']!;
      const received = sims.merchant.received.length;
      const restore = await refuseAuditOf(ctx, AUDIT_ACTIONS.transactionInquired);
      try {
        expect((await post('inquiry_status', id)).statusCode).toBe(500);
      } finally {
        await restore();
      }
      expect((await trx(id)).trctStatus).toBe('03');
      expect(
        await ctx.db.kysely
          .selectFrom('notifications')
          .select('notiId')
          .where('notiTrctId', '=', id)
          .execute(),
      ).toEqual([]);
      expect(sims.merchant.received.length).toBe(received);
      // and it can be asked again
      expect((await post('inquiry_status', id)).json().data).toMatchObject({
        trctStatus: '00',
        paid: true,
      });
    });
  });

  describe('notification.resent', () => {
    const paidVa = async (name: string) => {
      await useMerchant(ctx, sims, mine, name);
      const [id] = await insertTx(ctx, mine, 'VA', [
        { orderId: `NW-${name}-${++n}`, status: '00', amount: 150000 },
      ]);
      return id!;
    };
    const historyOf = async (trctId: number) =>
      ctx.db.kysely
        .selectFrom('notification_history')
        .innerJoin('notifications', 'notifications.notiId', 'notification_history.nohiNotiId')
        .select('nohiId')
        .where('notiTrctId', '=', trctId)
        .execute();

    it('records a delivery with the merchant status, with its history row', async () => {
      const id = await paidVa('ok-w1');
      expect((await post('send_notification', id)).statusCode).toBe(200);
      expect(await lastOf(AUDIT_ACTIONS.notificationResent)).toMatchObject({
        audtOutcome: 'success',
        audtActorUsername: 'admin',
        audtTargetType: 'transaction',
        audtTargetId: String(id),
        details: {
          kind: 'VA',
          outcome: 'delivered',
          merchantHttpStatus: 200,
          notiId: expect.any(Number),
        },
      });
      expect(await historyOf(id)).toHaveLength(1);
    });

    it('records a refusal by the merchant, and a merchant not reached, as failures', async () => {
      const failing = await paidVa('fail-w1');
      expect((await post('send_notification', failing)).statusCode).toBe(502);
      expect(await lastOf(AUDIT_ACTIONS.notificationResent)).toMatchObject({
        audtOutcome: 'failure',
        details: { outcome: 'failed', merchantHttpStatus: 500 },
      });

      const unreachable = await paidVa('ok-w2');
      await setCallbackUrl(ctx, mine, null);
      expect((await post('send_notification', unreachable)).statusCode).toBe(502);
      expect(await lastOf(AUDIT_ACTIONS.notificationResent)).toMatchObject({
        audtOutcome: 'failure',
        details: {
          outcome: 'failed',
          merchantHttpStatus: null,
          message: 'Merchant tidak dapat dihubungi: The client has no callback URL',
        },
      });
    });

    it('writes no history row when the re-send cannot be recorded, and frees the notification', async () => {
      const id = await paidVa('ok-w3');
      const restore = await refuseAuditOf(ctx, AUDIT_ACTIONS.notificationResent);
      try {
        expect((await post('send_notification', id)).statusCode).toBe(500);
      } finally {
        await restore();
      }
      expect(await historyOf(id)).toEqual([]);
      expect((await post('send_notification', id)).statusCode).toBe(200);
      expect(await historyOf(id)).toHaveLength(1);
    });
  });
});
