import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { DIALOG_WIDTH } from '@tagih/contract';
import type { FormEvent, ReactNode } from 'react';

export interface FilterDialogProps {
  open: boolean;
  onClose: () => void;
  onApply: () => void;
  onClear: () => void;
  /** True when no filter value is set: CLEAR FILTER is disabled. */
  isEmpty: boolean;
  children: ReactNode;
}

/** The 'Filter Data' dialog shell (spec §2), width 480; the screen supplies the inputs. */
export function FilterDialog({
  open,
  onClose,
  onApply,
  onClear,
  isEmpty,
  children,
}: FilterDialogProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply();
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="filter-dialog-title"
      slotProps={{ paper: { sx: { width: DIALOG_WIDTH.filter, maxWidth: '100%' } } }}
    >
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle id="filter-dialog-title">Filter Data</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {children}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2, justifyContent: 'space-between' }}>
          <Button onClick={onClear} disabled={isEmpty} color="error">
            CLEAR FILTER
          </Button>
          <Stack direction="row" spacing={1}>
            <Button onClick={onClose} color="inherit">
              Close
            </Button>
            <Button type="submit" variant="contained">
              Apply Filter
            </Button>
          </Stack>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
