/**
 * Payments audited without a global queue (modules/audit/README.md "Sealing"): a bank's payment
 * writes its transaction.paid event unsealed in its own transaction, and the sealer chains it
 * after the commit. Every payment's event is there and ends up sealed under the key; audit:verify
 * passes on a busy database (an unsealed tail with intact MACs) and fails on a tampered one,
 * sealed or not; the rollups (striped) stay exact after a storm of payments, expiries and cancels.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { AUDIT_ACTIONS } from '@tagih/contract';
import { verifyRollup } from '../../src/db/transaction-rollup.ts';
import { canonicalJson } from '../../src/modules/audit/hash.ts';
import {
  recordAuditUnsealed,
  verifyAuditChain,
  type VerifyResult,
} from '../../src/modules/audit/service.ts';
import { cancelBill, expireDueBills, inLedger } from '../../src/modules/ledger/index.ts';
import { verifyNotificationTotals } from '../../src/modules/notifications/service.ts';
import { keyIdOf } from '../../src/security/secret-box.ts';
import { TEST_DATA_KEY } from '../support/audit-key.ts';
import { DIALECTS, TestClock, createTestContext, type TestContext } from '../support/test-app.ts';
import { callSnap, getToken, makeBank, paymentBody, type TestBank } from '../snap/support.ts';
import { openVaBills, setVaExpiry } from '../ledger/support.ts';
import { ALICE, dropAuditTriggers } from './support.ts';

const PAYMENT = '/snap/v1.0/transfer-va/payment';

describe.each(DIALECTS)('payments audited without a global queue (%s)', (dialect) => {
  let ctx: TestContext;
  let bri: TestBank;
  let token: string;
  let paymentNo = 0;

  beforeAll(async () => {
    bri = makeBank('BRI');
    ctx = await createTestContext(dialect, { snapPartners: [bri.partner] });
    token = await getToken(ctx.app, ctx, bri);
  });
  afterAll(async () => ctx?.close());

  const pendingCount = async () =>
    Number(
      (
        await ctx.db.kysely
          .selectFrom('audit_pending')
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Waits for the app's sealer (every 200 ms) to empty the unsealed tail. */
  const sealed = async () => {
    for (let i = 0; i < 150 && (await pendingCount()) > 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await pendingCount()).toBe(0);
  };
  const pay = (bill: Awaited<ReturnType<typeof openVaBills>>[number]) =>
    callSnap(ctx.app, ctx, bri, token, PAYMENT, paymentBody(bill, `sealed-${(paymentNo += 1)}`));
  const paidEvents = (trctIds: readonly number[]) =>
    ctx.db.kysely
      .selectFrom('audit_events')
      .select(['audtId', 'audtTargetId', 'audtKeyId'])
      .where('audtAction', '=', AUDIT_ACTIONS.transactionPaid)
      .where('audtTargetId', 'in', trctIds.map(String))
      .execute();

  it("every payment's event is written with it and sealed into the keyed chain; audit:verify passes while payments are under way", async () => {
    const bills = await openVaBills(ctx, 'BRI', ctx.clock.now().toISOString(), 16);
    expect(bills).toHaveLength(16);
    let paying = true;
    const verdicts: VerifyResult[] = [];
    const verifying = (async () => {
      while (paying) verdicts.push(await verifyAuditChain(ctx.db.kysely));
    })();
    const answers = await Promise.all(bills.map(pay));
    paying = false;
    await verifying;
    expect(answers.map((a) => a.json().responseCode)).toEqual(Array(16).fill('2002500'));
    expect(verdicts.length).toBeGreaterThan(0);
    expect(verdicts.filter((v) => !v.ok)).toEqual([]);

    // Right after the answers, each event is in the trail: sealed already, or unsealed and intact.
    const ids = bills.map((b) => b.trctId);
    const pending = await ctx.db.kysely
      .selectFrom('audit_pending')
      .select('pndgTargetId')
      .where('pndgAction', '=', AUDIT_ACTIONS.transactionPaid)
      .execute();
    const present = [
      ...(await paidEvents(ids)).map((e) => e.audtTargetId),
      ...pending.map((p) => p.pndgTargetId),
    ].filter((id) => ids.map(String).includes(id!));
    expect(present.sort()).toEqual(ids.map(String).sort());

    await sealed();
    const events = await paidEvents(ids);
    expect(events.map((e) => e.audtTargetId).sort()).toEqual(ids.map(String).sort());
    expect(new Set(events.map((e) => e.audtKeyId))).toEqual(new Set([keyIdOf(TEST_DATA_KEY)]));
    const verdict = await verifyAuditChain(ctx.db.kysely);
    expect(verdict).toMatchObject({ ok: true });
    expect(verdict).not.toHaveProperty('unsealed');
  });

  it('an unsealed event altered while it waits is refused by audit:verify, naming it, and the sealer leaves it out of the chain', async () => {
    const pndgId = await ctx.db.kysely.transaction().execute(async (tx) => {
      await recordAuditUnsealed(tx, ctx.clock, ALICE, {
        action: AUDIT_ACTIONS.transactionPaid,
        target: { type: 'transaction', id: 999_999 },
        details: { paidAmountMinor: 100 },
      });
      const row = await tx
        .selectFrom('audit_pending')
        .select('pndgId')
        .orderBy('pndgId', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      await tx
        .updateTable('audit_pending')
        .set({ pndgDetails: canonicalJson({ paidAmountMinor: 1 }) })
        .where('pndgId', '=', row.pndgId)
        .execute();
      return Number(row.pndgId);
    });
    expect(await verifyAuditChain(ctx.db.kysely)).toMatchObject({
      ok: false,
      unsealed: true,
      badId: pndgId,
      reason: expect.stringMatching(/MAC does not match/),
    });
    await new Promise((resolve) => setTimeout(resolve, 600)); // a few sealer rounds
    expect(await pendingCount()).toBe(1);
    expect(await paidEvents([999_999])).toEqual([]);
    await ctx.db.kysely.deleteFrom('audit_pending').where('pndgId', '=', pndgId).execute();
    expect(await verifyAuditChain(ctx.db.kysely)).toMatchObject({ ok: true });
  });

  it('rollups stay exact after a storm of payments, expiries and cancels, some payments racing the expiry of their bill', async () => {
    const bills = await openVaBills(ctx, 'BRI', ctx.clock.now().toISOString(), 20);
    expect(bills).toHaveLength(20);
    const toPay = bills.slice(0, 8);
    const toExpire = bills.slice(8, 16);
    const toCancel = bills.slice(16);
    await setVaExpiry(
      ctx,
      toExpire.map((b) => b.trctId),
      new Date(ctx.clock.now().getTime() + 60_000).toISOString(),
    );
    const later = {
      ...ctx.deps,
      clock: new TestClock(new Date(ctx.clock.now().getTime() + 2 * 60_000)),
    };
    const nowIso = ctx.clock.now().toISOString();
    const answers = await Promise.all([
      ...toPay.map(pay),
      ...toExpire.slice(0, 4).map(pay), // racing the expiry below
      expireDueBills(later),
      ...toCancel.map((b) =>
        inLedger(ctx.deps, (log) =>
          cancelBill(
            log,
            { trctId: b.trctId, trctCompId: b.trctCompId, trctOrderId: b.trctOrderId, kind: 'VA' },
            nowIso,
          ),
        ),
      ),
    ]);
    const codes = answers
      .slice(0, 12)
      .map((a) => (a as Awaited<ReturnType<typeof pay>>).json().responseCode as string);
    expect(codes.slice(0, 8)).toEqual(Array(8).fill('2002500'));
    for (const code of codes.slice(8)) expect(['2002500', '4042519']).toContain(code);

    expect((await verifyRollup(ctx.db.kysely)).differences).toEqual([]);
    expect((await verifyNotificationTotals(ctx.db.kysely)).differences).toEqual([]);
    const statuses = await ctx.db.kysely
      .selectFrom('transactions')
      .select(['trctId', 'trctStatus'])
      .where(
        'trctId',
        'in',
        bills.map((b) => b.trctId),
      )
      .execute();
    const statusOf = new Map(statuses.map((s) => [s.trctId, s.trctStatus]));
    expect(toPay.map((b) => statusOf.get(b.trctId))).toEqual(Array(8).fill('00'));
    for (const b of toExpire) expect(['00', '05']).toContain(statusOf.get(b.trctId));
    // A racing bill is paid exactly when its payment was answered success.
    toExpire
      .slice(0, 4)
      .forEach((b, i) =>
        expect(statusOf.get(b.trctId)).toBe(codes[8 + i] === '2002500' ? '00' : '05'),
      );
    expect(toExpire.slice(4).map((b) => statusOf.get(b.trctId))).toEqual(Array(4).fill('05'));
    expect(toCancel.map((b) => statusOf.get(b.trctId))).toEqual(Array(4).fill('05')); // a cancel ends the bill as expired
    await sealed();
    const paid = bills.filter((b) => statusOf.get(b.trctId) === '00').map((b) => b.trctId);
    expect((await paidEvents(paid)).length).toBe(paid.length);
    expect(await verifyAuditChain(ctx.db.kysely)).toMatchObject({ ok: true });
  });

  it('a sealed payment event edited afterwards is found by audit:verify, naming it', async () => {
    const [bill] = await openVaBills(ctx, 'BRI', ctx.clock.now().toISOString(), 1);
    expect((await pay(bill!)).json().responseCode).toBe('2002500');
    await sealed();
    const [event] = await paidEvents([bill!.trctId]);
    await dropAuditTriggers(ctx);
    await ctx.db.kysely
      .updateTable('audit_events')
      .set({ audtDetails: canonicalJson({ paidAmountMinor: 1 }) })
      .where('audtId', '=', event!.audtId)
      .execute();
    expect(await verifyAuditChain(ctx.db.kysely)).toMatchObject({
      ok: false,
      badId: event!.audtId,
      reason: expect.stringMatching(/does not match its contents/),
    });
  });
});
