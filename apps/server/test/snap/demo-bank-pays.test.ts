/**
 * The demo bank pays a bill the way a real bank would, over real HTTP: the bank simulator's
 * `/demo/pay` (what `npm run pay -w @tagih/bank-sim` calls) asks Tagih for the bill and reports
 * its payment through signed /snap calls; the bill turns Lunas once, whatever is repeated.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBankPayer, createDemoBanks, startBankSim, type BankSim } from '@tagih/bank-sim';
import { verifyRollup } from '../../src/db/transaction-rollup.ts';
import { partnersOfBanks } from '../../src/modules/snap/caller/partners.ts';
import { createTestContext, DIALECTS, type TestContext } from '../support/test-app.ts';
import { stateOf, unpaidVaBill } from './support.ts';

describe.each(DIALECTS)('the demo bank pays through /snap (%s)', (dialect) => {
  let ctx: TestContext;
  let sim: BankSim;

  const pay = async (virtualAccountNo: unknown) => {
    const response = await fetch(`${sim.url}/demo/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ virtualAccountNo }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    const banks = createDemoBanks();
    // The server holds the public halves, as in demo mode (integrations/demo-simulators.ts).
    const partners = partnersOfBanks(
      banks.map(({ inbound: { privateKey: _private, ...inbound }, ...bank }) => ({
        ...bank,
        inbound,
        baseUrl: 'http://127.0.0.1:9',
      })),
    );
    ctx = await createTestContext(dialect, { snapPartners: partners });
    const tagihUrl = await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const payer = createBankPayer(tagihUrl, banks, () => ctx.clock.now());
    sim = await startBankSim({ banks, pay: (typed) => payer.payVirtualAccount(typed) });
  });
  afterAll(async () => {
    await sim?.close();
    await ctx?.close();
  });

  it('pays an open bill typed without its padding: Lunas, one notification, one booking, rollup exact', async () => {
    const bill = await unpaidVaBill(ctx, 'BRI');
    const answer = await pay(`${bill.trvaPartnerServiceId.trim()}${bill.trvaCustomerNo}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      paid: true,
      bank: 'BRI',
      step: 'payment',
      answer: { status: 200, body: { responseCode: '2002500' } },
    });
    expect(await stateOf(ctx, bill.trctId)).toMatchObject({
      trctStatus: '00',
      trctTotalAmountPaid: bill.trctTotalAmount,
      notifications: 1,
      bankPayments: 1,
      paidEvents: 1,
    });
    expect((await verifyRollup(ctx.db.kysely)).differences).toEqual([]);

    // Paying it again: Tagih's inquiry says it is paid already, and nothing changes.
    const again = await pay(`${bill.trvaPartnerServiceId}${bill.trvaCustomerNo}`);
    expect(again.body).toMatchObject({
      paid: false,
      step: 'inquiry',
      answer: { status: 404, body: { responseCode: '4042414' } },
    });
    expect(await stateOf(ctx, bill.trctId)).toMatchObject({
      notifications: 1,
      bankPayments: 1,
      paidEvents: 1,
    });
  });

  it('an unknown VA of a demo bank is refused by Tagih and pays nothing', async () => {
    const answer = await pay('770019999999999999');
    expect(answer.body).toMatchObject({
      paid: false,
      step: 'inquiry',
      answer: { body: { responseCode: '4042412' } },
    });
  });

  it('a number no demo bank issues, or no number, is refused by the simulator', async () => {
    expect(await pay('12345678')).toMatchObject({
      status: 502,
      body: { error: expect.stringMatching(/No demo bank issues VA 12345678/) },
    });
    expect((await pay('77001; drop table transactions')).status).toBe(400);
    expect((await pay(77001)).status).toBe(400);
  });
});
