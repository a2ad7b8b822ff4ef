/**
 * Unpaid VA and QRIS bills past their expiry turn Kadaluarsa (05), in batches: each batch in one
 * database transaction with the rollup moved and one transaction.expired audit event per bill
 * (the transaction's timeline shows it), then told to the 'expired' hooks (the screens). Safe on every instance at
 * once: a bill changes only while still unpaid, and on PostgreSQL a bill another process holds
 * (a payment being booked, another instance's batch) is skipped, so nothing expires twice and a
 * payment that races an expiry either books (the bill stays paid) or finds the bill expired.
 */
import { AUDIT_ACTIONS } from '@tagih/contract';
import { iso } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import { withRollup } from '../../db/transaction-rollup.ts';
import { SYSTEM_AUDIT_CONTEXT } from '../../shared/audit-context.ts';
import { inLedger } from './book.ts';
import { installedLedger } from './hooks.ts';
import * as repo from './expiry-repo.ts';

export const EXPIRY_BATCH = 200;
const KINDS: readonly repo.BillKind[] = ['VA', 'QRIS'];

export interface ExpiryOptions {
  /** Only bills whose expiry came after this (a regular run's look back); null or absent: every unpaid bill. */
  since?: Date | null;
  batchSize?: number;
}

/** Expires every unpaid bill due now (within the look back, when given); returns how many it expired. */
export async function expireDueBills(deps: AppDeps, options: ExpiryOptions = {}): Promise<number> {
  const now = deps.clock.now();
  const window = { sinceIso: options.since ? iso(options.since) : null, nowIso: iso(now) };
  const size = options.batchSize ?? EXPIRY_BATCH;
  let expired = 0;
  for (const kind of KINDS) {
    let afterId = 0;
    for (;;) {
      const due = await repo.findDue(deps.db, kind, window, afterId, size);
      if (due.length > 0) expired += await expireBatch(deps, due, window.nowIso);
      if (due.length < size) break;
      afterId = due.at(-1)!.trctId;
    }
  }
  return expired;
}

async function expireBatch(
  deps: AppDeps,
  due: readonly repo.DueBill[],
  nowIso: string,
): Promise<number> {
  const { audit } = installedLedger();
  const expired = await inLedger(deps, async (log) => {
    const { tx } = log;
    const locked = await repo.lockUnpaid(
      tx,
      due.map((b) => b.trctId),
    );
    const changed = new Set(
      await withRollup(tx, locked, () => repo.markExpired(tx, locked, nowIso)),
    );
    const bills = due.filter((b) => changed.has(b.trctId));
    for (const b of bills)
      await log.changed(
        'expired',
        { trctId: b.trctId, trctCompId: b.compId, trctOrderId: b.orderId, kind: b.kind },
        nowIso,
      );
    await audit(
      tx,
      deps.clock,
      bills.map((b) => ({
        context: { ...SYSTEM_AUDIT_CONTEXT, compId: b.compId },
        event: {
          action: AUDIT_ACTIONS.transactionExpired,
          target: { type: 'transaction', id: b.trctId },
          details: { kind: b.kind, orderId: b.orderId, expiredAt: b.expiredAt },
        },
      })),
    );
    return bills;
  });
  return expired.length;
}
