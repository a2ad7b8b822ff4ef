/**
 * What a transaction's two actions, inquiry and resend (Notif), share (spec §2): the outcome they
 * report, and the reload that follows either one whatever the answer (a paid inquiry changes the
 * row and creates a notification; a sent notification adds to its history).
 */
import { notificationResource, type TransactionKindDef } from '@tagih/contract';
import { listQueryKey } from './get-list.ts';
import { notificationQueryKey } from './get-notification.ts';
import { useReloadingMutation } from './reloading-mutation.ts';

export interface ActionOutcome {
  /** The server's words (shown under the toast title). */
  message: string;
}

export function useTransactionAction(
  kind: TransactionKindDef,
  send: (kind: TransactionKindDef, trctId: number) => Promise<ActionOutcome>,
) {
  return useReloadingMutation(
    (trctId: number) => send(kind, trctId),
    [
      listQueryKey(kind.resource.path),
      listQueryKey(notificationResource.path),
      notificationQueryKey(),
    ],
    'settled',
  );
}
