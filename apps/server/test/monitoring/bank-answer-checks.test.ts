/**
 * A bank's "paid" is checked before it changes money state (payment-evidence.ts), against a fake
 * SNAP bank over real HTTP configured as BANK_CONFIG_FILE configures a production bank. Each bad
 * answer once marked the bill Lunas; now: 502 with what the bank said, the transaction, its
 * amounts and the rollup unchanged, no notification queued, the refusal in the inquiry log and the
 * audit trail. A good answer still marks it paid; a bulk Inquiry counts a refusal as failed.
 */
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, type BulkJobDetail } from '@tagih/contract';
import { loadBankConfigFile } from '../../src/integrations/bank/config-file.ts';
import { SnapBankGateway } from '../../src/integrations/bank/snap-gateway.ts';
import { runBulkTick } from '../../src/modules/bulk-actions/worker.ts';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import { createCompany, insertTx, type TestCompany } from './support.ts';

const PSID = '   77001';
/** 2,707,000.00 in minor units. */
const BILL_MINOR = 270_700_000;

/** A SNAP bank that grants any token and answers each status call with what the test put in `next`. */
async function startFakeBank(): Promise<{
  url: string;
  next: { va: Record<string, unknown>; qr: Record<string, unknown> };
  close(): Promise<void>;
}> {
  const next = { va: {} as Record<string, unknown>, qr: {} as Record<string, unknown> };
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const path = request.url ?? '';
      const body = path.endsWith('/access-token/b2b')
        ? {
            responseCode: '2007300',
            responseMessage: 'Successful',
            accessToken: 'fake-token',
            tokenType: 'Bearer',
            expiresIn: '900',
          }
        : path.endsWith('/transfer-va/status')
          ? { responseCode: '2002600', responseMessage: 'Successful', virtualAccountData: next.va }
          : { responseCode: '2005100', responseMessage: 'Successful', ...next.qr };
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    next,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(DIALECTS)(
  "a bank's paid answer is checked before it changes anything (%s)",
  (dialect) => {
    let ctx: TestContext;
    let bank: Awaited<ReturnType<typeof startFakeBank>>;
    let mine: TestCompany;
    let token: string;
    let configDir: string;
    let n = 0;

    const inquiry = (kind: 'Va' | 'Qr', id: number) =>
      ctx.inject({
        method: 'POST',
        url: `/api/dashboard/transaction${kind}/inquiry_status/${id}`,
        token,
      });
    const trx = (id: number) =>
      ctx.db.kysely
        .selectFrom('transactions')
        .selectAll()
        .where('trctId', '=', id)
        .executeTakeFirstOrThrow();
    const rollup = () =>
      ctx.db.kysely
        .selectFrom('transaction_rollup')
        .selectAll()
        .where('rlupCompId', '=', mine.compId)
        .orderBy('rlupType')
        .orderBy('rlupDay')
        .orderBy('rlupStatus')
        .orderBy('rlupBank')
        .execute();
    const notifications = async (id: number) =>
      (
        await ctx.db.kysely
          .selectFrom('notifications')
          .select('notiId')
          .where('notiTrctId', '=', id)
          .execute()
      ).length;
    const jakarta = (iso: string) =>
      `${new Date(Date.parse(iso) + 7 * 3600_000).toISOString().slice(0, 19)}+07:00`;

    /** A new unpaid bill of 2,707,000.00 created now; its customer number and order id are unique. */
    const newBill = async (type: 'VA' | 'QRIS') => {
      const orderId = `CHK-${type}-${++n}`;
      const [id] = await insertTx(ctx, mine, type, [
        {
          orderId,
          amount: 2_707_000,
          customerNo: `0899${String(n).padStart(8, '0')}`,
          refNo: `REF-${orderId}`,
        },
      ]);
      return { id: id!, orderId, customerNo: `0899${String(n).padStart(8, '0')}` };
    };
    /** What the bank answers about a VA bill, paid in full now, with `change` applied. */
    const vaPaid = (customerNo: string, change: Record<string, unknown> = {}) => ({
      partnerServiceId: PSID,
      customerNo,
      virtualAccountNo: `${PSID}${customerNo}`,
      inquiryRequestId: randomUUID(),
      paidAmount: { value: '2707000.00', currency: 'IDR' },
      totalAmount: { value: '2707000.00', currency: 'IDR' },
      trxDateTime: jakarta(ctx.clock.now().toISOString()),
      paymentFlagStatus: '00',
      paymentFlagReason: { english: 'Success', indonesia: 'Sukses' },
      ...change,
    });
    const qrPaid = (orderId: string, change: Record<string, unknown> = {}) => ({
      originalReferenceNo: `REF-${orderId}`,
      originalPartnerReferenceNo: orderId,
      serviceCode: '47',
      latestTransactionStatus: '00',
      paidTime: jakarta(ctx.clock.now().toISOString()),
      amount: { value: '2707000.00', currency: 'IDR' },
      ...change,
    });

    /** Asks about `id` and proves the answer was refused with `message` and nothing changed but the record of it. */
    const expectRefused = async (
      kind: 'Va' | 'Qr',
      id: number,
      reason: string,
      message: string,
    ) => {
      const before = { row: await trx(id), rollup: await rollup() };
      const res = await inquiry(kind, id);
      expect(res.statusCode, res.body).toBe(502);
      expect(res.json().status).toEqual({
        error: 1,
        message: `${message}; the transaction was not marked paid`,
      });
      expect(res.json().data).toMatchObject({ refused: reason });
      expect(await trx(id)).toEqual(before.row);
      expect(before.row).toMatchObject({
        trctStatus: '03',
        trctTotalAmountPaid: null,
        trctLunasTime: null,
      });
      expect(await rollup()).toEqual(before.rollup);
      expect(await notifications(id)).toBe(0);
      const attempt = await ctx.db.kysely
        .selectFrom('inquiry_attempts')
        .selectAll()
        .where('inatTrctId', '=', id)
        .orderBy('inatId', 'desc')
        .executeTakeFirstOrThrow();
      expect(attempt).toMatchObject({
        inatOutcome: 'refused',
        inatMessage: message,
        inatHttpStatus: 502,
      });
      const event = await ctx.db.kysely
        .selectFrom('audit_events')
        .selectAll()
        .where('audtAction', '=', AUDIT_ACTIONS.transactionInquired)
        .where('audtTargetId', '=', String(id))
        .orderBy('audtId', 'desc')
        .executeTakeFirstOrThrow();
      expect(event.audtOutcome).toBe('failure');
      expect(JSON.parse(event.audtDetails)).toMatchObject({
        outcome: 'refused',
        reason,
        message,
        httpStatus: 502,
      });
      return JSON.parse(event.audtDetails) as { claimed: Record<string, unknown> };
    };

    beforeAll(async () => {
      bank = await startFakeBank();
      // Many inquiries in one minute of the test clock: no per-transaction pause, a per-user budget above them.
      ctx = await createTestContext(dialect, {
        demo: false,
        config: { actionMinIntervalSeconds: 0, actionRateLimitPerMinute: 100 },
      });
      // The bank as production configures it (docs/protocols.md "Bank settings").
      configDir = mkdtempSync(join(tmpdir(), 'tagih-bank-'));
      const { privateKey } = generateKeyPairSync('rsa', {
        modulusLength: 2048,
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
        publicKeyEncoding: { type: 'spki', format: 'pem' },
      });
      writeFileSync(join(configDir, 'bri.pem'), privateKey);
      writeFileSync(
        join(configDir, 'banks.json'),
        JSON.stringify([
          {
            code: 'BRI',
            baseUrl: bank.url,
            pathPrefix: '/snap',
            clientId: 'tagih',
            clientSecret: 'secret',
            privateKeyFile: 'bri.pem',
            partnerServiceId: PSID,
            channelId: '95221',
          },
        ]),
      );
      ctx.deps.bankGateway = new SnapBankGateway(
        loadBankConfigFile(join(configDir, 'banks.json')),
        { timeoutMs: 2_000, now: () => ctx.clock.now() },
      );
      mine = await createCompany(ctx, 'http://127.0.0.1:9/never-called');
      token = await ctx.loginWithCompany(ADMIN, mine.compId);
    });
    afterAll(async () => {
      await ctx.close();
      await bank.close();
      rmSync(configDir, { recursive: true, force: true });
    });

    it('an underpaid amount: "BRI reports 1,00 paid for a bill of 2.707.000,00"', async () => {
      const bill = await newBill('VA');
      bank.next.va = vaPaid(bill.customerNo, { paidAmount: { value: '1.00', currency: 'IDR' } });
      const details = await expectRefused(
        'Va',
        bill.id,
        'amount-mismatch',
        'BRI reports 1,00 paid for a bill of 2.707.000,00',
      );
      expect(details.claimed).toMatchObject({ paidAmount: '1.00' });
    });

    it('a payment naming another VA number', async () => {
      const bill = await newBill('VA');
      bank.next.va = vaPaid(bill.customerNo, {
        customerNo: '089900009999',
        virtualAccountNo: `${PSID}089900009999`,
      });
      await expectRefused(
        'Va',
        bill.id,
        'other-bill',
        `BRI reports a payment to VA "${PSID}089900009999", not to this bill's VA 77001${bill.customerNo}`,
      );
    });

    it('a paid answer that names no VA at all', async () => {
      const bill = await newBill('VA');
      bank.next.va = vaPaid(bill.customerNo, {
        partnerServiceId: undefined,
        customerNo: undefined,
        virtualAccountNo: undefined,
      });
      await expectRefused(
        'Va',
        bill.id,
        'bill-not-named',
        'BRI reports a payment without naming the VA number',
      );
    });

    it('a paid time in the future (9999-12-31T23:59:59Z)', async () => {
      const bill = await newBill('VA');
      bank.next.va = vaPaid(bill.customerNo, { trxDateTime: '9999-12-31T23:59:59Z' });
      await expectRefused(
        'Va',
        bill.id,
        'paid-time-future',
        'BRI reports the payment at 10000-01-01 06:59:59, later than now (2026-11-20 10:00:00)',
      );
    });

    it('a paid time before the bill was created', async () => {
      const bill = await newBill('VA');
      bank.next.va = vaPaid(bill.customerNo, { trxDateTime: '2026-11-20T09:59:58+07:00' });
      await expectRefused(
        'Va',
        bill.id,
        'paid-time-before-bill',
        'BRI reports the payment at 2026-11-20 09:59:58, before the bill was created (2026-11-20 10:00:00)',
      );
    });

    it('a paid time that is not a time with its zone', async () => {
      const bill = await newBill('VA');
      bank.next.va = vaPaid(bill.customerNo, { trxDateTime: '2026-11-20 10:00:00' });
      await expectRefused(
        'Va',
        bill.id,
        'paid-time-unreadable',
        'BRI reports the payment at "2026-11-20 10:00:00", which is not a date and time with its zone',
      );
    });

    it.each([
      ['negative', '-2707000.00'],
      ['huge', '99999999999999999999.00'],
      ['non-numeric', 'lunas'],
      ['3 decimals', '2707000.000'],
      ['an exponent', '2.707e6'],
    ])("a %s amount (%s) is refused, never replaced by the bill's total", async (_what, value) => {
      const bill = await newBill('VA');
      bank.next.va = vaPaid(bill.customerNo, { paidAmount: { value, currency: 'IDR' } });
      await expectRefused(
        'Va',
        bill.id,
        'amount-malformed',
        `BRI reports ${JSON.stringify(value)} paid, which is not an amount in rupiah with at most 2 decimals`,
      );
    });

    it('a number where SNAP writes text, and a paid answer without an amount', async () => {
      const asNumber = await newBill('VA');
      bank.next.va = vaPaid(asNumber.customerNo, { paidAmount: { value: -5, currency: 'IDR' } });
      await expectRefused(
        'Va',
        asNumber.id,
        'amount-malformed',
        'BRI reports "-5 (a JSON number)" paid, which is not an amount in rupiah with at most 2 decimals',
      );
      // A whole number that equals the bill is refused too: SNAP amounts are decimal strings (2707000.00000000001 reads as 2707000).
      const whole = await newBill('VA');
      bank.next.va = vaPaid(whole.customerNo, { paidAmount: { value: 2707000, currency: 'IDR' } });
      await expectRefused(
        'Va',
        whole.id,
        'amount-malformed',
        'BRI reports "2707000 (a JSON number)" paid, which is not an amount in rupiah with at most 2 decimals',
      );
      const without = await newBill('VA');
      bank.next.va = vaPaid(without.customerNo, { paidAmount: undefined });
      await expectRefused(
        'Va',
        without.id,
        'amount-missing',
        'BRI reports the bill paid without saying how much was paid',
      );
    });

    it('QRIS: a payment for another reference, or another order', async () => {
      const bill = await newBill('QRIS');
      bank.next.qr = qrPaid(bill.orderId, { originalReferenceNo: 'REF-SOMEONE-ELSE' });
      await expectRefused(
        'Qr',
        bill.id,
        'other-bill',
        `BRI reports a payment for "REF-SOMEONE-ELSE", not for this bill's REF-${bill.orderId}`,
      );
      bank.next.qr = qrPaid(bill.orderId, { originalPartnerReferenceNo: 'CHK-QRIS-OTHER' });
      await expectRefused(
        'Qr',
        bill.id,
        'other-bill',
        `BRI reports a payment for "CHK-QRIS-OTHER", not for this bill's ${bill.orderId}`,
      );
    });

    it('QRIS: an overpaid amount', async () => {
      const bill = await newBill('QRIS');
      bank.next.qr = qrPaid(bill.orderId, { amount: { value: '2707000.01', currency: 'IDR' } });
      await expectRefused(
        'Qr',
        bill.id,
        'amount-mismatch',
        'BRI reports 2.707.000,01 paid for a bill of 2.707.000,00',
      );
    });

    it("a good answer still marks the bill Lunas with the bank's amount and time, and queues the notification", async () => {
      const bill = await newBill('VA');
      ctx.clock.advanceMinutes(3);
      // the padding dropped, as some banks do; paid a minute ago
      bank.next.va = vaPaid(bill.customerNo, {
        partnerServiceId: '77001',
        virtualAccountNo: `77001${bill.customerNo}`,
        trxDateTime: jakarta(new Date(ctx.clock.now().getTime() - 60_000).toISOString()),
      });
      const res = await inquiry('Va', bill.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ trctStatus: '00', paid: true });
      expect(await trx(bill.id)).toMatchObject({
        trctStatus: '00',
        trctTotalAmountPaid: BILL_MINOR,
      });
      expect(new Date((await trx(bill.id)).trctLunasTime!).toISOString()).toBe(
        new Date(ctx.clock.now().getTime() - 60_000).toISOString(),
      );
      expect(await notifications(bill.id)).toBe(1);
      const qr = await newBill('QRIS');
      bank.next.qr = qrPaid(qr.orderId);
      expect((await inquiry('Qr', qr.id)).statusCode).toBe(200);
      expect(await trx(qr.id)).toMatchObject({ trctStatus: '00', trctTotalAmountPaid: BILL_MINOR });
    });

    it("a bulk Inquiry applies the same rule: the refused item fails with the bank's words, nothing changes", async () => {
      const bill = await newBill('VA');
      bank.next.va = vaPaid(bill.customerNo, { paidAmount: { value: '1.00', currency: 'IDR' } });
      const before = await trx(bill.id);
      const start = await ctx.inject({
        method: 'POST',
        url: '/api/bulk-actions',
        token,
        payload: {
          action: 'inquiry',
          source: 'va',
          selection: { ids: [bill.id] },
          reason: 'Cek status',
          idempotencyKey: randomUUID(),
        },
      });
      expect(start.statusCode, start.body).toBe(200);
      const { jobId } = start.json().data as { jobId: number };
      for (let i = 0; i < 10 && (await runBulkTick(ctx.deps)) > 0; i++);
      const detail = (
        await ctx.inject({ method: 'GET', url: `/api/bulk-actions/${jobId}`, token })
      ).json().data as BulkJobDetail;
      expect(detail).toMatchObject({ status: 'done', counts: { succeeded: 0, failed: 1 } });
      expect(detail.items[0]!.message).toBe(
        'BRI reports 1,00 paid for a bill of 2.707.000,00; the transaction was not marked paid',
      );
      expect(await trx(bill.id)).toEqual(before);
      expect(await notifications(bill.id)).toBe(0);
    });
  },
);
