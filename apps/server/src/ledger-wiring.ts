/**
 * Composition: what follows a bill's change, registered with the ledger (modules/ledger/hooks.ts),
 * which imports no other module. buildApp (app.ts) installs it; installing again replaces it.
 * - paid, in the payment's transaction: reconciliation looks at the bill again (a bank line waiting
 *   for it matches, its break closes), so a statement never disagrees with a committed payment;
 * - paid and expired, after the commit: the live stream tells the screens (never a rolled-back change);
 * - the ledger's own audit events (an expiry) are written by modules/audit, in the change's transaction.
 * The merchant's notification is queued by the ledger with the payment and sent by the caller after
 * the commit (the SNAP route, Inquiry, which answers with the delivery's outcome).
 */
import { recordAudits } from './modules/audit/service.ts';
import { installLedger, LedgerHooks, type BillChange } from './modules/ledger/index.ts';
import { announce, type LiveSubject } from './modules/live/announce.ts';
import { rematchTransaction } from './modules/recon/rematch.ts';

const subjectOf = (c: BillChange): LiveSubject => ({
  compId: c.compId,
  kind: c.kind,
  trctId: c.trctId,
});

export function wireLedger(): void {
  const hooks = new LedgerHooks()
    .onPaid('inTransaction', (tx, change) => rematchTransaction(tx, change.trctId, change.nowIso))
    .onPaid('afterCommit', (deps, changes) =>
      announce(deps, 'transaction.paid', changes.map(subjectOf)),
    )
    .onExpired('afterCommit', (deps, changes) =>
      announce(deps, 'transaction.expired', changes.map(subjectOf)),
    );
  installLedger({ hooks, audit: recordAudits });
}
