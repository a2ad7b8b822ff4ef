import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MESSAGES, addDays } from '@tagih/contract';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/client.ts';
import { useBankAccounts, usePullStatement } from '../../api/recon.ts';
import { businessToday } from '../../hooks/list-url.ts';
import { useSingleFlight } from '../../hooks/use-single-flight.ts';
import { ImportResult } from './import-dialog.tsx';

export interface PullDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * "Tarik dari bank": asks the account's bank for its statement of one day over SNAP
 * bank-statement (POST /recon/pull) and imports it as a file would be; the same day again adds
 * nothing. Shows the result, or why the bank or the server refused. Mount it anew for each opening.
 */
export function PullDialog({ open, onClose }: PullDialogProps) {
  const accounts = useBankAccounts(open);
  const puller = usePullStatement();
  const pulling = useSingleFlight();
  const today = businessToday();
  const [baccId, setBaccId] = useState('');
  const [day, setDay] = useState(addDays(today, -1));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!baccId || !day) return;
    // One pull per click, however often Tarik is clicked while it runs.
    pulling.run(() =>
      puller.mutateAsync({ baccId: Number(baccId), day }).catch(() => {
        // The refusal shows in the dialog (puller.error).
      }),
    );
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="recon-pull-title"
      fullWidth
      maxWidth="sm"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="recon-pull-title">Tarik mutasi dari bank</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              select
              required
              size="small"
              label="Rekening bank"
              value={baccId}
              onChange={(event) => {
                setBaccId(event.target.value);
                puller.reset();
              }}
            >
              {(accounts.data ?? []).map((account) => (
                <MenuItem key={account.baccId} value={String(account.baccId)}>
                  {account.baccBank} {account.baccAccountNo} — {account.baccName}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              type="date"
              required
              size="small"
              label="Tanggal mutasi"
              value={day}
              onChange={(event) => {
                setDay(event.target.value);
                puller.reset();
              }}
              helperText="Hari kerja bank (WIB); sampai hari ini."
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
            />
            {puller.isPending && <LinearProgress aria-label="Menarik mutasi" />}
            {puller.isError && (
              <Alert severity="error" aria-label="Penarikan gagal">
                {errorMessage(puller.error, MESSAGES.unknownError)}
              </Alert>
            )}
            {puller.data && (
              <ImportResult
                result={puller.data.result}
                sameAgain="Bank mengirim mutasi yang sama seperti sebelumnya; tidak ada yang ditambahkan."
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit">
            {puller.data ? 'Tutup' : 'Batal'}
          </Button>
          <Button type="submit" variant="contained" disabled={!baccId || !day || pulling.running}>
            Tarik
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
