import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { PREFERENCE_LIMITS } from '@tagih/contract';
import { useState } from 'react';
import { useSingleFlight } from '../hooks/use-single-flight.ts';

export interface SaveViewDialogProps {
  open: boolean;
  saving: boolean;
  /** Called once per Simpan, however often it is clicked while the save runs: return its promise. */
  onSave: (name: string) => void | Promise<unknown>;
  onClose: () => void;
}

/** 'Simpan Tampilan': a name for the current list and columns (the same name replaces a view). */
export function SaveViewDialog({ open, saving, onSave, onClose }: SaveViewDialogProps) {
  const [name, setName] = useState('');
  const sending = useSingleFlight();
  const trimmed = name.trim();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="save-view-title">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (trimmed) sending.run(() => onSave(trimmed));
        }}
      >
        <DialogTitle id="save-view-title">Simpan Tampilan</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            size="small"
            label="Nama tampilan"
            value={name}
            onChange={(event) => setName(event.target.value)}
            slotProps={{ htmlInput: { maxLength: PREFERENCE_LIMITS.viewNameMax } }}
            helperText="Nama yang sama menggantikan tampilan lama."
            sx={{ mt: 1 }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Batal</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={saving || sending.running || !trimmed}
          >
            Simpan
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
