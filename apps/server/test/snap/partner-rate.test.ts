/**
 * Each partner has its own rate of signed SNAP calls (SNAP_CALLS_PER_SECOND, twice that as a
 * burst): past it the call is answered 429xx00 and changes nothing; the budget refills with time;
 * another partner is not slowed by it; a call with a wrong signature spends none of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DIALECTS, type TestContext } from '../support/test-app.ts';
import {
  callSnap,
  getToken,
  makeBank,
  paymentBody,
  stateOf,
  unpaidVaBill,
  vaNames,
  type TestBank,
} from './support.ts';

const INQUIRY = '/snap/v1.0/transfer-va/inquiry';
const PAYMENT = '/snap/v1.0/transfer-va/payment';

describe.each(DIALECTS)('SNAP calls per partner (%s)', (dialect) => {
  let ctx: TestContext;
  let bri: TestBank;
  let bjb: TestBank;

  beforeAll(async () => {
    bri = makeBank('BRI');
    bjb = makeBank('BJB');
    // 2 a second, a burst of 4; the test clock stands still unless moved.
    ctx = await createTestContext(dialect, {
      snapPartners: [bri.partner, bjb.partner],
      config: { snapCallsPerSecond: 2 },
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers 429 past the burst, changes nothing, refills with time, and leaves other partners alone', async () => {
    const bill = await unpaidVaBill(ctx, 'BRI');
    const briToken = await getToken(ctx.app, ctx, bri);
    const inquiry = (n: number) => ({ ...vaNames(bill), inquiryRequestId: `rate-${n}` });

    // A forged call (wrong signature) is refused as unauthorized and spends nothing.
    const forged = await callSnap(ctx.app, ctx, bri, briToken, INQUIRY, inquiry(0), {
      signature: 'AAAA',
    });
    expect(forged.json().responseCode).toBe('4012400');

    for (let n = 1; n <= 4; n++)
      expect(
        (await callSnap(ctx.app, ctx, bri, briToken, INQUIRY, inquiry(n))).json().responseCode,
      ).toBe('2002400');
    const over = await callSnap(
      ctx.app,
      ctx,
      bri,
      briToken,
      PAYMENT,
      paymentBody(bill, 'rate-pay'),
    );
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ responseCode: '4292500', responseMessage: 'Too Many Requests' });
    expect(await stateOf(ctx, bill.trctId)).toMatchObject({
      trctStatus: '03',
      bankPayments: 0,
      paidEvents: 0,
    });

    // Another bank has its own budget.
    const bjbBill = await unpaidVaBill(ctx, 'BJB');
    const bjbToken = await getToken(ctx.app, ctx, bjb);
    expect(
      (
        await callSnap(ctx.app, ctx, bjb, bjbToken, INQUIRY, {
          ...vaNames(bjbBill),
          inquiryRequestId: 'bjb-1',
        })
      ).json().responseCode,
    ).toBe('2002400');

    // A second later two more calls are allowed: the payment goes through.
    ctx.clock.advanceMinutes(1 / 60);
    const paid = await callSnap(
      ctx.app,
      ctx,
      bri,
      briToken,
      PAYMENT,
      paymentBody(bill, 'rate-pay'),
    );
    expect(paid.json().responseCode).toBe('2002500');
    expect(await stateOf(ctx, bill.trctId)).toMatchObject({
      trctStatus: '00',
      bankPayments: 1,
      paidEvents: 1,
    });
  });
});
