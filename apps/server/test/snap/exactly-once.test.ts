/**
 * A bank's payment is booked exactly once, whatever the bank repeats and however many servers
 * share the database: 20 parallel copies, copies split over two app instances on one database,
 * a failure in the middle of the booking, and a retry after the bank's timeout all give one paid transaction, one notification and one
 * transaction.paid event, and every copy the same answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { verifyRollup } from '../../src/db/transaction-rollup.ts';
import { createTestContext, DIALECTS, type TestContext } from '../support/test-app.ts';
import {
  callSnap,
  getToken,
  makeBank,
  newExternalId,
  paymentBody,
  stateOf,
  unpaidVaBill,
  type TestBank,
} from './support.ts';

const PAYMENT = '/snap/v1.0/transfer-va/payment';

describe.each(DIALECTS)('SNAP payments exactly once (%s)', (dialect) => {
  let ctx: TestContext;
  let second: FastifyInstance;
  let bri: TestBank;

  beforeAll(async () => {
    bri = makeBank('BRI');
    ctx = await createTestContext(dialect, { snapPartners: [bri.partner] });
    // A second server instance on the same database (its own pool of connections on PostgreSQL, the same database file's worker on SQLite).
    second = await buildApp({ ...ctx.deps }, { webRoot: null });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await ctx?.close();
  });

  const unpaidBills = async (n: number) => {
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

  it('20 parallel copies of one payment (some under one X-EXTERNAL-ID) book it once and all answer the same', async () => {
    const bill = await unpaidVaBill(ctx, 'BRI');
    const token = await getToken(ctx.app, ctx, bri);
    const body = paymentBody(bill, 'parallel-1');
    const shared = newExternalId();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        callSnap(
          ctx.app,
          ctx,
          bri,
          token,
          PAYMENT,
          i % 2 === 0 ? body : { ...body, flagAdvise: 'Y' },
          { externalId: i < 5 ? shared : newExternalId() },
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]!.json()).toMatchObject({
      responseCode: '2002500',
      virtualAccountData: { paymentFlagStatus: '00' },
    });
    expect(await stateOf(ctx, bill.trctId)).toMatchObject({
      trctStatus: '00',
      notifications: 1,
      bankPayments: 1,
      paidEvents: 1,
    });
    expect((await verifyRollup(ctx.db.kysely)).differences).toEqual([]);
  });

  it('copies split over two app instances on one database book it once', async () => {
    const [, bill] = await unpaidBills(2);
    const token = await getToken(ctx.app, ctx, bri); // issued by one instance, accepted by both (stored in the database)
    const body = paymentBody(bill!, 'two-instances-1');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        callSnap(i % 2 === 0 ? ctx.app : second, ctx, bri, token, PAYMENT, body),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await stateOf(ctx, bill!.trctId)).toMatchObject({
      trctStatus: '00',
      notifications: 1,
      bankPayments: 1,
      paidEvents: 1,
    });
  });

  it('two different payments of one bill racing: one is booked, the other answers 4042514', async () => {
    const [, , bill] = await unpaidBills(3);
    const token = await getToken(second, ctx, bri);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        callSnap(
          i % 2 === 0 ? ctx.app : second,
          ctx,
          bri,
          token,
          PAYMENT,
          paymentBody(bill!, `race-${i}`),
        ),
      ),
    );
    const codes = answers.map((a) => a.json().responseCode as string);
    expect(codes.filter((c) => c === '2002500')).toHaveLength(1);
    expect(codes.filter((c) => c === '4042514')).toHaveLength(9);
    expect(await stateOf(ctx, bill!.trctId)).toMatchObject({
      trctStatus: '00',
      notifications: 1,
      bankPayments: 1,
      paidEvents: 1,
    });
    expect((await verifyRollup(ctx.db.kysely)).differences).toEqual([]);
  });

  it('a failure between the two halves (bill already turned paid, bank request not yet stored) leaves nothing; the X-EXTERNAL-ID is freed and the retry books it', async () => {
    const [, , , bill] = await unpaidBills(4);
    const token = await getToken(ctx.app, ctx, bri);
    const externalId = newExternalId();
    // An instance whose database fails on storing the bank's request, inside the booking transaction, after turnPaid.
    const broken = await buildApp(
      {
        ...ctx.deps,
        db: ctx.deps.db.withPlugin({
          transformQuery: (args) => {
            if (
              args.node.kind === 'InsertQueryNode' &&
              JSON.stringify(args.node).includes('"bank_payments"')
            )
              throw new Error('connection lost');
            return args.node;
          },
          transformResult: async (args) => args.result,
        }),
      },
      { webRoot: null },
    );
    await broken.ready();
    try {
      const failed = await callSnap(
        broken,
        ctx,
        bri,
        token,
        PAYMENT,
        paymentBody(bill!, 'after-5xx'),
        { externalId },
      );
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toEqual({ responseCode: '5002500', responseMessage: 'General Error' });
    } finally {
      await broken.close();
    }
    expect(await stateOf(ctx, bill!.trctId)).toEqual({
      trctStatus: '03',
      trctTotalAmountPaid: null,
      trctLunasTime: null,
      notifications: 0,
      bankPayments: 0,
      paidEvents: 0,
    });
    expect((await verifyRollup(ctx.db.kysely)).differences).toEqual([]);
    const retried = await callSnap(
      ctx.app,
      ctx,
      bri,
      token,
      PAYMENT,
      { ...paymentBody(bill!, 'after-5xx'), flagAdvise: 'Y' },
      { externalId },
    );
    expect(retried.json().responseCode).toBe('2002500');
    expect(await stateOf(ctx, bill!.trctId)).toMatchObject({
      trctStatus: '00',
      notifications: 1,
      bankPayments: 1,
      paidEvents: 1,
    });
  });
});
