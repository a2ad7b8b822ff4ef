/**
 * What must follow a bill's change is registered with the ledger, never imported by it: the
 * composition root (app.ts, through ledger-wiring.ts) says what runs when a bill is opened, paid,
 * cancelled or expired, and when:
 * - 'inTransaction': in the change's database transaction, after the bill's row changed and before
 *   the caller's own rows and audit event; an error rolls the whole change back (reconciliation's
 *   rematch).
 * - 'afterCommit': once the transaction committed, with every change it made (one call per event
 *   kind); never for a change rolled back (the live stream). It must not throw: the change stands.
 * The ledger also needs to write audit events of its own (an expiry is nobody's request): that
 * writer is passed in at the same place. One ledger per process: installing again replaces it.
 */
import type { Transaction } from 'kysely';
import type { AuditAction } from '@tagih/contract';
import type { Clock } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import type { Database } from '../../db/tables.ts';
import type { AuditContext } from '../../shared/audit-context.ts';

export type BillEvent = 'opened' | 'paid' | 'cancelled' | 'expired';
export type HookPhase = 'inTransaction' | 'afterCommit';

/** One bill's change, as the hooks hear of it. */
export interface BillChange {
  event: BillEvent;
  trctId: number;
  compId: number;
  kind: 'VA' | 'QRIS';
  orderId: string;
  /** When the change was made (ISO). */
  nowIso: string;
}

export type InTransactionHook = (tx: Transaction<Database>, change: BillChange) => Promise<void>;
export type AfterCommitHook = (deps: AppDeps, changes: readonly BillChange[]) => void;

/** Writes audit events in the caller's transaction, in order, chained (modules/audit's recordAudits). */
export type AuditWriter = (
  tx: Transaction<Database>,
  clock: Clock,
  entries: readonly {
    context: AuditContext;
    event: {
      action: AuditAction;
      target?: { type: string; id: number };
      details?: Record<string, unknown>;
    };
  }[],
) => Promise<void>;

/** The hooks, registered by event and phase, run in the order they were registered. */
export class LedgerHooks {
  private readonly inTransaction = new Map<BillEvent, InTransactionHook[]>();
  private readonly afterCommit = new Map<BillEvent, AfterCommitHook[]>();

  on(event: BillEvent, phase: 'inTransaction', handler: InTransactionHook): this;
  on(event: BillEvent, phase: 'afterCommit', handler: AfterCommitHook): this;
  on(event: BillEvent, phase: HookPhase, handler: InTransactionHook | AfterCommitHook): this {
    return this.add(event, phase, handler);
  }

  private add(
    event: BillEvent,
    phase: HookPhase,
    handler: InTransactionHook | AfterCommitHook,
  ): this {
    if (phase === 'inTransaction')
      this.inTransaction.set(event, [
        ...(this.inTransaction.get(event) ?? []),
        handler as InTransactionHook,
      ]);
    else
      this.afterCommit.set(event, [
        ...(this.afterCommit.get(event) ?? []),
        handler as AfterCommitHook,
      ]);
    return this;
  }

  onOpened(phase: 'inTransaction', handler: InTransactionHook): this;
  onOpened(phase: 'afterCommit', handler: AfterCommitHook): this;
  onOpened(phase: HookPhase, handler: InTransactionHook | AfterCommitHook): this {
    return this.add('opened', phase, handler);
  }

  onPaid(phase: 'inTransaction', handler: InTransactionHook): this;
  onPaid(phase: 'afterCommit', handler: AfterCommitHook): this;
  onPaid(phase: HookPhase, handler: InTransactionHook | AfterCommitHook): this {
    return this.add('paid', phase, handler);
  }

  onCancelled(phase: 'inTransaction', handler: InTransactionHook): this;
  onCancelled(phase: 'afterCommit', handler: AfterCommitHook): this;
  onCancelled(phase: HookPhase, handler: InTransactionHook | AfterCommitHook): this {
    return this.add('cancelled', phase, handler);
  }

  onExpired(phase: 'inTransaction', handler: InTransactionHook): this;
  onExpired(phase: 'afterCommit', handler: AfterCommitHook): this;
  onExpired(phase: HookPhase, handler: InTransactionHook | AfterCommitHook): this {
    return this.add('expired', phase, handler);
  }

  async runInTransaction(tx: Transaction<Database>, change: BillChange): Promise<void> {
    for (const hook of this.inTransaction.get(change.event) ?? []) await hook(tx, change);
  }

  runAfterCommit(deps: AppDeps, changes: readonly BillChange[]): void {
    const events = [...new Set(changes.map((c) => c.event))];
    for (const event of events) {
      const ofEvent = changes.filter((c) => c.event === event);
      for (const hook of this.afterCommit.get(event) ?? []) hook(deps, ofEvent);
    }
  }
}

interface Installed {
  hooks: LedgerHooks;
  audit: AuditWriter;
}

let installed: Installed | null = null;

/** The composition root's call (app.ts): the hooks and the audit writer every later change uses. */
export function installLedger(setup: Installed): void {
  installed = setup;
}

export function installedLedger(): Installed {
  if (!installed)
    throw new Error(
      'The ledger has no hooks installed: buildApp (app.ts) installs them (ledger-wiring.ts)',
    );
  return installed;
}
