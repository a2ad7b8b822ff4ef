/** The words of a transaction's two actions on the screens (spec §2, §8). */
import { BULK_ACTION_LABEL, MESSAGES, type TransactionAction } from '@tagih/contract';

interface ActionText {
  /** The button on a list row and on the detail page. */
  button: string;
  /** The button on the bulk bar. */
  bulkButton: string;
  /** The button on a row of Notifications (resend only: Inquiry is for transaction screens). */
  notificationButton: string;
  /** The confirmation dialog: its title and question, then the toast's title. */
  title: string;
  question: (orderId: string) => string;
  ok: string;
  failed: string;
}

export const ACTION_TEXT: Readonly<Record<TransactionAction, ActionText>> = {
  inquiry: {
    button: 'Inquiry',
    bulkButton: BULK_ACTION_LABEL.inquiry,
    notificationButton: 'Inquiry',
    title: 'Inquiry Status',
    question: (orderId) => `Kirim inquiry untuk transaksi dengan order id ${orderId}?`,
    ok: MESSAGES.inquiryOk,
    failed: MESSAGES.inquiryFailed,
  },
  resend: {
    button: 'Notif',
    bulkButton: BULK_ACTION_LABEL.resend,
    notificationButton: 'Kirim ulang',
    title: 'Kirim Notifikasi',
    question: (orderId) => `Kirim notifikasi untuk transaksi dengan order id ${orderId}?`,
    ok: MESSAGES.resendOk,
    failed: MESSAGES.resendFailed,
  },
};
