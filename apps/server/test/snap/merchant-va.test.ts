/**
 * Merchants open bills over SNAP BI (/snap): the token of a merchant, create-va (27), inquiry-va
 * (30), delete-va (31); every code and refusal, each refused call changing nothing; a merchant
 * reaches only its own bills; a VA a merchant opened is then paid by the bank (transfer-va/payment).
 * Signatures are made in this test from the written recipe (support.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { verifyRollup } from '../../src/db/transaction-rollup.ts';
import { newDataKey, SecretBox } from '../../src/security/secret-box.ts';
import { flushRefusalSummaries } from '../../src/modules/snap/caller/refusal-audit.ts';
import { createTestContext, DIALECTS, type TestContext } from '../support/test-app.ts';
import {
  callSnap,
  getToken,
  makeBank,
  makeMerchant,
  newExternalId,
  snapTime,
  stateOf,
  tokenSignature,
  type CallOptions,
  type TestBank,
  type TestCaller,
} from './support.ts';
import { sealPending } from '../../src/modules/audit/sealer.ts';

const CREATE = '/snap/v1.0/transfer-va/create-va';
const READ = '/snap/v1.0/transfer-va/inquiry-va';
const DELETE = '/snap/v1.0/transfer-va/delete-va';
const PAY = '/snap/v1.0/transfer-va/payment';
const INQUIRY = '/snap/v1.0/transfer-va/inquiry';
const TOKEN = '/snap/v1.0/access-token/b2b';

describe.each(DIALECTS)('merchants open VA bills (%s)', (dialect) => {
  let ctx: TestContext;
  let bri: TestBank;
  let companies: { compId: number; compName: string; clntid: number }[];
  let maju: TestCaller; // PT Toko Maju's client
  let kopi: TestCaller; // PT Kopi Kita's client
  let token: string;
  let trx = 0;
  const nextTrxId = () => `INV-${dialect}-${(trx += 1)}`;

  beforeAll(async () => {
    bri = makeBank('BRI');
    ctx = await createTestContext(dialect, {
      snapPartners: [bri.partner, makeBank('BJB').partner],
      secretBox: new SecretBox(newDataKey()),
    });
    companies = await ctx.db.kysely
      .selectFrom('companies')
      .innerJoin('clients', 'clients.clntid', 'companies.compClientId')
      .select(['companies.compId', 'companies.compName', 'clients.clntid'])
      .orderBy('companies.compId')
      .execute();
    maju = await makeMerchant(ctx, companies[0]!.clntid);
    kopi = await makeMerchant(ctx, companies[1]!.clntid);
    token = await getToken(ctx.app, ctx, maju);
  });
  afterAll(async () => ctx?.close());

  const vaBody = (trxId: string, extra: Record<string, unknown> = {}) => ({
    partnerServiceId: '   77001',
    virtualAccountName: 'Wulan Dari',
    trxId,
    totalAmount: { value: '150000.00', currency: 'IDR' },
    virtualAccountTrxType: 'C',
    expiredDate: snapTime(ctx.clock.now(), 24 * 60),
    ...extra,
  });
  const create = (body: unknown, o: CallOptions = {}, who = maju, tok = token) =>
    callSnap(ctx.app, ctx, who, tok, CREATE, body, o);
  const opened = async (trxId = nextTrxId()) => {
    const res = await create(vaBody(trxId));
    expect(res.json().responseCode).toBe('2002700');
    const data = res.json().virtualAccountData as {
      partnerServiceId: string;
      customerNo: string;
      virtualAccountNo: string;
    };
    const row = await ctx.db.kysely
      .selectFrom('transactions')
      .select(['trctId', 'trctCompId'])
      .where('trctClntId', '=', companies[0]!.clntid)
      .where('trctOrderId', '=', trxId)
      .executeTakeFirstOrThrow();
    return {
      trxId,
      ...data,
      trctId: row.trctId,
      names: {
        partnerServiceId: data.partnerServiceId,
        customerNo: data.customerNo,
        virtualAccountNo: data.virtualAccountNo,
      },
    };
  };
  const transactionCount = async () =>
    Number(
      (
        await ctx.db.kysely
          .selectFrom('transactions')
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const events = async (action: string) => {
    await sealPending(ctx.db.kysely, { wait: true }); // a bill's event is chained after its commit
    return (
      await ctx.db.kysely
        .selectFrom('audit_events')
        .selectAll()
        .where('audtAction', '=', action)
        .orderBy('audtId')
        .execute()
    ).map((e) => ({ ...e, details: JSON.parse(e.audtDetails) as Record<string, unknown> }));
  };

  describe('access token (73)', () => {
    it('serves merchants too: the client key says who calls', async () => {
      const ts = snapTime(ctx.clock.now());
      const res = await ctx.app.inject({
        method: 'POST',
        url: TOKEN,
        payload: '{"grantType":"client_credentials"}',
        headers: {
          'content-type': 'application/json',
          'x-client-key': kopi.partner.clientId,
          'x-timestamp': ts,
          'x-signature': tokenSignature(kopi.privateKey, kopi.partner.clientId, ts),
        },
      });
      expect(res.json()).toMatchObject({
        responseCode: '2007300',
        tokenType: 'Bearer',
        expiresIn: '900',
      });
      const wrongKey = await ctx.app.inject({
        method: 'POST',
        url: TOKEN,
        payload: '{"grantType":"client_credentials"}',
        headers: {
          'content-type': 'application/json',
          'x-client-key': kopi.partner.clientId,
          'x-timestamp': ts,
          'x-signature': tokenSignature(maju.privateKey, kopi.partner.clientId, ts),
        },
      });
      expect(wrongKey.json()).toEqual({
        responseCode: '4017300',
        responseMessage: 'Unauthorized. [Signature]',
      });
    });

    it('ends with the API access: revoked, the token is refused and no new one is given', async () => {
      const lama = await makeMerchant(ctx, companies[3]!.clntid);
      const its = await getToken(ctx.app, ctx, lama);
      const admin = await ctx.login();
      expect(
        (
          await ctx.inject({
            method: 'DELETE',
            url: `/api/master/client/${companies[3]!.clntid}/snap-credentials`,
            token: admin,
          })
        ).statusCode,
      ).toBe(200);
      const call = await create(vaBody(nextTrxId()), {}, lama, its);
      expect(call.json()).toEqual({
        responseCode: '4012701',
        responseMessage: 'Invalid Token (B2B)',
      });
      await expect(getToken(ctx.app, ctx, lama)).rejects.toThrow(/4017300/);
    });
  });

  describe('create-va (27)', () => {
    it('opens a closed bill for its company at the bank of the partnerServiceId: our VA number, the rollup exact, audited, in the timeline', async () => {
      const trxId = nextTrxId();
      const body = vaBody(trxId);
      const res = await create(body);
      expect(res.statusCode).toBe(200);
      const answer = res.json();
      expect(answer).toEqual({
        responseCode: '2002700',
        responseMessage: 'Successful',
        virtualAccountData: {
          partnerServiceId: '   77001',
          customerNo: expect.stringMatching(/^9\d{11}$/),
          virtualAccountNo: expect.stringMatching(/^ {3}770019\d{11}$/),
          virtualAccountName: 'Wulan Dari',
          trxId,
          totalAmount: { value: '150000.00', currency: 'IDR' },
          virtualAccountTrxType: 'C',
          expiredDate: body.expiredDate,
        },
      });
      const { customerNo } = answer.virtualAccountData;
      const row = await ctx.db.kysely
        .selectFrom('transactions as t')
        .innerJoin('transaction_va as v', 'v.trvaTrctId', 't.trctId')
        .selectAll()
        .where('t.trctOrderId', '=', trxId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        trctType: 'VA',
        trctCompId: companies[0]!.compId,
        trctClntId: companies[0]!.clntid,
        trctBank: 'BRI',
        trctStatus: '03',
        trctTotalAmount: 15_000_000,
        trctTotalAmountPaid: null,
        trctVirtualAccountNo: `77001${customerNo}`,
        trctVirtualAccountName: 'Wulan Dari',
        trvaPartnerServiceId: '   77001',
        trvaCustomerNo: customerNo,
        trvaVirtualAccountNo: `77001${customerNo}`,
        trvaVirtualAccountName: 'Wulan Dari',
      });
      expect(new Date(row.trvaExpiredDate!).getTime()).toBe(Date.parse(body.expiredDate));
      expect((await verifyRollup(ctx.db.kysely)).differences).toEqual([]);
      const created = (await events('transaction.created')).find(
        (e) => e.audtTargetId === String(row.trctId),
      )!;
      expect(created).toMatchObject({
        audtOutcome: 'success',
        audtTargetType: 'transaction',
        audtCompId: companies[0]!.compId,
        audtActorUsername: `merchant:${maju.partner.clientId}`,
      });
      expect(created.details).toMatchObject({
        service: '27',
        trxId,
        bank: 'BRI',
        amountMinor: 15_000_000,
        virtualAccountNo: `77001${customerNo}`,
      });

      const operator = await ctx.loginWithCompany(
        { username: 'admin', password: 'admin-pass-1' },
        companies[0]!.compId,
      );
      const detail = await ctx.inject({
        method: 'GET',
        url: `/api/dashboard/transactionVa/${row.trctId}`,
        token: operator,
      });
      expect(detail.statusCode).toBe(200);
      expect(detail.json().data.timeline).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            type: 'operator',
            action: 'transaction.created',
            actor: `merchant:${maju.partner.clientId}`,
          }),
        ]),
      );
    });

    it('answers the same trxId with the same request (any spacing or key order) with the first result, opening nothing', async () => {
      const trxId = nextTrxId();
      const body = vaBody(trxId);
      const first = await create(body);
      const before = await transactionCount();
      const { virtualAccountName, ...rest } = body;
      const reordered = { virtualAccountName, ...rest };
      const again = await create(reordered, {
        raw: JSON.stringify(reordered, null, 2),
        signed: JSON.stringify(reordered),
      });
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(first.body);
      expect(await transactionCount()).toBe(before);
    });

    it('answers the same trxId with another request, or an order id the client already has, with 4092701, changing nothing', async () => {
      const trxId = nextTrxId();
      await create(vaBody(trxId));
      const before = await transactionCount();
      const other = await create(
        vaBody(trxId, { totalAmount: { value: '150001.00', currency: 'IDR' } }),
      );
      expect(other.statusCode).toBe(409);
      expect(other.json()).toEqual({ responseCode: '4092701', responseMessage: 'Duplicate trxId' });
      const seeded = await ctx.db.kysely
        .selectFrom('transactions')
        .select('trctOrderId')
        .where('trctClntId', '=', companies[0]!.clntid)
        .orderBy('trctId')
        .executeTakeFirstOrThrow();
      expect((await create(vaBody(seeded.trctOrderId))).json().responseCode).toBe('4092701');
      expect(await transactionCount()).toBe(before);
    });

    it.each([
      ['no trxId', { trxId: undefined }, '4002702', 'Invalid Mandatory Field {trxId}'],
      [
        'no name',
        { virtualAccountName: undefined },
        '4002702',
        'Invalid Mandatory Field {virtualAccountName}',
      ],
      [
        'no partnerServiceId',
        { partnerServiceId: undefined },
        '4002702',
        'Invalid Mandatory Field {partnerServiceId}',
      ],
      [
        'no amount',
        { totalAmount: undefined },
        '4002702',
        'Invalid Mandatory Field {totalAmount.value}',
      ],
      [
        'an amount that is not a number',
        { totalAmount: { value: '15O000.00', currency: 'IDR' } },
        '4002701',
        'Invalid Field Format {totalAmount.value}',
      ],
      [
        'a zero amount',
        { totalAmount: { value: '0.00', currency: 'IDR' } },
        '4002701',
        'Invalid Field Format {totalAmount.value}',
      ],
      [
        'another currency',
        { totalAmount: { value: '10.00', currency: 'USD' } },
        '4002701',
        'Invalid Field Format {totalAmount.currency}',
      ],
      [
        'an open VA',
        { virtualAccountTrxType: 'O' },
        '4002701',
        'Invalid Field Format {virtualAccountTrxType}',
      ],
      [
        'an expiry in the past',
        { expiredDate: '2020-01-01T00:00:00+07:00' },
        '4002701',
        'Invalid Field Format {expiredDate}',
      ],
      [
        'an expiry without its zone',
        { expiredDate: '2026-11-21T10:00:00' },
        '4002701',
        'Invalid Field Format {expiredDate}',
      ],
      [
        'an expiry beyond a year',
        { expiredDate: '2028-01-01T00:00:00+07:00' },
        '4002701',
        'Invalid Field Format {expiredDate}',
      ],
      [
        'a bank we do not know',
        { partnerServiceId: '   99999' },
        '4002701',
        'Invalid Field Format {partnerServiceId}',
      ],
      [
        'a partnerServiceId of letters',
        { partnerServiceId: 'ABCDE' },
        '4002701',
        'Invalid Field Format {partnerServiceId}',
      ],
      ['a trxId with spaces', { trxId: 'INV 1' }, '4002701', 'Invalid Field Format {trxId}'],
      ['a trxId too long', { trxId: 'x'.repeat(65) }, '4002701', 'Invalid Field Format {trxId}'],
      [
        'a name with a control character',
        { virtualAccountName: 'Wulan\u0007' },
        '4002701',
        'Invalid Field Format {virtualAccountName}',
      ],
    ])(
      'refuses %s with 400, naming the field, opening nothing',
      async (_what, change, code, message) => {
        const before = await transactionCount();
        const res = await create({ ...vaBody(nextTrxId()), ...change });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ responseCode: code, responseMessage: message });
        expect(await transactionCount()).toBe(before);
      },
    );

    it('refuses a body that is not a JSON object (4002701 {body}) and one over 64 KB (413)', async () => {
      expect((await create(null, { raw: '[1,2]', signed: '[1,2]' })).json()).toEqual({
        responseCode: '4002701',
        responseMessage: 'Invalid Field Format {body}',
      });
      const before = await transactionCount();
      const big = await create(vaBody(nextTrxId(), { padding: 'x'.repeat(70 * 1024) }));
      expect(big.statusCode).toBe(413);
      expect(big.json().responseCode).toBe('4132700');
      expect(await transactionCount()).toBe(before);
    });

    it.each([
      ['no token', { headers: { authorization: '' } }, 401, '4012701', 'Invalid Token (B2B)'],
      ['a wrong signature', { signature: 'AAAA' }, 401, '4012700', 'Unauthorized. [Signature]'],
      [
        'a timestamp 6 minutes off',
        { timestamp: 'OFF' },
        401,
        '4012700',
        'Unauthorized. [X-TIMESTAMP]',
      ],
      [
        'another partner id',
        { headers: { 'x-partner-id': 'bri-test-client' } },
        401,
        '4012700',
        'Unauthorized. [X-PARTNER-ID]',
      ],
      [
        'no X-EXTERNAL-ID',
        { headers: { 'x-external-id': '' } },
        400,
        '4002702',
        'Invalid Mandatory Field {X-EXTERNAL-ID}',
      ],
    ])(
      'refuses %s, changing nothing (the credential refusals recorded)',
      async (_what, options, status, code, message) => {
        const before = await transactionCount();
        const opts: CallOptions =
          'timestamp' in options ? { timestamp: snapTime(ctx.clock.now(), 6) } : options;
        const res = await create(vaBody(nextTrxId()), opts);
        expect(res.statusCode).toBe(status);
        expect(res.json()).toEqual({ responseCode: code, responseMessage: message });
        expect(await transactionCount()).toBe(before);
        if (status === 401) {
          // Recorded as the first such refusal of the minute, or counted in the minute's summary (refusal-audit.ts), written here at once.
          await flushRefusalSummaries(ctx.deps, true);
          const last = (await events('snap.denied')).at(-1)!;
          expect(last.audtOutcome).toBe('denied');
          expect(
            last.details.summary === true
              ? (last.details.services as string[]).includes('27')
              : last.details.service === '27' && last.details.path === CREATE,
          ).toBe(true);
        }
      },
    );

    it('answers 4092700 to the same X-EXTERNAL-ID naming another trxId the same day', async () => {
      const externalId = newExternalId();
      expect((await create(vaBody(nextTrxId()), { externalId })).json().responseCode).toBe(
        '2002700',
      );
      const before = await transactionCount();
      const other = await create(vaBody(nextTrxId()), { externalId });
      expect(other.json()).toEqual({ responseCode: '4092700', responseMessage: 'Conflict' });
      expect(await transactionCount()).toBe(before);
    });

    it('is for merchants: a bank opening a bill, or a merchant paying one, is 403xx01 (recorded as denied)', async () => {
      const before = await transactionCount();
      const briToken = await getToken(ctx.app, ctx, bri);
      const byBank = await callSnap(ctx.app, ctx, bri, briToken, CREATE, vaBody(nextTrxId()));
      expect(byBank.statusCode).toBe(403);
      expect(byBank.json()).toEqual({
        responseCode: '4032701',
        responseMessage: 'Feature Not Allowed [Not for this client]',
      });
      const { names, trctId } = await opened();
      const byMerchant = await callSnap(ctx.app, ctx, maju, token, PAY, {
        ...names,
        paymentRequestId: 'self-pay',
        paidAmount: { value: '150000.00', currency: 'IDR' },
      });
      expect(byMerchant.json()).toEqual({
        responseCode: '4032501',
        responseMessage: 'Feature Not Allowed [Not for this client]',
      });
      expect(await stateOf(ctx, trctId)).toMatchObject({ trctStatus: '03', bankPayments: 0 });
      expect(await transactionCount()).toBe(before + 1);
      expect((await events('snap.denied')).slice(-2).map((e) => e.details.service)).toEqual([
        '27',
        '25',
      ]);
    });

    it('goes to the company additionalInfo.companyId names when the client has several; none active is 4032701', async () => {
      const [toko, , sinar, lama] = companies;
      await ctx.db.kysely
        .updateTable('companies')
        .set({ compClientId: toko!.clntid })
        .where('compId', '=', sinar!.compId)
        .execute();
      try {
        expect((await create(vaBody(nextTrxId()))).json()).toEqual({
          responseCode: '4002702',
          responseMessage: 'Invalid Mandatory Field {additionalInfo.companyId}',
        });
        const trxId = nextTrxId();
        expect(
          (await create(vaBody(trxId, { additionalInfo: { companyId: sinar!.compId } }))).json()
            .responseCode,
        ).toBe('2002700');
        const row = await ctx.db.kysely
          .selectFrom('transactions')
          .select('trctCompId')
          .where('trctOrderId', '=', trxId)
          .executeTakeFirstOrThrow();
        expect(row.trctCompId).toBe(sinar!.compId);
        const notOurs = await create(
          vaBody(nextTrxId(), { additionalInfo: { companyId: companies[1]!.compId } }),
        );
        expect(notOurs.json()).toEqual({
          responseCode: '4032701',
          responseMessage: 'Feature Not Allowed [No active company]',
        });
      } finally {
        await ctx.db.kysely
          .updateTable('companies')
          .set({ compClientId: sinar!.clntid })
          .where('compId', '=', sinar!.compId)
          .execute();
      }
      const inactive = await makeMerchant(ctx, lama!.clntid); // PT Lama Tutup: inactive
      const res = await create(
        vaBody(nextTrxId()),
        {},
        inactive,
        await getToken(ctx.app, ctx, inactive),
      );
      expect(res.json()).toEqual({
        responseCode: '4032701',
        responseMessage: 'Feature Not Allowed [No active company]',
      });
    });
  });

  describe('inquiry-va (30), delete-va (31), and the bank paying it', () => {
    const read = (names: object, trxId: string, who = maju, tok = token) =>
      callSnap(ctx.app, ctx, who, tok, READ, { ...names, trxId });
    const remove = (names: object, trxId: string, o: CallOptions = {}) =>
      callSnap(ctx.app, ctx, maju, token, DELETE, { ...names, trxId }, o);

    it('reads its unpaid bill; the bank pays it through transfer-va/payment; then it reads paid, and cannot be cancelled', async () => {
      const bill = await opened();
      const unpaid = await read(bill.names, bill.trxId);
      expect(unpaid.json()).toMatchObject({
        responseCode: '2003000',
        responseMessage: 'Successful',
        virtualAccountData: {
          ...bill.names,
          trxId: bill.trxId,
          virtualAccountName: 'Wulan Dari',
          totalAmount: { value: '150000.00', currency: 'IDR' },
          virtualAccountTrxType: 'C',
          paymentFlagStatus: '01',
          additionalInfo: { status: '03', statusDescription: 'Belum Lunas' },
        },
      });

      const briToken = await getToken(ctx.app, ctx, bri);
      const inquiry = await callSnap(ctx.app, ctx, bri, briToken, INQUIRY, {
        ...bill.names,
        inquiryRequestId: `inq-${bill.trxId}`,
      });
      expect(inquiry.json()).toMatchObject({
        responseCode: '2002400',
        virtualAccountData: {
          virtualAccountName: 'Wulan Dari',
          totalAmount: { value: '150000.00', currency: 'IDR' },
        },
      });
      const paidAt = snapTime(ctx.clock.now());
      const pay = await callSnap(ctx.app, ctx, bri, briToken, PAY, {
        ...bill.names,
        paymentRequestId: `pay-${bill.trxId}`,
        paidAmount: { value: '150000.00', currency: 'IDR' },
        trxDateTime: paidAt,
        trxId: bill.trxId,
        flagAdvise: 'N',
      });
      expect(pay.json()).toMatchObject({
        responseCode: '2002500',
        virtualAccountData: { paymentFlagStatus: '00' },
      });
      expect(await stateOf(ctx, bill.trctId)).toMatchObject({
        trctStatus: '00',
        trctTotalAmountPaid: 15_000_000,
        notifications: 1,
        bankPayments: 1,
        paidEvents: 1,
      });
      expect((await verifyRollup(ctx.db.kysely)).differences).toEqual([]);

      const paid = await read(bill.names, bill.trxId);
      expect(paid.json().virtualAccountData).toMatchObject({
        paymentFlagStatus: '00',
        additionalInfo: {
          status: '00',
          statusDescription: 'Lunas',
          paidAmount: { value: '150000.00', currency: 'IDR' },
          paidTime: paidAt,
        },
      });
      const cancel = await remove(bill.names, bill.trxId);
      expect(cancel.statusCode).toBe(404);
      expect(cancel.json()).toEqual({ responseCode: '4043114', responseMessage: 'Paid Bill' });
      // The merchant's retry of create-va still answers what it answered first, paid or not.
      expect((await create(vaBody(bill.trxId))).json()).toMatchObject({
        responseCode: '2002700',
        virtualAccountData: bill.names,
      });
    });

    it("reaches only its own bills: another client's trxId, or other VA names, are 4043012 / 4043112", async () => {
      const bill = await opened();
      const kopiToken = await getToken(ctx.app, ctx, kopi);
      const foreign = await read(bill.names, bill.trxId, kopi, kopiToken);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({
        responseCode: '4043012',
        responseMessage: 'Invalid Bill/Virtual Account [Not Found]',
      });
      const foreignDelete = await callSnap(ctx.app, ctx, kopi, kopiToken, DELETE, {
        ...bill.names,
        trxId: bill.trxId,
      });
      expect(foreignDelete.json().responseCode).toBe('4043112');
      expect(await stateOf(ctx, bill.trctId)).toMatchObject({ trctStatus: '03' });
      const otherNumber = await read(
        { ...bill.names, customerNo: '900000000000', virtualAccountNo: '   77001900000000000' },
        bill.trxId,
      );
      expect(otherNumber.json().responseCode).toBe('4043012');
      expect((await read(bill.names, 'NO-SUCH-TRX')).json().responseCode).toBe('4043012');
      expect((await read({ partnerServiceId: bill.partnerServiceId }, bill.trxId)).json()).toEqual({
        responseCode: '4003002',
        responseMessage: 'Invalid Mandatory Field {customerNo}',
      });
    });

    it('cancels an unpaid bill: Kadaluarsa now, the rollup exact, audited; again answers the same; the bank can no longer pay it', async () => {
      const bill = await opened();
      const res = await remove(bill.names, bill.trxId);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        responseCode: '2003100',
        responseMessage: 'Successful',
        virtualAccountData: { ...bill.names, trxId: bill.trxId },
      });
      const row = await ctx.db.kysely
        .selectFrom('transactions as t')
        .innerJoin('transaction_va as v', 'v.trvaTrctId', 't.trctId')
        .select(['t.trctStatus', 'v.trvaExpiredDate'])
        .where('t.trctId', '=', bill.trctId)
        .executeTakeFirstOrThrow();
      expect(row.trctStatus).toBe('05');
      expect(new Date(row.trvaExpiredDate!).getTime()).toBe(ctx.clock.now().getTime());
      expect((await verifyRollup(ctx.db.kysely)).differences).toEqual([]);
      const again = await remove(bill.names, bill.trxId);
      expect(again.body).toBe(res.body);
      const cancelled = (await events('transaction.cancelled')).filter(
        (e) => e.audtTargetId === String(bill.trctId),
      );
      expect(cancelled).toEqual([
        expect.objectContaining({
          audtOutcome: 'success',
          audtActorUsername: `merchant:${maju.partner.clientId}`,
          details: expect.objectContaining({ service: '31', trxId: bill.trxId }),
        }),
      ]);

      const state = await read(bill.names, bill.trxId);
      expect(state.json().virtualAccountData).toMatchObject({
        paymentFlagStatus: '01',
        additionalInfo: {
          status: '05',
          statusDescription: 'Kadaluarsa',
          cancelledTime: snapTime(ctx.clock.now()),
        },
      });
      const briToken = await getToken(ctx.app, ctx, bri);
      const pay = await callSnap(ctx.app, ctx, bri, briToken, PAY, {
        ...bill.names,
        paymentRequestId: `late-${bill.trxId}`,
        paidAmount: { value: '150000.00', currency: 'IDR' },
      });
      expect(pay.json().responseCode).toBe('4042519');
      expect(await stateOf(ctx, bill.trctId)).toMatchObject({
        trctStatus: '05',
        bankPayments: 0,
        notifications: 0,
      });
    });

    it('cancels with the DELETE method too (the signature covers it); a bill past its expiry is 4043119', async () => {
      const bill = await opened();
      const viaDelete = await remove(bill.names, bill.trxId, { method: 'DELETE' });
      expect(viaDelete.json().responseCode).toBe('2003100');

      const short = nextTrxId();
      const made = (
        await create(vaBody(short, { expiredDate: snapTime(ctx.clock.now(), 1) }))
      ).json().virtualAccountData;
      ctx.clock.advanceMinutes(2);
      try {
        const late = await callSnap(
          ctx.app,
          ctx,
          maju,
          await getToken(ctx.app, ctx, maju),
          DELETE,
          {
            partnerServiceId: made.partnerServiceId,
            customerNo: made.customerNo,
            virtualAccountNo: made.virtualAccountNo,
            trxId: short,
          },
        );
        expect(late.json()).toEqual({
          responseCode: '4043119',
          responseMessage: 'Invalid Bill/Virtual Account [Expired]',
        });
      } finally {
        ctx.clock.advanceMinutes(-2);
      }
    });
  });
});
