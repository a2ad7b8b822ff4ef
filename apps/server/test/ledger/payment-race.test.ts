/**
 * A bank's payment and the expiry of the same bill, at the same moment, end consistent: either the
 * bill is paid (2002500; not expired, no expiry event) or it is expired (4042519, the payment
 * service's "expired bill" (docs/protocols.md; 4042419 is the inquiry's); nothing booked,
 * no notification, no transaction.paid). Many rounds in parallel, and on PostgreSQL the exact
 * interleaving where the payment checked the bill, then waited for the expiry's lock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { verifyRollup, withRollup } from '../../src/db/transaction-rollup.ts';
import { expireDueBills } from '../../src/modules/ledger/expire-bills.ts';
import { lockUnpaid, markExpired } from '../../src/modules/ledger/expiry-repo.ts';
import { DIALECTS, TestClock, createTestContext, type TestContext } from '../support/test-app.ts';
import {
  callSnap,
  getToken,
  makeBank,
  paymentBody,
  stateOf,
  type TestBank,
} from '../snap/support.ts';
import { expiryEvents, openVaBills, setVaExpiry } from './support.ts';

const PAYMENT = '/snap/v1.0/transfer-va/payment';
const ROUNDS = 30;

describe.each(DIALECTS)('a payment racing the expiry (%s)', (dialect) => {
  let ctx: TestContext;
  let bri: TestBank;
  let token: string;

  beforeAll(async () => {
    bri = makeBank('BRI');
    ctx = await createTestContext(dialect, { snapPartners: [bri.partner] });
    token = await getToken(ctx.app, ctx, bri);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** The expiry as it runs two minutes later than the bank's payment: the bill (due in one minute) is due for it. */
  const laterDeps = () => ({
    ...ctx.deps,
    clock: new TestClock(new Date(ctx.clock.now().getTime() + 2 * 60_000)),
  });
  const inAMinute = () => new Date(ctx.clock.now().getTime() + 60_000).toISOString();

  async function outcomeOf(trctId: number, responseCode: string) {
    const state = await stateOf(ctx, trctId);
    const expiredEvents = (await expiryEvents(ctx)).get(trctId) ?? 0;
    if (responseCode === '2002500') {
      expect(state).toMatchObject({
        trctStatus: '00',
        notifications: 1,
        bankPayments: 1,
        paidEvents: 1,
      });
      expect(expiredEvents).toBe(0);
      return 'paid';
    }
    expect(responseCode).toBe('4042519');
    expect(state).toMatchObject({
      trctStatus: '05',
      trctTotalAmountPaid: null,
      notifications: 0,
      bankPayments: 0,
      paidEvents: 0,
    });
    expect(expiredEvents).toBe(1);
    return 'expired';
  }

  it(`${ROUNDS} rounds of a payment and an expiry started together: each bill ends paid or expired, never both`, async () => {
    const bills = await openVaBills(ctx, 'BRI', ctx.clock.now().toISOString(), ROUNDS);
    expect(bills).toHaveLength(ROUNDS);
    await setVaExpiry(
      ctx,
      bills.map((b) => b.trctId),
      inAMinute(),
    );
    const outcomes: string[] = [];
    for (const [i, bill] of bills.entries()) {
      const expire = async () => {
        await new Promise((resolve) => setTimeout(resolve, i % 4));
        return expireDueBills(laterDeps());
      };
      const [answer] = await Promise.all([
        callSnap(ctx.app, ctx, bri, token, PAYMENT, paymentBody(bill, `race-expiry-${i}`)),
        expire(),
      ]);
      outcomes.push(await outcomeOf(bill.trctId, answer.json().responseCode as string));
    }
    expect(outcomes).toHaveLength(ROUNDS);
    expect((await verifyRollup(ctx.db.kysely)).differences).toEqual([]);
  });

  it('a payment after the expiry ran answers 4042519 and books nothing', async () => {
    const [bill] = await openVaBills(ctx, 'BRI', ctx.clock.now().toISOString(), 1);
    await setVaExpiry(ctx, [bill!.trctId], inAMinute());
    expect(await expireDueBills(laterDeps())).toBe(1);
    const answer = await callSnap(
      ctx.app,
      ctx,
      bri,
      token,
      PAYMENT,
      paymentBody(bill!, 'after-expiry-1'),
    );
    expect(answer.json()).toMatchObject({ responseCode: '4042519' });
    expect(await outcomeOf(bill!.trctId, '4042519')).toBe('expired');
  });

  it.runIf(dialect === 'postgres')(
    "a payment that checked the bill, then waited for the expiry's lock, answers 4042519",
    async () => {
      const [bill] = await openVaBills(ctx, 'BRI', ctx.clock.now().toISOString(), 1);
      await setVaExpiry(ctx, [bill!.trctId], inAMinute());
      let payment: ReturnType<typeof callSnap> | undefined;
      await ctx.db.kysely.transaction().execute(async (tx) => {
        // The expiry's batch holds the bill, changed but not committed.
        expect(await lockUnpaid(tx, [bill!.trctId])).toEqual([bill!.trctId]);
        await withRollup(tx, [bill!.trctId], () =>
          markExpired(tx, [bill!.trctId], laterDeps().clock.now().toISOString()),
        );
        payment = callSnap(
          ctx.app,
          ctx,
          bri,
          token,
          PAYMENT,
          paymentBody(bill!, 'waited-for-expiry-1'),
        );
        // Until the payment's booking waits for the bill's row lock (it read the bill as unpaid before).
        for (;;) {
          const { rows } = await sql<{
            n: number;
          }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(
            ctx.db.kysely,
          );
          if (rows[0]!.n > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      });
      const answer = await payment!;
      expect(answer.json()).toMatchObject({ responseCode: '4042519' });
      const state = await stateOf(ctx, bill!.trctId);
      expect(state).toMatchObject({
        trctStatus: '05',
        notifications: 0,
        bankPayments: 0,
        paidEvents: 0,
      });
      expect((await verifyRollup(ctx.db.kysely)).differences).toEqual([]);
    },
  );
});
