/**
 * Merchants draw dynamic QRIS over SNAP BI: qr-mpm-generate (47) gives a valid EMVCo payload (its
 * CRC checked here with an independent CRC-16/CCITT-FALSE), our reference and its validity; the
 * acquirer's qr-mpm-notify pays it; qr-mpm-query (51) reads its state. Every code and refusal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { verifyRollup } from '../../src/db/transaction-rollup.ts';
import { newDataKey, SecretBox } from '../../src/security/secret-box.ts';
import { createTestContext, DIALECTS, type TestContext } from '../support/test-app.ts';
import {
  callSnap,
  getToken,
  makeBank,
  makeMerchant,
  snapTime,
  stateOf,
  type TestBank,
  type TestCaller,
} from './support.ts';
import { sealPending } from '../../src/modules/audit/sealer.ts';

const GENERATE = '/snap/v1.0/qr/qr-mpm-generate';
const QUERY = '/snap/v1.0/qr/qr-mpm-query';
const NOTIFY = '/snap/v1.0/qr/qr-mpm-notify';
const CREATE_VA = '/snap/v1.0/transfer-va/create-va';

/** CRC-16/CCITT-FALSE, written here from its definition (poly 0x1021, init 0xFFFF). */
function crc(text: string): string {
  let value = 0xffff;
  for (const byte of Buffer.from(text, 'ascii')) {
    value ^= byte << 8;
    for (let i = 0; i < 8; i += 1)
      value = (value & 0x8000 ? (value << 1) ^ 0x1021 : value << 1) & 0xffff;
  }
  return value.toString(16).toUpperCase().padStart(4, '0');
}

/** The top-level tags of an EMVCo payload, read here without the server's reader. */
function tags(payload: string): [string, string][] {
  const out: [string, string][] = [];
  for (let at = 0; at < payload.length;) {
    const length = Number(payload.slice(at + 2, at + 4));
    out.push([payload.slice(at, at + 2), payload.slice(at + 4, at + 4 + length)]);
    at += 4 + length;
  }
  return out;
}

