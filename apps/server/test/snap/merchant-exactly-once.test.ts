/**
 * A merchant's bill is opened once, however often and wherever the request arrives: 20 parallel
 * copies of one create-va (some under one X-EXTERNAL-ID, split over two app instances on one
 * database) open one bill and all answer the same; parallel create-va of different trxIds get
 * distinct VA numbers; parallel cancels cancel once; a cancel racing the bank's payment ends
 * either paid or cancelled, never both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { buildApp } from '../../src/app.ts';
import { verifyRollup } from '../../src/db/transaction-rollup.ts';
import { newDataKey, SecretBox } from '../../src/security/secret-box.ts';
import { createTestContext, DIALECTS, type TestContext } from '../support/test-app.ts';
import {
  callSnap,
  getToken,
  makeBank,
  makeMerchant,
  newExternalId,
  snapTime,
  stateOf,
  type TestBank,
  type TestCaller,
} from './support.ts';
import { sealPending } from '../../src/modules/audit/sealer.ts';

const CREATE = '/snap/v1.0/transfer-va/create-va';
const DELETE = '/snap/v1.0/transfer-va/delete-va';
const PAY = '/snap/v1.0/transfer-va/payment';
const GENERATE = '/snap/v1.0/qr/qr-mpm-generate';

describe.each(DIALECTS)('merchant bills exactly once (%s)', (dialect) => {
  let ctx: TestContext;
  let second: FastifyInstance;
  let bri: TestBank;
  let maju: TestCaller;
  let token: string;
  let clntid: number;

  beforeAll(async () => {
    bri = makeBank('BRI');
    ctx = await createTestContext(dialect, {
      snapPartners: [bri.partner],
      secretBox: new SecretBox(newDataKey()),
    });
    second = await buildApp({ ...ctx.deps }, { webRoot: null });
    await second.ready();
    clntid = (
      await ctx.db.kysely
        .selectFrom('companies')
        .select('compClientId')
        .orderBy('compId')
        .executeTakeFirstOrThrow()
    ).compClientId!;
    maju = await makeMerchant(ctx, clntid);
    token = await getToken(ctx.app, ctx, maju);
  });
  afterAll(async () => {
    await second?.close();
    await ctx?.close();
  });

  const vaBody = (trxId: string) => ({
    partnerServiceId: '   77001',
    virtualAccountName: 'Ayu Lestari',
    trxId,
    totalAmount: { value: '99000.00', currency: 'IDR' },
    expiredDate: snapTime(ctx.clock.now(), 60),
  });
  const app = (i: number) => (i % 2 === 0 ? ctx.app : second);
  const rowsOf = async (orderId: string) =>
    Number(
      (
        await ctx.db.kysely
          .selectFrom('transactions')
          .select(sql<number>`count(*)`.as('n'))
          .where('trctClntId', '=', clntid)
          .where('trctOrderId', '=', orderId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const eventsOf = async (action: string, trctId: number) => {
    await sealPending(ctx.db.kysely, { wait: true }); // a bill's event is chained after its commit
    return (
      await ctx.db.kysely
        .selectFrom('audit_events')
        .select('audtId')
        .where('audtAction', '=', action)
        .where('audtTargetId', '=', String(trctId))
        .execute()
    ).length;
  };

  it('20 parallel copies of one create-va (over two instances, some under one X-EXTERNAL-ID) open one bill and all answer the same', async () => {
    const body = vaBody('PAR-ONE');
    const shared = newExternalId();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        callSnap(app(i), ctx, maju, token, CREATE, body, {
          externalId: i < 5 ? shared : newExternalId(),
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]!.json().responseCode).toBe('2002700');
    expect(await rowsOf('PAR-ONE')).toBe(1);
    const bill = await ctx.db.kysely
      .selectFrom('merchant_bills')
      .select('mbilTrctId')
      .where('mbilRequestId', '=', 'PAR-ONE')
      .execute();
    expect(bill).toHaveLength(1);
    expect(await eventsOf('transaction.created', bill[0]!.mbilTrctId)).toBe(1);
    expect((await verifyRollup(ctx.db.kysely)).differences).toEqual([]);
  });

  it('parallel create-va of different trxIds get distinct VA numbers, one bill each', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        callSnap(app(i), ctx, maju, token, CREATE, vaBody(`PAR-MANY-${i}`)),
      ),
    );
    expect(answers.map((a) => a.json().responseCode)).toEqual(Array(20).fill('2002700'));
    const numbers = answers.map((a) => a.json().virtualAccountData.virtualAccountNo as string);
    expect(new Set(numbers).size).toBe(20);
    const stored = await ctx.db.kysely
      .selectFrom('transaction_va as v')
      .innerJoin('transactions as t', 't.trctId', 'v.trvaTrctId')
      .select(['v.trvaPartnerServiceId', 'v.trvaCustomerNo'])
      .where('t.trctOrderId', 'like', 'PAR-MANY-%')
      .execute();
    expect(new Set(stored.map((r) => `${r.trvaPartnerServiceId}${r.trvaCustomerNo}`))).toEqual(
      new Set(numbers),
    );
    expect((await verifyRollup(ctx.db.kysely)).differences).toEqual([]);
  });

  it('20 parallel copies of one qr-mpm-generate draw one QRIS with one reference', async () => {
    const body = {
      partnerReferenceNo: 'PAR-QR',
      amount: { value: '5000.00', currency: 'IDR' },
      merchantId: 'BRI-MID-0001',
    };
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => callSnap(app(i), ctx, maju, token, GENERATE, body)),
    );
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]!.json().responseCode).toBe('2004700');
    expect(await rowsOf('PAR-QR')).toBe(1);
  });

  it('parallel cancels of one bill cancel it once and all answer 2003100', async () => {
    const made = (await callSnap(ctx.app, ctx, maju, token, CREATE, vaBody('PAR-DEL'))).json()
      .virtualAccountData;
    const names = {
      partnerServiceId: made.partnerServiceId,
      customerNo: made.customerNo,
      virtualAccountNo: made.virtualAccountNo,
      trxId: 'PAR-DEL',
    };
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => callSnap(app(i), ctx, maju, token, DELETE, names)),
    );
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(answers[0]!.json().responseCode).toBe('2003100');
    const { trctId } = await ctx.db.kysely
      .selectFrom('transactions')
      .select('trctId')
      .where('trctOrderId', '=', 'PAR-DEL')
      .executeTakeFirstOrThrow();
    expect(await eventsOf('transaction.cancelled', trctId)).toBe(1);
    expect((await verifyRollup(ctx.db.kysely)).differences).toEqual([]);
  });

  it("a cancel racing the bank's payment ends paid or cancelled, and its loser is told so", async () => {
    const briToken = await getToken(ctx.app, ctx, bri);
    for (let i = 0; i < 4; i += 1) {
      const trxId = `RACE-${i}`;
      const made = (await callSnap(ctx.app, ctx, maju, token, CREATE, vaBody(trxId))).json()
        .virtualAccountData;
      const names = {
        partnerServiceId: made.partnerServiceId,
        customerNo: made.customerNo,
        virtualAccountNo: made.virtualAccountNo,
      };
      const [cancel, pay] = await Promise.all([
        callSnap(app(i), ctx, maju, token, DELETE, { ...names, trxId }),
        callSnap(app(i + 1), ctx, bri, briToken, PAY, {
          ...names,
          paymentRequestId: `race-pay-${i}`,
          paidAmount: { value: '99000.00', currency: 'IDR' },
        }),
      ]);
      const { trctId } = await ctx.db.kysely
        .selectFrom('transactions')
        .select('trctId')
        .where('trctOrderId', '=', trxId)
        .executeTakeFirstOrThrow();
      const state = await stateOf(ctx, trctId);
      const codes = [cancel.json().responseCode, pay.json().responseCode];
      if (state.trctStatus === '00') {
        expect(codes).toEqual(['4043114', '2002500']);
        expect(state).toMatchObject({ bankPayments: 1, notifications: 1, paidEvents: 1 });
        expect(await eventsOf('transaction.cancelled', trctId)).toBe(0);
      } else {
        expect(state.trctStatus).toBe('05');
        expect(codes).toEqual(['2003100', '4042519']);
        expect(state).toMatchObject({ bankPayments: 0, notifications: 0, paidEvents: 0 });
        expect(await eventsOf('transaction.cancelled', trctId)).toBe(1);
      }
    }
    expect((await verifyRollup(ctx.db.kysely)).differences).toEqual([]);
  });
});
