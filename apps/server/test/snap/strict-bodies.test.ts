/**
 * SNAP bodies are read strictly, from the attacker's side. Before: an amount sent as a JSON number
 * (2165000.00000000001, read as 2165000) booked the bill; a body with two paidAmount members
 * booked by the last one (a component reading the first sees 1.00); __proto__ and constructor
 * members passed silently; the banks' Inquiry and statement answers were read the same way. Now
 * each is refused (400xx01 naming the field at /snap; an invalid answer from a bank) and nothing
 * changes. The /snap calls are signed by the written recipe over the exact bytes sent.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankConfig } from '../../src/integrations/bank/gateway.ts';
import { SnapBankGateway } from '../../src/integrations/bank/snap-gateway.ts';
import { SnapStatementSource } from '../../src/integrations/bank/statement-client.ts';
import { strictAmountMinor } from '../../src/modules/ledger/payment-evidence.ts';
import { createTestContext, DIALECTS, type TestContext } from '../support/test-app.ts';
import {
  amountText,
  callSnap,
  getToken,
  makeBank,
  paymentBody,
  stateOf,
  unpaidVaBill,
  type TestBank,
} from './support.ts';

const PAYMENT = '/snap/v1.0/transfer-va/payment';
const QRIS = '/snap/v1.0/qr/qr-mpm-notify';

describe.each(DIALECTS)('strict SNAP bodies at /snap (%s)', (dialect) => {
  let ctx: TestContext;
  let bri: TestBank;
  let token: string;

  beforeAll(async () => {
    bri = makeBank('BRI');
    ctx = await createTestContext(dialect, { snapPartners: [bri.partner] });
    token = await getToken(ctx.app, ctx, bri);
  });
  afterAll(async () => ctx?.close());

  /** Sends `raw` exactly, signed over its bytes (a body a JSON library would not write). */
  const sendRaw = (path: string, raw: string) =>
    callSnap(ctx.app, ctx, bri, token, path, null, { raw, signed: raw });

  it.each([
    [
      'the amount as a JSON number',
      (b: Record<string, unknown>) =>
        JSON.stringify(b).replace(
          /"paidAmount":\{"value":"(\d+)\.\d\d"/,
          '"paidAmount":{"value":$1.00000000001',
        ),
      'paidAmount.value',
    ],
    [
      'the amount as a whole JSON number',
      (b: Record<string, unknown>) =>
        // a whole number, whatever the bill's cents: refused as a number before any amount check
        JSON.stringify(b).replace(
          /"paidAmount":\{"value":"(\d+)\.\d\d"/,
          '"paidAmount":{"value":$1',
        ),
      'paidAmount.value',
    ],
    [
      'two paidAmount members, 1.00 first',
      (b: Record<string, unknown>) =>
        JSON.stringify(b).replace(
          '"paidAmount":',
          '"paidAmount":{"value":"1.00","currency":"IDR"},"paidAmount":',
        ),
      'paidAmount',
    ],
    [
      'two values in one paidAmount',
      (b: Record<string, unknown>) =>
        JSON.stringify(b).replace('"paidAmount":{', '"paidAmount":{"value":"1.00",'),
      'paidAmount.value',
    ],
    [
      'a repeated member spelt with a \\u escape',
      (b: Record<string, unknown>) =>
        JSON.stringify(b).replace(
          '"paidAmount":',
          '"paidAmount":{"value":"1.00","currency":"IDR"},"p\\u0061idAmount":',
        ),
      'paidAmount',
    ],
    [
      'a __proto__ member',
      (b: Record<string, unknown>) =>
        JSON.stringify(b).replace('{', '{"__proto__":{"paymentFlagStatus":"00"},'),
      '__proto__',
    ],
    [
      'a constructor member inside an amount',
      (b: Record<string, unknown>) =>
        JSON.stringify(b).replace(
          '"paidAmount":{',
          '"paidAmount":{"constructor":{"prototype":{}},',
        ),
      'paidAmount.constructor',
    ],
  ])(
    'VA payment with %s: 4002501 naming the field, the bill unchanged',
    async (_what, rewrite, field) => {
      const bill = await unpaidVaBill(ctx, 'BRI');
      const before = await stateOf(ctx, bill.trctId);
      const raw = rewrite(paymentBody(bill, `strict-${field}-${Math.random()}`));
      const res = await sendRaw(PAYMENT, raw);
      expect(res.statusCode, raw).toBe(400);
      expect(res.json()).toEqual({
        responseCode: '4002501',
        responseMessage: `Invalid Field Format {${field}}`,
      });
      expect(await stateOf(ctx, bill.trctId)).toEqual(before);
    },
  );

  it('QRIS notify with the amount as a JSON number: 4005201, the bill unchanged; the same as a string books it', async () => {
    const q = await ctx.db.kysely
      .selectFrom('transactions as t')
      .innerJoin('transaction_qr as q', 'q.trqrTrctId', 't.trctId')
      .where('t.trctQrBank', '=', 'BRI')
      .where('t.trctStatus', '=', '03')
      .where('q.trqrExpiredDate', '>', ctx.clock.now().toISOString())
      .where('t.trctTotalAmount', 'is not', null)
      .select(['t.trctId', 't.trctOrderId', 't.trctTotalAmount', 'q.trqrReferenceNo'])
      .orderBy('t.trctId')
      .executeTakeFirstOrThrow();
    const before = await stateOf(ctx, q.trctId);
    const body = {
      originalReferenceNo: q.trqrReferenceNo,
      originalPartnerReferenceNo: q.trctOrderId,
      latestTransactionStatus: '00',
      amount: { value: amountText(q.trctTotalAmount!), currency: 'IDR' },
    };
    const asNumber = JSON.stringify(body).replace(/"value":"([\d.]+)"/, '"value":$1');
    const res = await sendRaw(QRIS, asNumber);
    expect(res.json()).toEqual({
      responseCode: '4005201',
      responseMessage: 'Invalid Field Format {amount.value}',
    });
    expect(await stateOf(ctx, q.trctId)).toEqual(before);
    const good = await sendRaw(QRIS, JSON.stringify(body));
    expect(good.json()).toEqual({ responseCode: '2005200', responseMessage: 'Successful' });
  });

  it('a body that is not JSON, or nests 65 levels deep, is 400xx01 {body}', async () => {
    expect((await sendRaw(PAYMENT, '{"a":')).json()).toEqual({
      responseCode: '4002501',
      responseMessage: 'Invalid Field Format {body}',
    });
    expect((await sendRaw(PAYMENT, `{"a":${'['.repeat(65)}${']'.repeat(65)}}`)).json()).toEqual({
      responseCode: '4002501',
      responseMessage: 'Invalid Field Format {body}',
    });
    // A repeated member with a long name is named, cut to 100 characters.
    const long = 'x'.repeat(5_000);
    expect((await sendRaw(PAYMENT, `{"${long}":1,"${long}":2}`)).json()).toEqual({
      responseCode: '4002501',
      responseMessage: `Invalid Field Format {${'x'.repeat(99)}…}`,
    });
  });
});

