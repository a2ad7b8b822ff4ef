/**
 * The one way a bill changes: `inLedger(deps, work)` runs `work` in one database transaction with a
 * LedgerBook, whose methods open, pay, cancel and expire bills (each keeps the rollup exact and
 * runs the 'inTransaction' hooks of its change); the caller adds its own rows and its audit event
 * through `book.tx`, in the same transaction. Once it commits, the 'afterCommit' hooks hear of every
 * change it made; a transaction rolled back changed nothing and is told to nobody.
 */
import type { Transaction } from 'kysely';
import type { AppDeps } from '../../deps.ts';
import type { Database } from '../../db/tables.ts';
import { installedLedger, type BillChange, type BillEvent, type LedgerHooks } from './hooks.ts';

/** A bill as the ledger names it in a change. */
export interface BillRef {
  trctId: number;
  trctCompId: number;
  trctOrderId: string;
  kind: 'VA' | 'QRIS';
}

/** The changes of one database transaction: each one's 'inTransaction' hooks run as it is made. */
export class ChangeLog {
  readonly tx: Transaction<Database>;
  readonly changes: BillChange[] = [];
  private readonly hooks: LedgerHooks;

  constructor(tx: Transaction<Database>, hooks: LedgerHooks) {
    this.tx = tx;
    this.hooks = hooks;
  }

  async changed(event: BillEvent, bill: BillRef, nowIso: string): Promise<void> {
    const change: BillChange = {
      event,
      trctId: bill.trctId,
      compId: bill.trctCompId,
      kind: bill.kind,
      orderId: bill.trctOrderId,
      nowIso,
    };
    await this.hooks.runInTransaction(this.tx, change);
    this.changes.push(change);
  }
}

/** Runs `work` in one database transaction, then the 'afterCommit' hooks of what it changed. */
export async function inLedger<T>(deps: AppDeps, work: (log: ChangeLog) => Promise<T>): Promise<T> {
  const { hooks } = installedLedger();
  let log: ChangeLog | null = null;
  const result = await deps.db.transaction().execute(async (tx) => {
    log = new ChangeLog(tx, hooks);
    return work(log);
  });
  hooks.runAfterCommit(deps, (log as ChangeLog | null)?.changes ?? []);
  return result;
}
