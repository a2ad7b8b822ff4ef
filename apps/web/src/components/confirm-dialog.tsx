import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { DIALOG_WIDTH } from '@tagih/contract';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  onCancel: () => void;
  onConfirm: () => void;
  /** True while the confirmed action runs: buttons disabled, confirm shows `busyLabel`. */
  busy?: boolean;
  cancelLabel?: string;
  confirmLabel?: string;
  busyLabel?: string;
  confirmColor?: 'primary' | 'error' | 'secondary' | 'success' | 'warning' | 'info';
  width?: number;
}

/** A yes/no question (spec §2: deletion, inquiry, notification). Width 480. */
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
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby="confirm-dialog-title"
      slotProps={{ paper: { sx: { width, maxWidth: '100%' } } }}
    >
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} color="inherit">
          {cancelLabel}
        </Button>
        <Button onClick={onConfirm} disabled={busy} variant="contained" color={confirmColor}>
          {busy ? busyLabel : confirmLabel}
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
