/**
 * VA and QRIS differ only in their detail table and a few fallbacks (spec §3): the columns of
 * each kind are in kind-rows-repo.ts; everything else in this module is shared.
 */
import {
  TRANSACTION_KINDS,
  transactionQrRow,
  transactionVaRow,
  type TransactionKindDef,
} from '@tagih/contract';

export interface ServerKind extends TransactionKindDef {
  /** The list's row schema (response serialisation and OpenAPI). */
  rowSchema: typeof transactionVaRow | typeof transactionQrRow;
}

export const SERVER_KINDS: readonly ServerKind[] = [
  { ...TRANSACTION_KINDS.va, rowSchema: transactionVaRow },
  { ...TRANSACTION_KINDS.qris, rowSchema: transactionQrRow },
];
