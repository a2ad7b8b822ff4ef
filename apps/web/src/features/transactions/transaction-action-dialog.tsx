import { MESSAGES, type TransactionKindDef } from '@tagih/contract';
import { useState } from 'react';
import { errorMessage } from '../../api/client.ts';
import { useInquireTransaction } from '../../api/inquire-transaction.ts';
import { useSendTransactionNotification } from '../../api/send-transaction-notification.ts';
import type { ActionOutcome } from '../../api/transaction-action.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { notify } from '../../components/notify.tsx';
import type { TransactionAction } from './transaction-columns.tsx';

const WORDING = {
  inquiry: {
    title: 'Inquiry Status',
    question: (orderId: string) => `Kirim inquiry untuk transaksi dengan order id ${orderId}?`,
    ok: MESSAGES.inquiryOk,
    failed: MESSAGES.inquiryFailed,
  },
  notify: {
    title: 'Kirim Notifikasi',
    question: (orderId: string) => `Kirim notifikasi untuk transaksi dengan order id ${orderId}?`,
    ok: MESSAGES.notifyOk,
    failed: MESSAGES.notifyFailed,
  },
} as const;

export interface TransactionActionDialogProps {
  kind: TransactionKindDef;
  /** The row action awaiting confirmation; null: closed. */
  action: TransactionAction | null;
  onClose: () => void;
}

/**
 * Confirms and sends an Inquiry or a Notif (spec §2, §8): Batal / Kirim, 'Mengirim..' while
 * the call runs, closes when the answer arrives, then a toast; the list reloads.
 */
export function TransactionActionDialog({ kind, action, onClose }: TransactionActionDialogProps) {
  const inquiry = useInquireTransaction(kind);
  const notification = useSendTransactionNotification(kind);
  // Keep the last wording while the dialog fades out.
  const [shown, setShown] = useState(action);
  if (action && action !== shown) setShown(action);
  const type = shown?.type ?? 'inquiry';
  const mutation = type === 'notify' ? notification : inquiry;
  const words = WORDING[type];

  const confirm = () => {
    if (!action) return;
    mutation.mutate(action.trctId, {
      onSuccess: (outcome: ActionOutcome) => notify.success(words.ok, outcome.message || undefined),
      onError: (error) => notify.error(words.failed, errorMessage(error, MESSAGES.unknownError)),
      onSettled: onClose,
    });
  };

  return (
    <ConfirmDialog
      open={action !== null}
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
