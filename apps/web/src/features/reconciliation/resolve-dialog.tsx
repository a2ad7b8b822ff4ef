import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  MESSAGES,
  RECON_ACTION_LABEL,
  RECON_ORDER_ID_MAX,
  type BreakDetail,
  type ResolveAction,
  type ResolveBody,
} from '@tagih/contract';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/client.ts';
import { useResolveBreak } from '../../api/recon.ts';
import { notify } from '../../components/notify.tsx';
import { useSingleFlight } from '../../hooks/use-single-flight.ts';
import { reasonProblem } from './reason.ts';
import { ReasonField } from './reason-field.tsx';

const ID = /^[1-9]\d{0,18}$/;

/** What a link names: a transaction for a bank line's break (by order id or id), a bank line for a missing-at-bank one. */
type LinkBy = 'orderId' | 'trctId' | 'lineId';
const LINK_LABEL: Record<LinkBy, string> = {
  orderId: 'Order ID',
  trctId: 'ID transaksi',
  lineId: 'ID baris mutasi',
};

function linkTarget(
  by: LinkBy,
  text: string,
): { body: Partial<ResolveBody>; problem: string | null } {
  const value = text.trim();
  if (by === 'orderId')
    return value
      ? { body: { orderId: value }, problem: null }
      : { body: {}, problem: 'Isi Order ID transaksi.' };
  if (!ID.test(value)) return { body: {}, problem: `Isi ${LINK_LABEL[by]} (angka).` };
  return {
    body: by === 'trctId' ? { trctId: Number(value) } : { lineId: Number(value) },
    problem: null,
  };
}

export interface ResolveDialogProps {
  row: BreakDetail;
  action: ResolveAction;
  onClose: () => void;
}

/**
 * One resolution of one break: a required reason (and for a link, what to link to), then the
 * server's answer. Sent once however often the button is clicked while it runs: the dialog closes
 * with the first answer's toast, or shows its refusal.
 */
export function ResolveDialog({ row, action, onClose }: ResolveDialogProps) {
  const resolve = useResolveBreak(row.rbrkId);
  const sending = useSingleFlight();
  const linksLine = row.lineId === null;
  const [reason, setReason] = useState('');
  const [by, setBy] = useState<LinkBy>(linksLine ? 'lineId' : 'orderId');
  // A bank line's link starts from the nearest candidate.
  const [target, setTarget] = useState(!linksLine ? (row.candidateOrderId ?? '') : '');
  const [touched, setTouched] = useState(false);
  const problem = reasonProblem(reason);
  const link = action === 'link' ? linkTarget(by, target) : { body: {}, problem: null };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || link.problem) return;
    sending.run(async () => {
      try {
        const answer = await resolve.mutateAsync({ action, reason: reason.trim(), ...link.body });
        notify.success(RECON_ACTION_LABEL[action], answer.message);
        onClose();
      } catch {
        // The refusal shows in the dialog (resolve.error).
      }
    });
  };

  return (
    <Dialog
      open
      onClose={sending.running ? undefined : onClose}
      aria-labelledby="recon-resolve-title"
      fullWidth
      maxWidth="sm"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="recon-resolve-title">
          {RECON_ACTION_LABEL[action]} — selisih #{row.rbrkId}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {action === 'link' && !linksLine && (
              <TextField
                select
                size="small"
                label="Tautkan dengan"
                value={by}
                onChange={(event) => {
                  const next = event.target.value as LinkBy;
                  setBy(next);
                  setTarget(
                    next === 'trctId'
                      ? row.candidateTrctId === null
                        ? ''
                        : String(row.candidateTrctId)
                      : (row.candidateOrderId ?? ''),
                  );
                }}
              >
                <MenuItem value="orderId">{LINK_LABEL.orderId}</MenuItem>
                <MenuItem value="trctId">{LINK_LABEL.trctId}</MenuItem>
              </TextField>
            )}
            {action === 'link' && (
              <TextField
                label={LINK_LABEL[by]}
                required
                size="small"
                value={target}
                onChange={(event) => setTarget(event.target.value)}
                error={touched && link.problem !== null}
                helperText={
                  touched && link.problem
                    ? link.problem
                    : !linksLine && row.candidateOrderId
                      ? `Kandidat terdekat: ${row.candidateOrderId} (ID ${row.candidateTrctId})`
                      : undefined
                }
                slotProps={{
                  htmlInput: {
                    maxLength: RECON_ORDER_ID_MAX,
                    inputMode: by === 'orderId' ? 'text' : 'numeric',
                  },
                }}
              />
            )}
            <ReasonField
              value={reason}
              onChange={setReason}
              touched={touched}
              onTouched={() => setTouched(true)}
              hint="Dicatat di riwayat selisih dan di audit trail."
              autoFocus
            />
            {resolve.isError && (
              <Alert severity="error">{errorMessage(resolve.error, MESSAGES.unknownError)}</Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit" disabled={sending.running}>
            Batal
          </Button>
          <Button type="submit" variant="contained" disabled={sending.running}>
            {RECON_ACTION_LABEL[action]}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
