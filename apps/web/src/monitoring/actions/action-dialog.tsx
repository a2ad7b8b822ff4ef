import { MESSAGES, type TransactionAction, type TransactionKindDef } from '@tagih/contract';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { useInquireTransaction } from '../../api/inquire-transaction.ts';
import { useResendTransaction } from '../../api/resend-transaction.ts';
import type { ActionOutcome } from '../../api/transaction-action.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { notify } from '../../components/notify.tsx';
import { ACTION_TEXT } from './action-text.ts';

/** An action a button asked for, awaiting confirmation. */
export interface ActionTarget {
  action: TransactionAction;
  trctId: number;
  orderId: string;
  /** The transaction's kind, on a screen that shows both (Notifications); else the dialog's. */
  kind?: TransactionKindDef;
}

export interface ActionDialogProps {
  /** The kind of the screen's transactions (a target may name its own). */
  kind: TransactionKindDef;
  /** The action awaiting confirmation; null: closed. */
  target: ActionTarget | null;
  onClose: () => void;
}

/**
 * Confirms and sends an Inquiry or a Notif (spec §2, §8): Batal / Kirim, 'Mengirim..' while
 * the call runs, closes when the answer arrives, then a toast; the list reloads. Kirim clicked
 * twice sends once (ConfirmDialog): the toast is the first answer's.
 */
export function ActionDialog({ kind, target, onClose }: ActionDialogProps) {
  // Keep the last wording while the dialog fades out.
  const [shown, setShown] = useState(target);
  if (target && target !== shown) setShown(target);
  const kindOf = shown?.kind ?? kind;
  const mutations = {
    inquiry: useInquireTransaction(kindOf),
    resend: useResendTransaction(kindOf),
  };
  const action = shown?.action ?? 'inquiry';
  const mutation = mutations[action];
  const words = ACTION_TEXT[action];

  const confirm = async () => {
    if (!target) return;
    try {
      const outcome: ActionOutcome = await mutation.mutateAsync(target.trctId);
      notify.success(words.ok, outcome.message || undefined);
    } catch (error) {
      notify.error(words.failed, errorMessage(error, MESSAGES.unknownError));
    } finally {
      onClose();
    }
  };

  return (
    <ConfirmDialog
      open={target !== null}
      title={words.title}
      text={shown ? words.question(shown.orderId) : ''}
      cancelLabel="Batal"
      confirmLabel="Kirim"
      busyLabel="Mengirim.."
      busy={mutation.isPending}
      onCancel={onClose}
      onConfirm={confirm}
    />
  );
}

/** A screen's confirmation of its action buttons: `ask` opens it (a stable function); the screen places `dialog` once. */
export function useActionDialog(kind: TransactionKindDef) {
  const [target, setTarget] = useState<ActionTarget | null>(null);
  return {
    ask: setTarget,
    dialog: <ActionDialog kind={kind} target={target} onClose={() => setTarget(null)} />,
  };
}
