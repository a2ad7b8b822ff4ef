/**
 * The two actions on one transaction that reach outside Tagih (spec §2, §7): `inquiry` asks the
 * transaction's bank for its payment status; `resend` (the Notif button) sends the transaction's
 * payment notification to the merchant now. Each keeps this one name from the wire through the
 * server, the bulk jobs and the throttles to the web components.
 *
 * Why `resend` rather than "notif" or "notify": it is the name already stored, in every bulk job
 * ('resend') and every audit event of the action (AUDIT_ACTIONS.notificationResent,
 * 'notification.resent'). Naming the code after the stored data keeps old jobs and old events
 * reading as they did, with no migration and no second name in the audit trail. The paths stay
 * as the spec writes them (inquiry_status, send_notification).
 */
import { AUDIT_ACTIONS } from '../audit-actions.ts';
import { TRX_STATUS, type TransactionStatus } from './status.ts';

export const TRANSACTION_ACTIONS = ['inquiry', 'resend'] as const;
export type TransactionAction = (typeof TRANSACTION_ACTIONS)[number];

/** The one status each action is for: Inquiry asks about an unpaid transaction, resend notifies a paid one. */
export const ACTION_STATUS: Readonly<Record<TransactionAction, TransactionStatus>> = {
  inquiry: TRX_STATUS.UNPAID,
  resend: TRX_STATUS.PAID,
};

/** Whether a transaction in `status` allows `action` (the server refuses it otherwise; the web disables its button). */
export const actionAllowed = (
  action: TransactionAction,
  status: string | null | undefined,
): boolean => status === ACTION_STATUS[action];

/**
 * Each action's words on the bulk bar and in the bulk dialog's title (BULK_TEXT.action). Kept in
 * this plain module so that a screen with the single buttons loads no bulk schemas, nor zod.
 */
export const BULK_ACTION_LABEL: Readonly<Record<TransactionAction, string>> = {
  inquiry: 'Inquiry',
  resend: 'Kirim ulang notifikasi',
};

/** The audit event each action leaves, one per try (its details say how it went). */
export const ACTION_AUDIT = {
  inquiry: AUDIT_ACTIONS.transactionInquired,
  resend: AUDIT_ACTIONS.notificationResent,
} as const satisfies Record<TransactionAction, string>;
