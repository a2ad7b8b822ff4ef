import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  API_PATHS,
  MESSAGES,
  RECON_ACTION_LABEL,
  RECON_BULK_MAX_IDS,
  RECON_SKIP_LABEL,
  breakCategoryLabel,
  type BulkResolveBody,
  type BulkResolveResult,
} from '@tagih/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { useBulkJob } from '../../api/bulk-actions.ts';
import { errorMessage } from '../../api/client.ts';
import { useBulkResolve } from '../../api/recon.ts';
import { useSingleFlight } from '../../hooks/use-single-flight.ts';
import { BulkProgressPanel } from '../../monitoring/bulk/bulk-progress-panel.tsx';
import { reasonProblem } from './reason.ts';
import { ReasonField } from './reason-field.tsx';

export type BulkResolveAction = BulkResolveBody['action'];
export const BULK_RESOLVE_ACTIONS: readonly BulkResolveAction[] = [
  'accept',
  'inquiry',
  'notify',
  'reopen',
];
type Selection = BulkResolveBody['selection'];

/** The preview's reason: the server checks the body as for the real thing, and records nothing for a dry run. */
const PREVIEW_REASON = 'Pratinjau aksi massal';

function Outcome({ result }: { result: BulkResolveResult }) {
  const skipped = result.skipped.filter((s) => s.count > 0);
  const categories = Object.entries(result.byCategory).filter(([, n]) => n > 0);
  return (
    <Stack spacing={1}>
      <Typography>
        {result.dryRun ? 'Akan diproses' : 'Diproses'}:{' '}
        <strong>{result.applied.toLocaleString('id-ID')}</strong> dari{' '}
        {result.selected.toLocaleString('id-ID')} selisih yang dipilih.
      </Typography>
      {categories.length > 0 && (
        <Typography variant="body2" color="text.secondary">
          {categories
            .map(([category, n]) => `${breakCategoryLabel(category)}: ${n.toLocaleString('id-ID')}`)
            .join(' · ')}
        </Typography>
      )}
      {skipped.length > 0 && (
        <Stack component="ul" spacing={0.25} sx={{ m: 0, pl: 2.5 }} aria-label="Tidak diproses">
          {skipped.map((s) => (
            <Typography component="li" key={s.reason} variant="body2">
              {RECON_SKIP_LABEL[s.reason]}: {s.count.toLocaleString('id-ID')}
            </Typography>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** Inquiry and notify hand the transactions to throttled bulk jobs: the first one's progress. */
function JobProgress({ jobId }: { jobId: number }) {
  const job = useBulkJob(jobId, [API_PATHS.recon.breaks]);
  return job.data ? (
    <BulkProgressPanel job={job.data} />
  ) : (
    <CircularProgress size={24} aria-label="Memuat" />
  );
}

export interface BulkResolveDialogProps {
  action: BulkResolveAction;
  selection: Selection;
  onApplied: () => void;
  onClose: () => void;
}

/**
 * One resolution for many breaks: first what it would change (a dry run: how many, which are
 * left out and why, by category), then a required reason and Jalankan. Mount it anew per opening.
 */
export function BulkResolveDialog({
  action,
  selection,
  onApplied,
  onClose,
}: BulkResolveDialogProps) {
  const preview = useBulkResolve();
  const apply = useBulkResolve();
  const applying = useSingleFlight();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const previewMutate = preview.mutate;
  useEffect(() => {
    previewMutate({ action, reason: PREVIEW_REASON, selection, dryRun: true });
  }, [action, selection, previewMutate]);

  const problem = reasonProblem(reason);
  const eligible = preview.data?.applied ?? 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem || eligible === 0 || apply.data) return;
    // Once per confirmation, however often Jalankan is clicked while it runs.
    applying.run(async () => {
      try {
        await apply.mutateAsync({ action, reason: reason.trim(), selection, dryRun: false });
        onApplied();
      } catch {
        // The refusal shows in the dialog (apply.error).
      }
    });
  };
  const done = apply.data;
  return (
    <Dialog open onClose={onClose} aria-labelledby="recon-bulk-title" fullWidth maxWidth="sm">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="recon-bulk-title">{RECON_ACTION_LABEL[action]} massal</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {preview.isPending && <CircularProgress size={24} aria-label="Menghitung" />}
            {preview.isError && (
              <Alert severity="error">{errorMessage(preview.error, MESSAGES.unknownError)}</Alert>
            )}
            {!done && preview.data && <Outcome result={preview.data} />}
            {!done && preview.data && eligible === 0 && (
              <Alert severity="info">Tidak ada selisih yang bisa diproses dengan aksi ini.</Alert>
            )}
            {!done && (
              <ReasonField
                value={reason}
                onChange={setReason}
                touched={touched}
                onTouched={() => setTouched(true)}
                hint="Dicatat di riwayat setiap selisih dan di audit trail."
              />
            )}
            {apply.isError && (
              <Alert severity="error">{errorMessage(apply.error, MESSAGES.unknownError)}</Alert>
            )}
            {done && (
              <>
                <Alert severity="success">Aksi massal selesai dijalankan.</Alert>
                <Outcome result={done} />
                {done.jobs[0] && <JobProgress jobId={done.jobs[0].jobId} />}
              </>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {done ? (
            <Button onClick={onClose} variant="contained">
              Tutup
            </Button>
          ) : (
            <>
              <Button onClick={onClose} color="inherit">
                Batal
              </Button>
              <Button
                type="submit"
                variant="contained"
                disabled={!preview.isSuccess || eligible === 0 || applying.running}
              >
                Jalankan ({eligible.toLocaleString('id-ID')})
              </Button>
            </>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}

export interface BreakBulkBarProps {
  pickedCount: number | null;
  total: number;
  canSelectAll: boolean;
  onAction: (action: BulkResolveAction) => void;
  onSelectAll: () => void;
  onClear: () => void;
}

/** Above the queue while breaks are picked: how many, "all that match", the resolutions, un-pick. */
export function BreakBulkBar({
  pickedCount,
  total,
  canSelectAll,
  onAction,
  onSelectAll,
  onClear,
}: BreakBulkBarProps) {
  const tooMany = pickedCount !== null && pickedCount > RECON_BULK_MAX_IDS;
  const count = pickedCount ?? total;
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label="Aksi massal"
      sx={{ px: 2, py: 1, mb: 1, bgcolor: 'action.hover' }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {pickedCount === null
            ? `Semua ${total.toLocaleString('id-ID')} selisih yang cocok dipilih`
            : `${count.toLocaleString('id-ID')} selisih dipilih`}
        </Typography>
        {canSelectAll && (
          <Button size="small" onClick={onSelectAll}>
            Pilih semua {total.toLocaleString('id-ID')} yang cocok
          </Button>
        )}
        {tooMany && (
          <Typography variant="body2" color="error">
            Maksimal {RECON_BULK_MAX_IDS.toLocaleString('id-ID')} satu per satu; pakai "Pilih
            semua".
          </Typography>
        )}
        <Stack direction="row" spacing={1} useFlexGap sx={{ ml: 'auto', flexWrap: 'wrap' }}>
          {BULK_RESOLVE_ACTIONS.map((action) => (
            <Button
              key={action}
              size="small"
              variant="outlined"
              disabled={tooMany || count === 0}
              onClick={() => onAction(action)}
            >
              {RECON_ACTION_LABEL[action]}
            </Button>
          ))}
          <Button size="small" color="inherit" onClick={onClear}>
            Batal pilih
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
