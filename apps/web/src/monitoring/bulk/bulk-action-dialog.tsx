import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  BULK_REASON_MAX,
  BULK_REASON_MIN,
  BULK_TEXT,
  MESSAGES,
  type BulkSelection,
  type BulkSource,
  type TransactionAction,
} from '@tagih/contract';
import { useEffect, useState, type FormEvent } from 'react';
import {
  useBulkJob,
  useCancelBulkJob,
  usePreviewBulk,
  useStartBulk,
} from '../../api/bulk-actions.ts';
import { errorMessage } from '../../api/client.ts';
import { useSingleFlight } from '../../hooks/use-single-flight.ts';
import { BulkPreviewPanel } from './bulk-preview-panel.tsx';
import { BulkProgressPanel } from './bulk-progress-panel.tsx';
import { newIdempotencyKey } from './idempotency-key.ts';

/** A bulk action about to be previewed: what, from which screen, on which rows. */
export interface BulkRequestTarget {
  action: TransactionAction;
  source: BulkSource;
  selection: BulkSelection;
}

export interface BulkActionDialogProps {
  /** Preview and confirm this; or null with `jobId` to follow a job already running. */
  target: BulkRequestTarget | null;
  jobId?: number | null;
  /** The lists to reload when the job ends (the screen's own path). */
  reloadPaths: readonly string[];
  /** The job was started (the screen clears its selection). */
  onStarted?: () => void;
  onClose: () => void;
}

function reasonError(reason: string): string | null {
  const trimmed = reason.trim();
  if (!trimmed) return BULK_TEXT.reasonRequired;
  if (trimmed.length < BULK_REASON_MIN) return BULK_TEXT.reasonTooShort;
  return null;
}

/**
 * Bulk inquiry / resend: the preview (how many, why not the others, where they go,
 * how long), a required reason, then the job's progress and each item's outcome, polled until
 * it ends. Mount it anew for each opening: one idempotency key per confirmation, so a double
 * click or a retry gets the same job, never a second one.
 */
export function BulkActionDialog({
  target,
  jobId: followed = null,
  reloadPaths,
  onStarted,
  onClose,
}: BulkActionDialogProps) {
  const preview = usePreviewBulk();
  const start = useStartBulk();
  const cancel = useCancelBulkJob();
  const starting = useSingleFlight();
  const cancelling = useSingleFlight();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [jobId, setJobId] = useState<number | null>(followed);
  const job = useBulkJob(jobId, reloadPaths);

  const previewMutate = preview.mutate;
  useEffect(() => {
    if (target && jobId === null) previewMutate(target);
  }, [target, jobId, previewMutate]);

  const action = target?.action ?? job.data?.action ?? 'resend';
  const problem = reasonError(reason);
  const eligible = preview.data?.eligible ?? 0;
  const canRun = target !== null && preview.isSuccess && eligible > 0 && problem === null;

  // One start per confirmation, however often Jalankan is clicked while it runs (the server
  // would answer a second one with the same job too: the idempotency key).
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!target || !canRun) return;
    starting.run(async () => {
      try {
        const started = await start.mutateAsync({
          ...target,
          reason: reason.trim(),
          idempotencyKey,
        });
        setJobId(started.jobId);
        onStarted?.();
      } catch {
        // The refusal shows in the dialog (start.error).
      }
    });
  };

  const running = job.data?.status === 'running';
  return (
    <Dialog open onClose={onClose} aria-labelledby="bulk-dialog-title" fullWidth maxWidth="md">
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle id="bulk-dialog-title">{BULK_TEXT.action[action]} massal</DialogTitle>
        <DialogContent>
          {jobId === null ? (
            <Stack spacing={2} sx={{ pt: 1 }}>
              {preview.isPending && <CircularProgress size={24} aria-label="Menghitung" />}
              {preview.isError && (
                <Alert severity="error">{errorMessage(preview.error, MESSAGES.unknownError)}</Alert>
              )}
              {preview.data && <BulkPreviewPanel preview={preview.data} />}
              {preview.data && eligible === 0 && (
                <Alert severity="info">{BULK_TEXT.nothingEligible}</Alert>
              )}
              <TextField
                label="Alasan"
                required
                multiline
                minRows={2}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                onBlur={() => setTouched(true)}
                error={touched && problem !== null}
                helperText={
                  touched && problem !== null
                    ? problem
                    : 'Dicatat di audit trail bersama setiap baris.'
                }
                slotProps={{ htmlInput: { maxLength: BULK_REASON_MAX } }}
              />
              {start.isError && (
                <Alert severity="error">{errorMessage(start.error, MESSAGES.unknownError)}</Alert>
              )}
            </Stack>
          ) : (
            <Box sx={{ pt: 1 }}>
              {job.data ? (
                <BulkProgressPanel job={job.data} />
              ) : (
                <CircularProgress size={24} aria-label="Memuat" />
              )}
              {job.isError && (
                <Alert severity="error">{errorMessage(job.error, MESSAGES.unknownError)}</Alert>
              )}
              {cancel.isError && (
                <Alert severity="error">{errorMessage(cancel.error, MESSAGES.unknownError)}</Alert>
              )}
            </Box>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {jobId === null ? (
            <>
              <Button onClick={onClose} color="inherit">
                Batal
              </Button>
              <Button
                type="submit"
                variant="contained"
                disabled={!preview.isSuccess || eligible === 0 || starting.running}
              >
                Jalankan ({eligible.toLocaleString('id-ID')})
              </Button>
            </>
          ) : running ? (
            <>
              {/* Where Jalankan was, a disabled button: the second click of a double click lands on nothing. */}
              <Button
                color="error"
                onClick={() =>
                  jobId !== null &&
                  cancelling.run(() => cancel.mutateAsync(jobId).catch(() => undefined))
                }
                disabled={cancelling.running}
              >
                Hentikan
              </Button>
              <Button onClick={onClose} color="inherit">
                Sembunyikan
              </Button>
              <Button variant="contained" disabled>
                Berjalan…
              </Button>
            </>
          ) : (
            <Button onClick={onClose} variant="contained" disabled={!job.data && !job.isError}>
              Tutup
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}