describe.each(DIALECTS)('merchants draw dynamic QRIS (%s)', (dialect) => {
  let ctx: TestContext;
  let bri: TestBank;
  let companies: { compId: number; compName: string; clntid: number }[];
  let maju: TestCaller;
  let token: string;
  let n = 0;
  const nextRef = () => `QR-${dialect}-${(n += 1)}`;

  beforeAll(async () => {
    bri = makeBank('BRI');
    ctx = await createTestContext(dialect, {
      snapPartners: [bri.partner],
      secretBox: new SecretBox(newDataKey()),
    });
    companies = await ctx.db.kysely
      .selectFrom('companies')
      .innerJoin('clients', 'clients.clntid', 'companies.compClientId')
      .select(['companies.compId', 'companies.compName', 'clients.clntid'])
      .orderBy('companies.compId')
      .execute();
    maju = await makeMerchant(ctx, companies[0]!.clntid);
    token = await getToken(ctx.app, ctx, maju);
  });
  afterAll(async () => ctx?.close());

  const qrBody = (partnerReferenceNo: string, extra: Record<string, unknown> = {}) => ({
    partnerReferenceNo,
    amount: { value: '25000.00', currency: 'IDR' },
    merchantId: 'BRI-MID-0001',
    terminalId: 'T01',
    validityPeriod: snapTime(ctx.clock.now(), 30),
    ...extra,
  });
  const generate = (body: unknown, who = maju, tok = token) =>
    callSnap(ctx.app, ctx, who, tok, GENERATE, body);
  const query = (body: unknown, who = maju, tok = token) =>
    callSnap(ctx.app, ctx, who, tok, QUERY, body);
  const count = async () =>
    Number(
      (
        await ctx.db.kysely
          .selectFrom('transactions')
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('draws a valid EMVCo QRIS for the amount, with our reference and its validity; the bill is unpaid, the rollup exact, audited', async () => {
    const ref = nextRef();
    const body = qrBody(ref);
    const res = await generate(body);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toEqual({
      responseCode: '2004700',
      responseMessage: 'Successful',
      referenceNo: expect.stringMatching(/^9\d{11}$/),
      partnerReferenceNo: ref,
      qrContent: expect.any(String),
      merchantName: 'PT Toko Maju',
      terminalId: 'T01',
      additionalInfo: { validityPeriod: body.validityPeriod },
    });
    const payload = answer.qrContent as string;
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(payload.slice(-4)).toBe(crc(payload.slice(0, -4)));
    const fields = tags(payload);
    expect(fields.map(([tag]) => tag)).toEqual([
      '00',
      '01',
      '26',
      '51',
      '52',
      '53',
      '54',
      '58',
      '59',
      '60',
      '62',
      '63',
    ]);
    const field = Object.fromEntries(fields);
    expect(field['00']).toBe('01');
    expect(field['01']).toBe('12');
    expect(field['26']).toContain('ID.CO.BANKBRI.WWW');
    expect(field['26']).toContain('BRI-MID-0001');
    expect(field['51']).toMatch(/^0014ID\.CO\.QRIS\.WWW/);
    expect(field['53']).toBe('360');
    expect(field['54']).toBe('25000.00');
    expect(field['58']).toBe('ID');
    expect(field['59']).toBe('PT Toko Maju');
    expect(field['60']).toBe('Jakarta');
    expect(field['62']).toBe(`0512${answer.referenceNo}`);

    const row = await ctx.db.kysely
      .selectFrom('transactions as t')
      .innerJoin('transaction_qr as q', 'q.trqrTrctId', 't.trctId')
      .selectAll()
      .where('t.trctOrderId', '=', ref)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      trctType: 'QRIS',
      trctCompId: companies[0]!.compId,
      trctClntId: companies[0]!.clntid,
      trctBank: 'BRI',
      trctQrBank: 'BRI',
      trctStatus: '03',
      trctTotalAmount: 2_500_000,
      trqrReferenceNo: answer.referenceNo,
      trqrMerchantId: 'BRI-MID-0001',
      trqrTotalAmount: 2_500_000,
    });
    expect(new Date(row.trqrExpiredDate!).getTime()).toBe(Date.parse(body.validityPeriod));
    expect((await verifyRollup(ctx.db.kysely)).differences).toEqual([]);
    await sealPending(ctx.db.kysely, { wait: true }); // the bill's event is chained after its commit
    const event = await ctx.db.kysely
      .selectFrom('audit_events')
      .select(['audtAction', 'audtActorUsername'])
      .where('audtTargetId', '=', String(row.trctId))
      .executeTakeFirstOrThrow();
    expect(event).toEqual({
      audtAction: 'transaction.created',
      audtActorUsername: `merchant:${maju.partner.clientId}`,
    });

    const again = await generate(body);
    expect(again.body).toBe(res.body);
    const other = await generate(qrBody(ref, { amount: { value: '25001.00', currency: 'IDR' } }));
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      responseCode: '4094701',
      responseMessage: 'Duplicate partnerReferenceNo',
    });
  });

  it("reads it pending; the acquirer's qr-mpm-notify pays it; then it reads success with the paid time", async () => {
    const ref = nextRef();
    const { referenceNo } = (await generate(qrBody(ref))).json();
    const pending = await query({ originalPartnerReferenceNo: ref, serviceCode: '47' });
    expect(pending.json()).toEqual({
      responseCode: '2005100',
      responseMessage: 'Successful',
      originalReferenceNo: referenceNo,
      originalPartnerReferenceNo: ref,
      serviceCode: '47',
      latestTransactionStatus: '03',
      transactionStatusDesc: 'pending',
      amount: { value: '25000.00', currency: 'IDR' },
      additionalInfo: { status: '03', statusDescription: 'Belum Lunas' },
    });
    expect((await query({ originalReferenceNo: referenceNo })).body).toBe(pending.body);

    const briToken = await getToken(ctx.app, ctx, bri);
    const paidTime = snapTime(ctx.clock.now());
    const notify = await callSnap(ctx.app, ctx, bri, briToken, NOTIFY, {
      originalReferenceNo: referenceNo,
      originalPartnerReferenceNo: ref,
      latestTransactionStatus: '00',
      amount: { value: '25000.00', currency: 'IDR' },
      paidTime,
    });
    expect(notify.json()).toEqual({ responseCode: '2005200', responseMessage: 'Successful' });
    const trct = await ctx.db.kysely
      .selectFrom('transactions')
      .select('trctId')
      .where('trctOrderId', '=', ref)
      .executeTakeFirstOrThrow();
    expect(await stateOf(ctx, trct.trctId)).toMatchObject({
      trctStatus: '00',
      trctTotalAmountPaid: 2_500_000,
      notifications: 1,
      bankPayments: 1,
      paidEvents: 1,
    });
    expect((await verifyRollup(ctx.db.kysely)).differences).toEqual([]);

    const paid = await query({ originalPartnerReferenceNo: ref });
    expect(paid.json()).toMatchObject({
      latestTransactionStatus: '00',
      transactionStatusDesc: 'success',
      paidTime,
      additionalInfo: { status: '00', paidAmount: { value: '25000.00', currency: 'IDR' } },
    });
  });

  it('reads it canceled once past its validity, and the acquirer can no longer pay it', async () => {
    const ref = nextRef();
    const { referenceNo } = (
      await generate(qrBody(ref, { validityPeriod: snapTime(ctx.clock.now(), 1) }))
    ).json();
    ctx.clock.advanceMinutes(2);
    try {
      const late = await query(
        { originalPartnerReferenceNo: ref },
        maju,
        await getToken(ctx.app, ctx, maju),
      );
      expect(late.json()).toMatchObject({
        latestTransactionStatus: '05',
        transactionStatusDesc: 'canceled',
        additionalInfo: { status: '05', statusDescription: 'Kadaluarsa' },
      });
      const notify = await callSnap(ctx.app, ctx, bri, await getToken(ctx.app, ctx, bri), NOTIFY, {
        originalReferenceNo: referenceNo,
        latestTransactionStatus: '00',
        amount: { value: '25000.00', currency: 'IDR' },
      });
      expect(notify.json().responseCode).toBe('4045219');
    } finally {
      ctx.clock.advanceMinutes(-2);
    }
  });

  it.each([
    [
      'no partnerReferenceNo',
      { partnerReferenceNo: undefined },
      '4004702',
      'Invalid Mandatory Field {partnerReferenceNo}',
    ],
    ['no amount', { amount: undefined }, '4004702', 'Invalid Mandatory Field {amount.value}'],
    [
      'a malformed amount',
      { amount: { value: '25.000,00', currency: 'IDR' } },
      '4004701',
      'Invalid Field Format {amount.value}',
    ],
    ['no merchantId', { merchantId: undefined }, '4004702', 'Invalid Mandatory Field {merchantId}'],
    [
      'an acquirer we do not know',
      { merchantId: 'XYZ-MID-0001' },
      '4004701',
      'Invalid Field Format {merchantId}',
    ],
    [
      'a validity in the past',
      { validityPeriod: '2020-01-01T00:00:00+07:00' },
      '4004701',
      'Invalid Field Format {validityPeriod}',
    ],
  ])(
    'refuses %s with 400, naming the field, drawing nothing',
    async (_what, change, code, message) => {
      const before = await count();
      const res = await generate({ ...qrBody(nextRef()), ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ responseCode: code, responseMessage: message });
      expect(await count()).toBe(before);
    },
  );

  it("queries only its own QRIS: another client's, a VA bill, or a reference that is not the bill's are 4045101", async () => {
    const ref = nextRef();
    const { referenceNo } = (await generate(qrBody(ref))).json();
    const kopi = await makeMerchant(ctx, companies[1]!.clntid);
    const foreign = await query(
      { originalPartnerReferenceNo: ref },
      kopi,
      await getToken(ctx.app, ctx, kopi),
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({
      responseCode: '4045101',
      responseMessage: 'Transaction Not Found',
    });
    const vaTrx = `VA-${ref}`;
    const va = await callSnap(ctx.app, ctx, maju, token, CREATE_VA, {
      partnerServiceId: '   77001',
      virtualAccountName: 'Budi',
      trxId: vaTrx,
      totalAmount: { value: '1000.00', currency: 'IDR' },
    });
    expect(va.json().responseCode).toBe('2002700');
    expect((await query({ originalPartnerReferenceNo: vaTrx })).json().responseCode).toBe(
      '4045101',
    );
    expect(
      (
        await query({ originalPartnerReferenceNo: ref, originalReferenceNo: `${referenceNo}0` })
      ).json().responseCode,
    ).toBe('4045101');
    expect((await query({})).json()).toEqual({
      responseCode: '4005102',
      responseMessage: 'Invalid Mandatory Field {originalPartnerReferenceNo}',
    });
    expect((await query({ originalPartnerReferenceNo: ref, serviceCode: '27' })).json()).toEqual({
      responseCode: '4005101',
      responseMessage: 'Invalid Field Format {serviceCode}',
    });
  });
});
