import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { BULK_TEXT, type BulkJob } from '@tagih/contract';

/** A job of the user's still running (found again after a reload or on coming back): open its progress. */
export function RunningJobBanner({ job, onShow }: { job: BulkJob; onShow: () => void }) {
  const finished = job.total - job.counts.pending;
  return (
    <Alert
      severity="info"
      sx={{ mb: 1 }}
      action={
        <Button color="inherit" size="small" onClick={onShow}>
          Lihat progres
        </Button>
      }
    >
      {BULK_TEXT.action[job.action]} massal #{job.jobId} sedang berjalan: {finished} dari{' '}
      {job.total} selesai.
    </Alert>
  );
}
