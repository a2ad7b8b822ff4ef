/**
 * The ledger's public face: what other modules and the composition root may use. Its repositories
 * (`*-repo.ts`) are its own (eslint.config.js refuses an import of them from outside).
 */
export { inLedger, type BillRef, type ChangeLog } from './book.ts';
export {
  cancelBill,
  expireBill,
  openBill,
  queueNotification,
  type NewBill,
} from './bill-lifecycle.ts';
export { turnPaid } from './turn-paid.ts';
export { expireDueBills, type ExpiryOptions } from './expire-bills.ts';
export { startExpiryWorker, type ExpiryWorker } from './expiry-worker.ts';
export {
  LedgerHooks,
  installLedger,
  type AfterCommitHook,
  type AuditWriter,
  type BillChange,
  type BillEvent,
  type HookPhase,
  type InTransactionHook,
} from './hooks.ts';
