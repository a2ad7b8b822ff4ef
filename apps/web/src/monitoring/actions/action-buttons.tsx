/**
 * The Inquiry and the Notif (resend) button: one component each, wherever it stands — a row of a
 * transaction list, the detail page, the bulk bar over picked rows, a row of Notifications
 * ("Kirim ulang") — with one rule for when it can be pressed (actionEnabled).
 */
import Button from '@mui/material/Button';
import { actionAllowed, bulkActionAllowed, type TransactionAction } from '@tagih/contract';
import type { ComponentType } from 'react';
import { ACTION_TEXT } from './action-text.ts';

/** What the button acts on: one transaction (its status), the rows picked on the bulk bar, or a Notifications row. */
export type ActionSubject =
  | { place: 'row' | 'detail'; status: string | null | undefined }
  /** `picked`: rows are picked and not too many; the server's preview then judges each one's status. */
  | { place: 'bulk'; picked: boolean }
  /** A row of Notifications: its transaction is paid (a notification is made when it is paid). */
  | { place: 'notification' };

export type ActionButtonProps = ActionSubject & {
  /** The user may act: the read permission of the transaction screen (spec §6). */
  permitted: boolean;
  onClick: () => void;
};

/** When an action's button can be pressed: the user may act, and the transaction's status allows it (or, on the bulk bar, there are rows to act on). */
export function actionEnabled(
  action: TransactionAction,
  props: Pick<ActionButtonProps, 'permitted'> & ActionSubject,
): boolean {
  if (!props.permitted) return false;
  if (props.place === 'notification') return bulkActionAllowed(action, 'notification');
  return props.place === 'bulk' ? props.picked : actionAllowed(action, props.status);
}

const LABEL_OF_PLACE = {
  row: 'button',
  detail: 'button',
  bulk: 'bulkButton',
  notification: 'notificationButton',
} as const;

function ActionButton({ action, ...props }: ActionButtonProps & { action: TransactionAction }) {
  const text = ACTION_TEXT[action];
  const onBulkBar = props.place === 'bulk';
  return (
    <Button
      size={props.place === 'detail' ? 'medium' : 'small'}
      variant={onBulkBar ? 'contained' : 'outlined'}
      color={action === 'inquiry' && !onBulkBar ? 'info' : 'primary'}
      disabled={!actionEnabled(action, props)}
      onClick={props.onClick}
    >
      {text[LABEL_OF_PLACE[props.place]]}
    </Button>
  );
}

export const InquiryButton = (props: ActionButtonProps) => (
  <ActionButton action="inquiry" {...props} />
);
export const ResendButton = (props: ActionButtonProps) => (
  <ActionButton action="resend" {...props} />
);

/** Each action's button, for a place that offers several (the bulk bar). */
export const ACTION_BUTTONS: Readonly<Record<TransactionAction, ComponentType<ActionButtonProps>>> =
  { inquiry: InquiryButton, resend: ResendButton };
