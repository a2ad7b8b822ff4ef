/**
 * The ledger's hooks (modules/ledger/hooks.ts): what is registered 'inTransaction' runs in the
 * change's transaction and its failure undoes the change; what is registered 'afterCommit' hears of
 * a change once it committed, never of one rolled back. The app's own wiring (ledger-wiring.ts) is
 * put back after each test.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TRX_STATUS } from '@tagih/contract';
import { verifyRollup } from '../../src/db/transaction-rollup.ts';
import { wireLedger } from '../../src/ledger-wiring.ts';
import {
  inLedger,
  installLedger,
  LedgerHooks,
  turnPaid,
  type BillChange,
} from '../../src/modules/ledger/index.ts';
import { recordAudits } from '../../src/modules/audit/service.ts';
import { DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';

describe.each(DIALECTS)('the ledger hooks (%s)', (dialect) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterEach(() => wireLedger());
  afterAll(async () => {
    await ctx?.close();
  });

  async function unpaidBill() {
    const row = await ctx.db.kysely
      .selectFrom('transactions')
      .select(['trctId', 'trctCompId', 'trctOrderId', 'trctType', 'trctTotalAmount'])
      .where('trctStatus', '=', TRX_STATUS.UNPAID)
      .where('trctType', '=', 'VA')
      .where('trctTotalAmount', 'is not', null)
      .orderBy('trctId', 'desc')
      .executeTakeFirstOrThrow();
    return {
      trctId: row.trctId,
      trctCompId: row.trctCompId,
      trctOrderId: row.trctOrderId,
      kind: 'VA' as const,
      total: Number(row.trctTotalAmount),
    };
  }

  const stateOf = async (trctId: number) => ({
    status: (
      await ctx.db.kysely
        .selectFrom('transactions')
        .select('trctStatus')
        .where('trctId', '=', trctId)
        .executeTakeFirstOrThrow()
    ).trctStatus,
    notifications: (
      await ctx.db.kysely
        .selectFrom('notifications')
        .select('notiId')
        .where('notiTrctId', '=', trctId)
        .execute()
    ).length,
  });

  it('runs the paid hooks in the payment transaction, then after its commit, each once', async () => {
    const bill = await unpaidBill();
    const seen: string[] = [];
    const committed: BillChange[][] = [];
    installLedger({
      audit: recordAudits,
      hooks: new LedgerHooks()
        .onPaid('inTransaction', async (tx, change) => {
          const row = await tx
            .selectFrom('transactions')
            .select('trctStatus')
            .where('trctId', '=', change.trctId)
            .executeTakeFirstOrThrow();
          seen.push(`in:${change.trctId}:${row.trctStatus}`);
        })
        .onPaid('afterCommit', (_deps, changes) => {
          committed.push([...changes]);
        }),
    });
    const nowIso = ctx.clock.now().toISOString();
    const notiId = await inLedger(ctx.deps, async (log) => {
      const id = await turnPaid(log, bill, bill.total, nowIso, nowIso);
      expect(committed).toEqual([]);
      return id;
    });
    expect(notiId).not.toBeNull();
    expect(seen).toEqual([`in:${bill.trctId}:${TRX_STATUS.PAID}`]);
    expect(committed).toEqual([
      [
        {
          event: 'paid',
          trctId: bill.trctId,
          compId: bill.trctCompId,
          kind: 'VA',
          orderId: bill.trctOrderId,
          nowIso,
        },
      ],
    ]);
    expect(await stateOf(bill.trctId)).toEqual({ status: TRX_STATUS.PAID, notifications: 1 });

    // Paid again: no change, so no hook.
    expect(
      await inLedger(ctx.deps, (log) => turnPaid(log, bill, bill.total, nowIso, nowIso)),
    ).toBeNull();
    expect(seen).toHaveLength(1);
    expect(committed).toHaveLength(1);
  });

  it('an in-transaction hook that fails undoes the payment: still unpaid, no notification, rollup exact, nothing told after', async () => {
    const bill = await unpaidBill();
    const committed: BillChange[] = [];
    installLedger({
      audit: recordAudits,
      hooks: new LedgerHooks()
        .onPaid('inTransaction', async () => {
          throw new Error('reconciliation failed');
        })
        .onPaid('afterCommit', (_deps, changes) => {
          committed.push(...changes);
        }),
    });
    const nowIso = ctx.clock.now().toISOString();
    await expect(
      inLedger(ctx.deps, (log) => turnPaid(log, bill, bill.total, nowIso, nowIso)),
    ).rejects.toThrow('reconciliation failed');
    expect(await stateOf(bill.trctId)).toEqual({ status: TRX_STATUS.UNPAID, notifications: 0 });
    expect(committed).toEqual([]);
    expect((await verifyRollup(ctx.db.kysely)).differences).toEqual([]);
  });

  it("a caller's failure after the payment rolls it back, and the after-commit hooks never hear of it", async () => {
    const bill = await unpaidBill();
    const committed: BillChange[] = [];
    installLedger({
      audit: recordAudits,
      hooks: new LedgerHooks().onPaid(
        'afterCommit',
        (_deps, changes) => void committed.push(...changes),
      ),
    });
    const nowIso = ctx.clock.now().toISOString();
    await expect(
      inLedger(ctx.deps, async (log) => {
        await turnPaid(log, bill, bill.total, nowIso, nowIso);
        throw new Error('the bank request could not be stored');
      }),
    ).rejects.toThrow('could not be stored');
    expect(await stateOf(bill.trctId)).toEqual({ status: TRX_STATUS.UNPAID, notifications: 0 });
    expect(committed).toEqual([]);
  });
});
