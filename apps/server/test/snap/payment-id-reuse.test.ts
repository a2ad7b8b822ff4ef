/**
 * From the attacker's side (a careless or hostile bank): a payment id names one payment of one
 * bill. Before, a bank that paid bill A with paymentRequestId X and then sent a payment for unpaid
 * bill B with the same X got "2002500 Successful" carrying bill A's customerNo, and bill B stayed
 * unpaid. Now that answers 409xx00 Conflict, bill B is unchanged, and the refusal is audited with
 * both bills; a repeat of the same payment still gets its first answer. Over real HTTP, signed
 * with the written recipe (support.ts, docs/protocols.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyRollup } from '../../src/db/transaction-rollup.ts';
import { createTestContext, DIALECTS, type TestContext } from '../support/test-app.ts';
import {
  amountText,
  makeBank,
  newExternalId,
  paymentBody,
  serviceSignature,
  snapTime,
  stateOf,
  tokenSignature,
  type TestBank,
} from './support.ts';

const PAYMENT = '/snap/v1.0/transfer-va/payment';
const QRIS = '/snap/v1.0/qr/qr-mpm-notify';

describe.each(DIALECTS)('a reused payment id is refused, over HTTP (%s)', (dialect) => {
  let ctx: TestContext;
  let base: string;
  let bri: TestBank;
  let token: string;

  const post = async (path: string, headers: Record<string, string>, text: string) => {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: text,
      signal: AbortSignal.timeout(20_000),
    });
    const raw = await response.text();
    return { status: response.status, text: raw, body: JSON.parse(raw) as Record<string, unknown> };
  };

  /** A service call signed as docs/protocols.md says: HMAC-SHA512 over METHOD:path:token:sha256(minified body):timestamp. */
  const signed = (path: string, body: unknown, externalId = newExternalId()) => {
    const minified = JSON.stringify(body);
    const ts = snapTime(ctx.clock.now());
    return post(
      path,
      {
        authorization: `Bearer ${token}`,
        'x-timestamp': ts,
        'x-signature': serviceSignature(
          bri.partner.clientSecret,
          'POST',
          path,
          token,
          minified,
          ts,
        ),
        'x-partner-id': bri.partner.clientId,
        'x-external-id': externalId,
        'channel-id': '95221',
      },
      minified,
    );
  };

  beforeAll(async () => {
    bri = makeBank('BRI');
    ctx = await createTestContext(dialect, { snapPartners: [bri.partner] });
    base = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const ts = snapTime(ctx.clock.now());
    const answer = await post(
      '/snap/v1.0/access-token/b2b',
      {
        'x-client-key': bri.partner.clientId,
        'x-timestamp': ts,
        'x-signature': tokenSignature(bri.privateKey, bri.partner.clientId, ts),
      },
      '{"grantType":"client_credentials"}',
    );
    expect(answer.status).toBe(200);
    token = answer.body.accessToken as string;
  });
  afterAll(async () => ctx?.close());

  const unpaidVaBills = async (n: number) => {
    const bills = await ctx.db.kysely
      .selectFrom('transactions as t')
      .innerJoin('transaction_va as v', 'v.trvaTrctId', 't.trctId')
      .where('t.trctBank', '=', 'BRI')
      .where('t.trctStatus', '=', '03')
      .where('v.trvaExpiredDate', '>', ctx.clock.now().toISOString())
      .where('t.trctTotalAmount', 'is not', null)
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
      .limit(n)
      .execute();
    expect(bills).toHaveLength(n);
    return bills;
  };

  const reuseEvents = async () =>
    (
      await ctx.db.kysely
        .selectFrom('audit_events')
        .select(['audtDetails', 'audtTargetId', 'audtOutcome'])
        .where('audtAction', '=', 'snap.payment.refused')
        .orderBy('audtId')
        .execute()
    )
      .map((e) => ({
        ...e,
        audtDetails: JSON.parse(String(e.audtDetails)) as Record<string, unknown>,
      }))
      .filter((e) => e.audtDetails.reason === 'payment-id-reused');

  it('VA: bill A paid with id X, then bill B with X: 4092500, bill B unpaid, audited with both bills; a repeat for A answers the first answer', async () => {
    const [billA, billB] = await unpaidVaBills(2);
    const paid = await signed(PAYMENT, paymentBody(billA!, 'X-REUSED-1'));
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({
      responseCode: '2002500',
      virtualAccountData: { customerNo: billA!.trvaCustomerNo },
    });
    const aAfter = await stateOf(ctx, billA!.trctId);
    const bBefore = await stateOf(ctx, billB!.trctId);
    const eventsBefore = (await reuseEvents()).length;

    // The attack: the same paymentRequestId for another (unpaid) bill, under a fresh X-EXTERNAL-ID.
    const reused = await signed(PAYMENT, paymentBody(billB!, 'X-REUSED-1'));
    expect(reused.status).toBe(409);
    expect(reused.body).toEqual({ responseCode: '4092500', responseMessage: 'Conflict' });
    expect(await stateOf(ctx, billB!.trctId)).toEqual(bBefore);
    expect(await stateOf(ctx, billA!.trctId)).toEqual(aAfter);
    const events = await reuseEvents();
    expect(events).toHaveLength(eventsBefore + 1);
    expect(events.at(-1)).toMatchObject({
      audtOutcome: 'failure',
      audtTargetId: String(billB!.trctId),
      audtDetails: {
        requestId: 'X-REUSED-1',
        firstBill: { trctId: billA!.trctId, orderId: billA!.trctOrderId },
        thisBill: { trctId: billB!.trctId, orderId: billB!.trctOrderId },
      },
    });

    // The same id for bill A with another amount: a conflict too, nothing changed.
    const otherAmount = await signed(
      PAYMENT,
      paymentBody(billA!, 'X-REUSED-1', {
        paidAmount: { value: amountText(billA!.trctTotalAmount! + 100), currency: 'IDR' },
      }),
    );
    expect(otherAmount.body).toEqual({ responseCode: '4092500', responseMessage: 'Conflict' });
    expect(await stateOf(ctx, billA!.trctId)).toEqual(aAfter);

    // A true repeat (flagAdvise Y) answers the first answer, byte for byte, and changes nothing.
    const repeat = await signed(PAYMENT, { ...paymentBody(billA!, 'X-REUSED-1'), flagAdvise: 'Y' });
    expect(repeat.status).toBe(200);
    expect(repeat.text).toBe(paid.text);
    expect(await stateOf(ctx, billA!.trctId)).toEqual(aAfter);

    // Bill B is still payable with an id of its own.
    const own = await signed(PAYMENT, paymentBody(billB!, 'X-OWN-B'));
    expect(own.body).toMatchObject({
      responseCode: '2002500',
      virtualAccountData: { customerNo: billB!.trvaCustomerNo },
    });
    expect((await verifyRollup(ctx.db.kysely)).differences).toEqual([]);
  });

  it('VA: two bills racing under one id: one is booked, the other answers 4092500 and stays unpaid', async () => {
    const [, , billC, billD] = await unpaidVaBills(4);
    const [c, d] = await Promise.all([
      signed(PAYMENT, paymentBody(billC!, 'X-RACE')),
      signed(PAYMENT, paymentBody(billD!, 'X-RACE')),
    ]);
    const codes = [c.body.responseCode, d.body.responseCode].sort();
    expect(codes).toEqual(['2002500', '4092500']);
    const [winner, loser] = c.body.responseCode === '2002500' ? [billC!, billD!] : [billD!, billC!];
    expect((c.body.responseCode === '2002500' ? c : d).body).toMatchObject({
      virtualAccountData: { customerNo: winner.trvaCustomerNo },
    });
    expect(await stateOf(ctx, loser.trctId)).toMatchObject({
      trctStatus: '03',
      trctTotalAmountPaid: null,
      notifications: 0,
      bankPayments: 0,
      paidEvents: 0,
    });
  });

  it('QRIS: a notify repeating a booked reference with another amount answers 4095200 and changes nothing; the same payment answers the first answer', async () => {
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
    const notify = (minor: number, orderId = q.trctOrderId) => ({
      originalReferenceNo: q.trqrReferenceNo,
      originalPartnerReferenceNo: orderId,
      latestTransactionStatus: '00',
      amount: { value: amountText(minor), currency: 'IDR' },
    });
    const paid = await signed(QRIS, notify(q.trctTotalAmount!));
    expect(paid.body).toEqual({ responseCode: '2005200', responseMessage: 'Successful' });
    const after = await stateOf(ctx, q.trctId);
    const other = await signed(QRIS, notify(q.trctTotalAmount! + 100));
    expect(other.status).toBe(409);
    expect(other.body).toEqual({ responseCode: '4095200', responseMessage: 'Conflict' });
    const otherOrder = await signed(QRIS, notify(q.trctTotalAmount!, 'SOMEONE-ELSES-ORDER'));
    expect(otherOrder.body).toEqual({ responseCode: '4095200', responseMessage: 'Conflict' });
    expect(await stateOf(ctx, q.trctId)).toEqual(after);
    const repeat = await signed(QRIS, notify(q.trctTotalAmount!));
    expect(repeat.text).toBe(paid.text);
    expect(await stateOf(ctx, q.trctId)).toEqual(after);
    expect(
      (await reuseEvents()).some(
        (e) =>
          e.audtDetails.service === '52' &&
          (e.audtDetails.firstBill as { trctId: number }).trctId === q.trctId,
      ),
    ).toBe(true);
  });
});
