import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BULK_TEXT, type BulkItemStatus, type BulkJobDetail } from '@tagih/contract';
import { StatusChip } from '../../components/status-chip.tsx';

const ITEM_COLOR: Record<BulkItemStatus, 'warning' | 'success' | 'error' | 'default'> = {
  pending: 'default',
  succeeded: 'success',
  failed: 'error',
  skipped: 'warning',
};

/** A running or finished job: its progress, its counts and each item's outcome. */
export function BulkProgressPanel({ job }: { job: BulkJobDetail }) {
  const { pending, succeeded, failed, skipped } = job.counts;
  const finished = job.total - pending;
  const percent = job.total > 0 ? Math.round((finished / job.total) * 100) : 100;
  return (
    <Stack spacing={1.5}>
      <Typography>
        Aksi massal #{job.jobId}: <strong>{BULK_TEXT.jobStatus[job.status]}</strong> —{' '}
        {finished.toLocaleString('id-ID')} dari {job.total.toLocaleString('id-ID')} selesai.
      </Typography>
      <LinearProgress variant="determinate" value={percent} aria-label="Progres aksi massal" />
      <Typography variant="body2" aria-live="polite">
        {BULK_TEXT.itemStatus.succeeded} {succeeded} · {BULK_TEXT.itemStatus.failed} {failed} ·{' '}
        {BULK_TEXT.itemStatus.skipped} {skipped} · {BULK_TEXT.itemStatus.pending} {pending}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Alasan: {job.reason}
      </Typography>
      <TableContainer sx={{ maxHeight: 320 }}>
        <Table size="small" stickyHeader aria-label="Hasil per baris">
          <TableHead>
            <TableRow>
              <TableCell>Order ID</TableCell>
              <TableCell>{BULK_TEXT.groupOf[job.action]}</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Keterangan</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {job.items.map((item) => (
              <TableRow key={item.itemId}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{item.orderId ?? item.trctId}</TableCell>
                <TableCell>{item.group}</TableCell>
                <TableCell>
                  <StatusChip
                    label={BULK_TEXT.itemStatus[item.status]}
                    color={ITEM_COLOR[item.status]}
                  />
                </TableCell>
                <TableCell>
                  <Box component="span" sx={{ wordBreak: 'break-word' }}>
                    {item.message ?? ''}
                  </Box>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}
