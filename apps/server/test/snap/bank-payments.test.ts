/**
 * Banks report payments over SNAP BI (/snap): token, VA inquiry, VA payment, QRIS notify; every
 * code and refusal, each refused call changing nothing. Signatures are made in this test from the
 * written recipe (support.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { verifyRollup } from '../../src/db/transaction-rollup.ts';
import { createTestContext, DIALECTS, type TestContext } from '../support/test-app.ts';
import {
  amountText,
  callSnap,
  getToken,
  makeBank,
  newExternalId,
  paymentBody,
  snapTime,
  stateOf,
  tokenSignature,
  unpaidVaBill,
  vaNames,
  type CallOptions,
  type TestBank,
} from './support.ts';

const INQUIRY = '/snap/v1.0/transfer-va/inquiry';
const PAYMENT = '/snap/v1.0/transfer-va/payment';
const QRIS = '/snap/v1.0/qr/qr-mpm-notify';
const TOKEN = '/snap/v1.0/access-token/b2b';

describe.each(DIALECTS)('SNAP intake from banks (%s)', (dialect) => {
  let ctx: TestContext;
  let bri: TestBank;
  let bjb: TestBank;
  let token: string;

  beforeAll(async () => {
    bri = makeBank('BRI');
    bjb = makeBank('BJB');
    ctx = await createTestContext(dialect, { snapPartners: [bri.partner, bjb.partner] });
    token = await getToken(ctx.app, ctx, bri);
  });
  afterAll(async () => ctx?.close());

  const deniedEvents = async () =>
    (
      await ctx.db.kysely
        .selectFrom('audit_events')
        .select(['audtDetails', 'audtOutcome', 'audtActorUsername'])
        .where('audtAction', '=', 'snap.denied')
        .orderBy('audtId', 'desc')
        .execute()
    ).map((e) => ({
      ...e,
      audtDetails: JSON.parse(String(e.audtDetails)) as Record<string, unknown>,
    }));

  describe('access token (73)', () => {
    it('answers a bearer token for 900 s, stored only as its hash', async () => {
      const ts = snapTime(ctx.clock.now());
      const res = await ctx.app.inject({
        method: 'POST',
        url: TOKEN,
        headers: {
          'content-type': 'application/json',
          'x-client-key': bri.partner.clientId,
          'x-timestamp': ts,
          'x-signature': tokenSignature(bri.privateKey, bri.partner.clientId, ts),
        },
        payload: '{"grantType":"client_credentials"}',
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        responseCode: '2007300',
        responseMessage: 'Successful',
        tokenType: 'Bearer',
        expiresIn: '900',
      });
      const hash = createHash('sha256').update(body.accessToken).digest('hex');
      const rows = await ctx.db.kysely.selectFrom('snap_access_tokens').selectAll().execute();
      expect(rows.some((r) => r.sntkTokenHash === hash)).toBe(true);
      expect(rows.some((r) => r.sntkTokenHash === body.accessToken)).toBe(false);
    });

    it.each([
      [
        'a wrong signature',
        (ts: string) => ({
          'x-client-key': bri.partner.clientId,
          'x-timestamp': ts,
          'x-signature': tokenSignature(bjb.privateKey, bri.partner.clientId, ts),
        }),
        'Signature',
      ],
      [
        'an unknown client',
        (ts: string) => ({
          'x-client-key': 'nobody',
          'x-timestamp': ts,
          'x-signature': tokenSignature(bri.privateKey, 'nobody', ts),
        }),
        'Unknown client',
      ],
      [
        'a timestamp 6 minutes old',
        () => {
          const old = snapTime(ctx.clock.now(), -6);
          return {
            'x-client-key': bri.partner.clientId,
            'x-timestamp': old,
            'x-signature': tokenSignature(bri.privateKey, bri.partner.clientId, old),
          };
        },
        'X-TIMESTAMP',
      ],
    ])('refuses %s with 4017300, recorded as denied', async (_what, headers, reason) => {
      const before = await ctx.db.kysely
        .selectFrom('snap_access_tokens')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      const res = await ctx.app.inject({
        method: 'POST',
        url: TOKEN,
        headers: { 'content-type': 'application/json', ...headers(snapTime(ctx.clock.now())) },
        payload: '{"grantType":"client_credentials"}',
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        responseCode: '4017300',
        responseMessage: `Unauthorized. [${reason}]`,
      });
      const after = await ctx.db.kysely
        .selectFrom('snap_access_tokens')
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
      const [event] = await deniedEvents();
      expect(event).toMatchObject({
        audtOutcome: 'denied',
        audtDetails: expect.objectContaining({ service: '73', reason }),
      });
    });

    it('names a missing header (4007302) and a wrong grant type (4007301)', async () => {
      const ts = snapTime(ctx.clock.now());
      const missing = await ctx.app.inject({
        method: 'POST',
        url: TOKEN,
        headers: { 'content-type': 'application/json', 'x-timestamp': ts, 'x-signature': 'x' },
        payload: '{"grantType":"client_credentials"}',
      });
      expect(missing.json()).toEqual({
        responseCode: '4007302',
        responseMessage: 'Invalid Mandatory Field {X-CLIENT-KEY}',
      });
      const wrong = await ctx.app.inject({
        method: 'POST',
        url: TOKEN,
        headers: {
          'content-type': 'application/json',
          'x-client-key': bri.partner.clientId,
          'x-timestamp': ts,
          'x-signature': tokenSignature(bri.privateKey, bri.partner.clientId, ts),
        },
        payload: '{"grantType":"password"}',
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        responseCode: '4007301',
        responseMessage: 'Invalid Field Format {grantType}',
      });
    });
  });

  describe('VA inquiry (24)', () => {
    it('answers the bill: name, total, closed type, status 00', async () => {
      const bill = await unpaidVaBill(ctx, 'BRI');
      const res = await callSnap(ctx.app, ctx, bri, token, INQUIRY, {
        ...vaNames(bill),
        inquiryRequestId: 'inq-1',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        responseCode: '2002400',
        responseMessage: 'Successful',
        virtualAccountData: {
          inquiryStatus: '00',
          inquiryReason: { english: 'Success', indonesia: 'Sukses' },
          ...vaNames(bill),
          virtualAccountName: bill.trvaVirtualAccountName,
          inquiryRequestId: 'inq-1',
          totalAmount: { value: amountText(bill.trctTotalAmount!), currency: 'IDR' },
          virtualAccountTrxType: 'C',
        },
      });
    });

    it("answers 4042412 for an unknown VA and for another bank's bill", async () => {
      const bill = await unpaidVaBill(ctx, 'BRI');
      const unknown = await callSnap(ctx.app, ctx, bri, token, INQUIRY, {
        ...vaNames({ ...bill, trvaCustomerNo: '99999999999999' }),
        inquiryRequestId: 'inq-2',
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({
        responseCode: '4042412',
        responseMessage: 'Invalid Bill/Virtual Account [Not Found]',
      });
      const bjbToken = await getToken(ctx.app, ctx, bjb);
      const others = await callSnap(ctx.app, ctx, bjb, bjbToken, INQUIRY, {
        ...vaNames(bill),
        inquiryRequestId: 'inq-3',
      });
      expect(others.json().responseCode).toBe('4042412');
    });

    it('answers 4042414 for a paid bill and 4042419 for an expired one', async () => {
      const db = ctx.db.kysely;
      const va = (status: string) =>
        db
          .selectFrom('transactions as t')
          .innerJoin('transaction_va as v', 'v.trvaTrctId', 't.trctId')
          .where('t.trctBank', '=', 'BRI')
          .where('t.trctStatus', '=', status)
          .select([
            't.trctId',
            't.trctOrderId',
            't.trctTotalAmount',
            't.trctCreatedTime',
            'v.trvaPartnerServiceId',
            'v.trvaCustomerNo',
            'v.trvaVirtualAccountName',
          ])
          .orderBy('t.trctId')
          .executeTakeFirstOrThrow();
      const paid = await callSnap(ctx.app, ctx, bri, token, INQUIRY, {
        ...vaNames(await va('00')),
        inquiryRequestId: 'inq-4',
      });
      expect(paid.json()).toEqual({ responseCode: '4042414', responseMessage: 'Paid Bill' });
      const expired = await callSnap(ctx.app, ctx, bri, token, INQUIRY, {
        ...vaNames(await va('05')),
        inquiryRequestId: 'inq-5',
      });
      expect(expired.json().responseCode).toBe('4042419');
    });

    it('names a missing field (4002402) and a malformed one or body (4002401)', async () => {
      const bill = await unpaidVaBill(ctx, 'BRI');
      const { partnerServiceId: _p, ...withoutPsid } = vaNames(bill);
      const missing = await callSnap(ctx.app, ctx, bri, token, INQUIRY, {
        ...withoutPsid,
        inquiryRequestId: 'inq-6',
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        responseCode: '4002402',
        responseMessage: 'Invalid Mandatory Field {partnerServiceId}',
      });
      const malformed = await callSnap(ctx.app, ctx, bri, token, INQUIRY, {
        ...vaNames(bill),
        partnerServiceId: 'ABCDEFGHIJ',
        inquiryRequestId: 'inq-7',
      });
      expect(malformed.json()).toEqual({
        responseCode: '4002401',
        responseMessage: 'Invalid Field Format {partnerServiceId}',
      });
      const notJson = await callSnap(ctx.app, ctx, bri, token, INQUIRY, null, {
        raw: '{"partnerServiceId":',
        signed: '{"partnerServiceId":',
      });
      expect(notJson.json()).toEqual({
        responseCode: '4002401',
        responseMessage: 'Invalid Field Format {body}',
      });
    });

    it('checks the signature over the body as sent: pretty-printed JSON signed minified is accepted', async () => {
      const bill = await unpaidVaBill(ctx, 'BRI');
      const body = { ...vaNames(bill), inquiryRequestId: 'inq-pretty/1' };
      const res = await callSnap(ctx.app, ctx, bri, token, INQUIRY, body, {
        raw: JSON.stringify(body, null, 2),
      });
      expect(res.json().responseCode).toBe('2002400');
    });
  });

  describe('credentials of every service call', () => {
    it.each([
      ['no token', { headers: { authorization: '' } }, 401, '4012501', 'Invalid Token (B2B)'],
      [
        'an unknown token',
        { headers: { authorization: 'Bearer not-a-token' } },
        401,
        '4012501',
        'Invalid Token (B2B)',
      ],
      ['a wrong signature', { signature: 'AAAA' }, 401, '4012500', 'Unauthorized. [Signature]'],
      [
        'a timestamp 6 minutes off',
        { timestamp: 'OFF' },
        401,
        '4012500',
        'Unauthorized. [X-TIMESTAMP]',
      ],
      [
        'another partner id',
        { headers: { 'x-partner-id': 'bjb-test-client' } },
        401,
        '4012500',
        'Unauthorized. [X-PARTNER-ID]',
      ],
      [
        'no X-EXTERNAL-ID',
        { headers: { 'x-external-id': '' } },
        400,
        '4002502',
        'Invalid Mandatory Field {X-EXTERNAL-ID}',
      ],
      [
        'no CHANNEL-ID',
        { headers: { 'channel-id': '' } },
        400,
        '4002502',
        'Invalid Mandatory Field {CHANNEL-ID}',
      ],
    ])(
      'refuses a payment with %s and changes nothing',
      async (_what, options, status, code, message) => {
        const bill = await unpaidVaBill(ctx, 'BRI');
        const before = await stateOf(ctx, bill.trctId);
        const opts: CallOptions =
          'timestamp' in options ? { timestamp: snapTime(ctx.clock.now(), 6) } : options;
        const res = await callSnap(
          ctx.app,
          ctx,
          bri,
          token,
          PAYMENT,
          paymentBody(bill, `cred-${code}-${String(_what).length}`),
          opts,
        );
        expect(res.statusCode).toBe(status);
        expect(res.json()).toEqual({ responseCode: code, responseMessage: message });
        expect(await stateOf(ctx, bill.trctId)).toEqual(before);
        if (status === 401)
          expect((await deniedEvents())[0]).toMatchObject({
            audtOutcome: 'denied',
            audtDetails: expect.objectContaining({ service: '25', path: PAYMENT }),
          });
      },
    );

    it.each([INQUIRY, PAYMENT, QRIS])(
      '%s refuses a call without a token (its own authentication, not the session guard)',
      async (path) => {
        const res = await ctx.app.inject({
          method: 'POST',
          url: path,
          headers: { 'content-type': 'application/json' },
          payload: '{}',
        });
        expect(res.statusCode).toBe(401);
        expect(res.json().responseMessage).toBe('Invalid Token (B2B)');
      },
    );

    it('refuses an expired token (after 900 s)', async () => {
      const bill = await unpaidVaBill(ctx, 'BRI');
      const short = await getToken(ctx.app, ctx, bri);
      ctx.clock.advanceMinutes(16);
      try {
        const res = await callSnap(ctx.app, ctx, bri, short, INQUIRY, {
          ...vaNames(bill),
          inquiryRequestId: 'inq-late',
        });
        expect(res.json()).toEqual({
          responseCode: '4012401',
          responseMessage: 'Invalid Token (B2B)',
        });
      } finally {
        ctx.clock.advanceMinutes(-16);
      }
    });

    it('answers 413 to a body over 64 KB', async () => {
      const bill = await unpaidVaBill(ctx, 'BRI');
      const res = await callSnap(
        ctx.app,
        ctx,
        bri,
        token,
        PAYMENT,
        paymentBody(bill, 'big', { padding: 'x'.repeat(70 * 1024) }),
      );
      expect(res.statusCode).toBe(413);
      expect(await stateOf(ctx, bill.trctId)).toMatchObject({ trctStatus: '03', bankPayments: 0 });
    });

    it('uses no session or cookie: a web session token is not a SNAP token', async () => {
      const session = await ctx.login();
      const bill = await unpaidVaBill(ctx, 'BRI');
      const res = await callSnap(ctx.app, ctx, bri, session, INQUIRY, {
        ...vaNames(bill),
        inquiryRequestId: 'inq-session',
      });
      expect(res.json().responseCode).toBe('4012401');
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('VA payment (25)', () => {
    it("books it once: paid, amount, time, the bank's ids, rollup exact, one notification and one audit event; a retry answers the first result", async () => {
      const bill = await unpaidVaBill(ctx, 'BRI');
      const trxDateTime = snapTime(ctx.clock.now(), -1);
      const body = paymentBody(bill, 'pay-1', { trxDateTime });
      const res = await callSnap(ctx.app, ctx, bri, token, PAYMENT, body);
      expect(res.statusCode).toBe(200);
      const answer = res.json();
      expect(answer).toMatchObject({
        responseCode: '2002500',
        responseMessage: 'Successful',
        virtualAccountData: {
          paymentFlagStatus: '00',
          paymentRequestId: 'pay-1',
          paidAmount: body.paidAmount,
        },
      });
      const after = await stateOf(ctx, bill.trctId);
      expect(after).toMatchObject({
        trctStatus: '00',
        trctTotalAmountPaid: bill.trctTotalAmount,
        notifications: 1,
        bankPayments: 1,
        paidEvents: 1,
      });
      expect(new Date(after.trctLunasTime!).getTime()).toBe(Date.parse(trxDateTime));
      const stored = await ctx.db.kysely
        .selectFrom('bank_payments')
        .selectAll()
        .where('bkpyTrctId', '=', bill.trctId)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({
        bkpyRequestId: 'pay-1',
        bkpyReferenceNo: 'REFpay-1',
        bkpyBank: 'BRI',
        bkpyService: '25',
      });
      expect((await verifyRollup(ctx.db.kysely)).differences).toEqual([]);

      const retry = await callSnap(ctx.app, ctx, bri, token, PAYMENT, { ...body, flagAdvise: 'Y' });
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(answer);
      expect(await stateOf(ctx, bill.trctId)).toEqual(after);

      // The merchant's notification was sent at once by the existing sender (an attempt is in its history).
      await expect
        .poll(
          async () =>
            (
              await ctx.db.kysely
                .selectFrom('notifications as n')
                .innerJoin('notification_history as h', 'h.nohiNotiId', 'n.notiId')
                .select('h.nohiId')
                .where('n.notiTrctId', '=', bill.trctId)
                .execute()
            ).length,
          { timeout: 5000 },
        )
        .toBeGreaterThan(0);

      const another = await callSnap(ctx.app, ctx, bri, token, PAYMENT, paymentBody(bill, 'pay-2'));
      expect(another.statusCode).toBe(404);
      expect(another.json()).toEqual({ responseCode: '4042514', responseMessage: 'Paid Bill' });
      expect(await stateOf(ctx, bill.trctId)).toEqual(after);
    });

    it.each([
      [
        'a wrong amount',
        (minor: number) => ({ paidAmount: { value: amountText(minor - 100), currency: 'IDR' } }),
        404,
        '4042513',
      ],
      [
        'a paid time before the bill',
        () => ({ trxDateTime: '2020-01-01T00:00:00+07:00' }),
        400,
        '4002501',
      ],
      [
        'a paid time in the future',
        () => ({ trxDateTime: '2030-01-01T00:00:00+07:00' }),
        400,
        '4002501',
      ],
    ])(
      'refuses %s (payment-evidence.ts), changing nothing',
      async (_what, change, status, code) => {
        const bill = await unpaidVaBill(ctx, 'BRI');
        const before = await stateOf(ctx, bill.trctId);
        const res = await callSnap(
          ctx.app,
          ctx,
          bri,
          token,
          PAYMENT,
          paymentBody(bill, `bad-${code}-${String(_what).length}`, change(bill.trctTotalAmount!)),
        );
        expect(res.statusCode).toBe(status);
        expect(res.json().responseCode).toBe(code);
        expect(await stateOf(ctx, bill.trctId)).toEqual(before);
        const refused = await ctx.db.kysely
          .selectFrom('audit_events')
          .select('audtOutcome')
          .where('audtAction', '=', 'snap.payment.refused')
          .where('audtTargetId', '=', String(bill.trctId))
          .execute();
        expect(refused.length).toBeGreaterThan(0);
      },
    );

    it("refuses another bank's bill as unknown (4042512)", async () => {
      const bill = await unpaidVaBill(ctx, 'BRI');
      const bjbToken = await getToken(ctx.app, ctx, bjb);
      const before = await stateOf(ctx, bill.trctId);
      const res = await callSnap(ctx.app, ctx, bjb, bjbToken, PAYMENT, paymentBody(bill, 'bjb-1'));
      expect(res.json().responseCode).toBe('4042512');
      expect(await stateOf(ctx, bill.trctId)).toEqual(before);
    });

    it('answers 4092500 to the same X-EXTERNAL-ID with another request the same day, changing nothing', async () => {
      const bill = await unpaidVaBill(ctx, 'BRI');
      const externalId = newExternalId();
      const wrong = await callSnap(
        ctx.app,
        ctx,
        bri,
        token,
        PAYMENT,
        paymentBody(bill, 'ext-1', { paidAmount: { value: '1.00', currency: 'IDR' } }),
        { externalId },
      );
      expect(wrong.json().responseCode).toBe('4042513');
      const before = await stateOf(ctx, bill.trctId);
      const other = await callSnap(ctx.app, ctx, bri, token, PAYMENT, paymentBody(bill, 'ext-2'), {
        externalId,
      });
      expect(other.statusCode).toBe(409);
      expect(other.json()).toEqual({ responseCode: '4092500', responseMessage: 'Conflict' });
      expect(await stateOf(ctx, bill.trctId)).toEqual(before);
    });
  });

  describe('QRIS notify (52)', () => {
    const unpaidQris = () =>
      ctx.db.kysely
        .selectFrom('transactions as t')
        .innerJoin('transaction_qr as q', 'q.trqrTrctId', 't.trctId')
        .where('t.trctQrBank', '=', 'BRI')
        .where('t.trctStatus', '=', '03')
        .where('q.trqrExpiredDate', '>', ctx.clock.now().toISOString())
        .where('t.trctTotalAmount', 'is not', null)
        .select(['t.trctId', 't.trctOrderId', 't.trctTotalAmount', 'q.trqrReferenceNo'])
        .orderBy('t.trctId')
        .executeTakeFirstOrThrow();
    const notify = (
      q: Awaited<ReturnType<typeof unpaidQris>>,
      status: string,
      minor = q.trctTotalAmount!,
    ) => ({
      originalReferenceNo: q.trqrReferenceNo,
      originalPartnerReferenceNo: q.trctOrderId,
      latestTransactionStatus: status,
      amount: { value: amountText(minor), currency: 'IDR' },
    });

    it('records another status and changes nothing (2005200)', async () => {
      const q = await unpaidQris();
      const before = await stateOf(ctx, q.trctId);
      const res = await callSnap(ctx.app, ctx, bri, token, QRIS, notify(q, '03'));
      expect(res.json()).toEqual({ responseCode: '2005200', responseMessage: 'Successful' });
      expect(await stateOf(ctx, q.trctId)).toEqual(before);
      const recorded = await ctx.db.kysely
        .selectFrom('audit_events')
        .select('audtId')
        .where('audtAction', '=', 'snap.qris.notified')
        .where('audtTargetId', '=', String(q.trctId))
        .execute();
      expect(recorded).toHaveLength(1);
    });

    it('refuses a wrong amount (4045213), then books status 00 once (2005200; a repeat answers the same)', async () => {
      const q = await unpaidQris();
      const before = await stateOf(ctx, q.trctId);
      const wrong = await callSnap(
        ctx.app,
        ctx,
        bri,
        token,
        QRIS,
        notify(q, '00', q.trctTotalAmount! + 100),
      );
      expect(wrong.json().responseCode).toBe('4045213');
      expect(await stateOf(ctx, q.trctId)).toEqual(before);
      const res = await callSnap(ctx.app, ctx, bri, token, QRIS, notify(q, '00'));
      expect(res.json()).toEqual({ responseCode: '2005200', responseMessage: 'Successful' });
      const after = await stateOf(ctx, q.trctId);
      expect(after).toMatchObject({
        trctStatus: '00',
        trctTotalAmountPaid: q.trctTotalAmount,
        notifications: 1,
        bankPayments: 1,
        paidEvents: 1,
      });
      const again = await callSnap(ctx.app, ctx, bri, token, QRIS, notify(q, '00'));
      expect(again.json()).toEqual({ responseCode: '2005200', responseMessage: 'Successful' });
      expect(await stateOf(ctx, q.trctId)).toEqual(after);
      expect((await verifyRollup(ctx.db.kysely)).differences).toEqual([]);
    });

    it('answers an unknown reference with 4045212', async () => {
      const res = await callSnap(ctx.app, ctx, bri, token, QRIS, {
        originalReferenceNo: 'no-such-ref',
        latestTransactionStatus: '00',
        amount: { value: '1.00', currency: 'IDR' },
      });
      expect(res.json()).toEqual({
        responseCode: '4045212',
        responseMessage: 'Transaction Not Found',
      });
    });
  });
});
