import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DIALOG_WIDTH } from '@tagih/contract';
import { useRef, type FormEvent, type ReactNode } from 'react';
import { useGuardedConfirm } from './use-guarded-confirm.ts';

export type FormMode = 'create' | 'edit';

export interface FormDialogProps {
  open: boolean;
  mode: FormMode;
  /** Entity name for the subtitle: 'Menambahkan data {entity} baru.' / 'Mengedit data {entity}.' */
  entity: string;
  onClose: () => void;
  /**
   * Called on Save and on Enter; not called while `canSave` is false, nor again while the save
   * runs (a double click, Enter then a click). Return the save's promise: Save and Cancel stay
   * disabled until it settles. Returning nothing works too, with `saving` set while it runs.
   */
  onSubmit: () => void | Promise<unknown>;
  /** False while the form is invalid (or unchanged): Save is disabled. */
  canSave: boolean;
  saving?: boolean;
  /** 500 for screen forms, 600 for the generic master form builder (spec §2). */
  width?: number;
  children: ReactNode;
}

export const formDialogTitle = (mode: FormMode) =>
  mode === 'create' ? 'Tambah Data Baru' : 'Edit Data';
export const formDialogSubtitle = (mode: FormMode, entity: string) =>
  mode === 'create' ? `Menambahkan data ${entity} baru.` : `Mengedit data ${entity}.`;

/** What can take the first focus: an editable input or a select (MUI's hidden select input excluded). */
const EDITABLE =
  'input:not([disabled]):not([readonly]):not([type="hidden"]):not([tabindex="-1"]), textarea:not([disabled]):not([readonly]), [role="combobox"]:not([aria-disabled="true"])';

/** Puts the focus on the first editable field of `root` (a read-only User ID is skipped). */
export function focusFirstField(root: HTMLElement | null): void {
  root?.querySelector<HTMLElement>(EDITABLE)?.focus();
}

/** The add/edit dialog shell: title, subtitle, the inputs, Cancel and Save; the first field takes the focus. */
export function FormDialog({
  open,
  mode,
  entity,
  onClose,
  onSubmit,
  canSave,
  saving = false,
  width = DIALOG_WIDTH.form,
  children,
}: FormDialogProps) {
  const fields = useRef<HTMLDivElement>(null);
  const guard = useGuardedConfirm(onSubmit, saving, open);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSave) guard.confirm();
  };
  return (
    <Dialog
      open={open}
      onClose={guard.cancelBlocked ? undefined : onClose}
      aria-labelledby="form-dialog-title"
      slotProps={{
        paper: { sx: { width, maxWidth: '100%' } },
        transition: { onEntering: () => focusFirstField(fields.current) },
      }}
    >
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle id="form-dialog-title" sx={{ pb: 0 }}>
          {formDialogTitle(mode)}
          <Typography variant="body2" color="text.secondary">
            {formDialogSubtitle(mode, entity)}
          </Typography>
        </DialogTitle>
        <DialogContent>
          <Stack ref={fields} spacing={2} sx={{ pt: 2 }}>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={guard.cancelBlocked} color="inherit">
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!canSave || guard.confirmBlocked}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
