import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSingleFlight } from '../hooks/use-single-flight.ts';

export interface ChoosableColumn {
  field: string;
  label: string;
}

export interface ColumnChooserDialogProps {
  open: boolean;
  /** Every choosable column, in the spec's order. */
  columns: readonly ChoosableColumn[];
  /** The user's choice, or null (every column, spec order). Mount anew per opening. */
  chosen: readonly string[] | null;
  saving: boolean;
  /**
   * A list (shown, in order) or null: back to the default layout. Called once per click, however
   * often Simpan or Default is clicked while the save runs: return its promise.
   */
  onSave: (columns: string[] | null) => void | Promise<unknown>;
  onClose: () => void;
}

interface Entry extends ChoosableColumn {
  shown: boolean;
}

function entriesOf(columns: readonly ChoosableColumn[], chosen: readonly string[] | null): Entry[] {
  if (!chosen) return columns.map((c) => ({ ...c, shown: true }));
  const byField = new Map(columns.map((c) => [c.field, c]));
  const first = chosen
    .filter((f) => byField.has(f))
    .map((f) => ({ ...byField.get(f)!, shown: true }));
  const rest = columns
    .filter((c) => !chosen.includes(c.field))
    .map((c) => ({ ...c, shown: false }));
  return [...first, ...rest];
}

/** 'Atur Kolom': show or hide each column and move it up or down; kept for the user on the server. */
export function ColumnChooserDialog({
  open,
  columns,
  chosen,
  saving,
  onSave,
  onClose,
}: ColumnChooserDialogProps) {
  const [entries, setEntries] = useState(() => entriesOf(columns, chosen));
  const sending = useSingleFlight();
  const busy = saving || sending.running;
  const move = (index: number, by: -1 | 1) =>
    setEntries((list) => {
      const next = [...list];
      [next[index], next[index + by]] = [next[index + by]!, next[index]!];
      return next;
    });
  const shown = entries.filter((e) => e.shown).map((e) => e.field);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="column-chooser-title"
    >
      <DialogTitle id="column-chooser-title">Atur Kolom</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Kolom yang tidak muat di layar disembunyikan dari bawah daftar. Kolom Actions selalu
          tampil.
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {entries.map((entry, index) => (
            <Box component="li" key={entry.field} sx={{ display: 'flex', alignItems: 'center' }}>
              <FormControlLabel
                sx={{ flex: 1 }}
                control={
                  <Checkbox
                    checked={entry.shown}
                    onChange={(event) =>
                      setEntries((list) =>
                        list.map((e) =>
                          e.field === entry.field ? { ...e, shown: event.target.checked } : e,
                        ),
                      )
                    }
                  />
                }
                label={entry.label}
              />
              <IconButton
                size="small"
                aria-label={`Naikkan ${entry.label}`}
                disabled={index === 0}
                onClick={() => move(index, -1)}
              >
                <ArrowUpwardIcon fontSize="small" />
              </IconButton>
              <IconButton
                size="small"
                aria-label={`Turunkan ${entry.label}`}
                disabled={index === entries.length - 1}
                onClick={() => move(index, 1)}
              >
                <ArrowDownwardIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => sending.run(() => onSave(null))} disabled={busy}>
          Default
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button onClick={onClose}>Batal</Button>
        <Button
          variant="contained"
          onClick={() => sending.run(() => onSave(shown))}
          disabled={busy || shown.length === 0}
        >
          Simpan
        </Button>
      </DialogActions>
    </Dialog>
  );
}
