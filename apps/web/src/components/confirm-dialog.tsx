import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { DIALOG_WIDTH } from '@tagih/contract';
import { useGuardedConfirm } from './use-guarded-confirm.ts';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  onCancel: () => void;
  /**
   * The confirmed action; called once per confirmation: a second click (a double click) while it
   * runs does nothing. Return its promise: the buttons stay disabled, confirm showing
   * `busyLabel`, until it settles. Returning nothing works too, with `busy` (below) set while it
   * runs or the dialog closed when it is done: confirm stays disabled until then.
   */
  onConfirm: () => void | Promise<unknown>;
  /** True while the confirmed action runs: buttons disabled, confirm shows `busyLabel`. */
  busy?: boolean;
  cancelLabel?: string;
  confirmLabel?: string;
  busyLabel?: string;
  confirmColor?: 'primary' | 'error' | 'secondary' | 'success' | 'warning' | 'info';
  width?: number;
}

/** A yes/no question (spec §2: deletion, inquiry, notification). Width 480. Safe to confirm twice. */
export function ConfirmDialog({
  open,
  title,
  text,
  onCancel,
  onConfirm,
  busy = false,
  cancelLabel = 'Cancel',
  confirmLabel = 'Continue',
  busyLabel = 'Loading..',
  confirmColor = 'primary',
  width = DIALOG_WIDTH.confirm,
}: ConfirmDialogProps) {
  const guard = useGuardedConfirm(onConfirm, busy, open);
  return (
    <Dialog
      open={open}
      onClose={guard.cancelBlocked ? undefined : onCancel}
      aria-labelledby="confirm-dialog-title"
      slotProps={{ paper: { sx: { width, maxWidth: '100%' } } }}
    >
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={guard.cancelBlocked} color="inherit">
          {cancelLabel}
        </Button>
        <Button
          onClick={guard.confirm}
          disabled={guard.confirmBlocked}
          variant="contained"
          color={confirmColor}
        >
          {guard.confirmBlocked ? busyLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The deletion question every master screen asks (spec §2). */
export function DeleteConfirmDialog(
  props: Pick<ConfirmDialogProps, 'open' | 'onCancel' | 'onConfirm' | 'busy'>,
) {
  return (
    <ConfirmDialog
      {...props}
      title="Data Deletion"
      text="Are you sure you want to delete this data?"
      busyLabel="Deleting.."
      confirmColor="error"
    />
  );
}