/** A SNAP bank that grants any token and answers every other call with the raw text in `next`. */
async function startRawBank() {
  const state = { next: '{}' };
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const text = (request.url ?? '').endsWith('/access-token/b2b')
        ? JSON.stringify({
            responseCode: '2007300',
            responseMessage: 'Successful',
            accessToken: 'fake-token',
            tokenType: 'Bearer',
            expiresIn: '900',
          })
        : state.next;
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('strict answers from banks (Inquiry, bank-statement)', () => {
  let bank: Awaited<ReturnType<typeof startRawBank>>;
  let cfg: BankConfig;
  const opts = { timeoutMs: 2_000, timeZone: 'Asia/Jakarta', now: () => new Date() };
  beforeAll(async () => {
    bank = await startRawBank();
    const { privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    });
    cfg = {
      code: 'BRI',
      baseUrl: bank.url,
      pathPrefix: '',
      clientId: 'tagih',
      clientSecret: 'secret',
      privateKey,
      partnerServiceId: '   77001',
      channelId: '95221',
      accounts: ['020601000777001'],
    };
  });
  afterAll(async () => bank?.close());

  const va = (paidAmount: string) =>
    `{"responseCode":"2002600","responseMessage":"Successful","virtualAccountData":{"partnerServiceId":"   77001","customerNo":"0899","virtualAccountNo":"   770010899",${paidAmount},"trxDateTime":"2026-11-20T10:00:00+07:00","paymentFlagStatus":"00"}}`;
  const inquire = () =>
    new SnapBankGateway([cfg], opts).inquiryVa({
      bank: 'BRI',
      partnerServiceId: '77001',
      customerNo: '0899',
    } as Parameters<SnapBankGateway['inquiryVa']>[0]);

  it('an Inquiry answer with two paidAmount members is no answer (the bank is named, the member too)', async () => {
    bank.state.next = va(
      '"paidAmount":{"value":"1.00","currency":"IDR"},"paidAmount":{"value":"2707000.00","currency":"IDR"}',
    );
    await expect(inquire()).rejects.toMatchObject({
      reason: 'invalid-answer',
      message: expect.stringMatching(/Bank BRI .*paidAmount twice/),
    });
    bank.state.next = va(
      '"paidAmount":{"value":"2707000.00","currency":"IDR"},"__proto__":{"paymentFlagStatus":"00"}',
    );
    await expect(inquire()).rejects.toMatchObject({
      reason: 'invalid-answer',
      message: expect.stringMatching(/__proto__/),
    });
  });

  it('an Inquiry answer with the amount as a JSON number is handed on as no amount (payment-evidence refuses it)', async () => {
    bank.state.next = va('"paidAmount":{"value":2707000.00000000001,"currency":"IDR"}');
    const outcome = await inquire();
    expect(outcome).toMatchObject({
      kind: 'paid',
      claimed: { paidAmount: '2707000 (a JSON number)' },
    });
    expect(
      strictAmountMinor((outcome as { claimed: { paidAmount: string } }).claimed.paidAmount),
    ).toBeNull();
    bank.state.next = va('"paidAmount":{"value":"2707000.00","currency":"IDR"}');
    expect(await inquire()).toMatchObject({ kind: 'paid', claimed: { paidAmount: '2707000.00' } });
  });

  const statement = (amount: string, extra = '') =>
    `{"responseCode":"2001400","responseMessage":"Successful","balance":[{"startingBalance":{"value":"0.00","currency":"IDR"},"endingBalance":{"value":"100.00","currency":"IDR"}}],"hasMore":false,"detailData":[{"amount":${amount},"type":"Credit","transactionDate":"2026-11-20T10:00:00+07:00","transactionId":"T1","remark":"x"${extra}}]}`;
  const pull = () =>
    new SnapStatementSource([cfg], opts).fetchStatement({
      bank: 'BRI',
      accountNo: '020601000777001',
      from: new Date('2026-11-19T17:00:00Z'),
      to: new Date('2026-11-20T16:59:59Z'),
    });

  it('a statement line with a repeated amount, or an amount as a JSON number, is refused; a good one is read', async () => {
    bank.state.next = statement(
      '{"value":"1.00","currency":"IDR"}',
      ',"amount":{"value":"100.00","currency":"IDR"}',
    );
    await expect(pull()).rejects.toMatchObject({
      reason: 'invalid-answer',
      message: expect.stringMatching(/detailData\[0\]\.amount twice/),
    });
    bank.state.next = statement('{"value":100,"currency":"IDR"}');
    await expect(pull()).rejects.toMatchObject({
      reason: 'invalid-answer',
      message: expect.stringMatching(/without a positive amount/),
    });
    bank.state.next = statement('{"value":"100.00","currency":"IDR"}');
    expect(await pull()).toMatchObject({ entries: [{ amountMinor: 10_000, transactionId: 'T1' }] });
  });
});
