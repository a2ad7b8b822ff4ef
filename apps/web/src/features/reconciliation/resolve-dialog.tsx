import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  MESSAGES,
  RECON_ACTION_LABEL,
  RECON_REASON_MAX,
  type BreakDetail,
  type ResolveAction,
} from '@tagih/contract';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/client.ts';
import { useResolveBreak } from '../../api/recon.ts';
import { notify } from '../../components/notify.tsx';
import { reasonProblem } from './reason.ts';

const ID = /^[1-9]\d{0,18}$/;

/** What a link names: a transaction for a bank line's break, a bank line for a missing-at-bank one. */
const linksLine = (row: BreakDetail) => row.lineId === null;

export interface ResolveDialogProps {
  row: BreakDetail;
  action: ResolveAction;
  onClose: () => void;
}

/** One resolution of one break: a required reason (and for a link, what to link to), then the server's answer. */
export function ResolveDialog({ row, action, onClose }: ResolveDialogProps) {
  const resolve = useResolveBreak(row.rbrkId);
  const [reason, setReason] = useState('');
  const [target, setTarget] = useState(
    action === 'link' && !linksLine(row) && row.candidateTrctId !== null
      ? String(row.candidateTrctId)
      : '',
  );
  const [touched, setTouched] = useState(false);
  const problem = reasonProblem(reason);
  const targetProblem =
    action === 'link' && !ID.test(target.trim())
      ? linksLine(row)
        ? 'Isi ID baris mutasi.'
        : 'Isi ID transaksi (trctId).'
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || targetProblem || resolve.isPending) return;
    const link =
      action === 'link'
        ? linksLine(row)
          ? { lineId: Number(target.trim()) }
          : { trctId: Number(target.trim()) }
        : {};
    resolve.mutate(
      { action, reason: reason.trim(), ...link },
      {
        onSuccess: (answer) => {
          notify.success(RECON_ACTION_LABEL[action], answer.message);
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby="recon-resolve-title" fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="recon-resolve-title">
          {RECON_ACTION_LABEL[action]} — selisih #{row.rbrkId}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {action === 'link' && (
              <TextField
                label={linksLine(row) ? 'ID baris mutasi' : 'ID transaksi (trctId)'}
                required
                size="small"
                value={target}
                onChange={(event) => setTarget(event.target.value)}
                error={touched && targetProblem !== null}
                helperText={
                  touched && targetProblem
                    ? targetProblem
                    : !linksLine(row) && row.candidateOrderId
                      ? `Kandidat terdekat: ${row.candidateOrderId} (ID ${row.candidateTrctId})`
                      : undefined
                }
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              />
            )}
            <TextField
              label="Alasan"
              required
              multiline
              minRows={2}
              autoFocus
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              onBlur={() => setTouched(true)}
              error={touched && problem !== null}
              helperText={
                touched && problem !== null
                  ? problem
                  : 'Dicatat di riwayat selisih dan di audit trail.'
              }
              slotProps={{ htmlInput: { maxLength: RECON_REASON_MAX } }}
            />
            {resolve.isError && (
              <Alert severity="error">{errorMessage(resolve.error, MESSAGES.unknownError)}</Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit">
            Batal
          </Button>
          <Button type="submit" variant="contained" disabled={resolve.isPending}>
            {RECON_ACTION_LABEL[action]}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
