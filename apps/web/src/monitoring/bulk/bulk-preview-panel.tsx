import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BULK_TEXT, type BulkPreview } from '@tagih/contract';
import { formatDuration } from './format-duration.ts';

/**
 * What a bulk action will do, before it runs: how many of the picked rows, why the others are
 * left out, where the items go (banks or merchants) and how long the rate limit makes it take.
 */
export function BulkPreviewPanel({ preview }: { preview: BulkPreview }) {
  const groupWord = BULK_TEXT.groupOf[preview.action];
  const skipped = preview.skipped.filter((s) => s.count > 0);
  return (
    <Stack spacing={1.5}>
      <Typography>
        Akan diproses: <strong>{preview.eligible.toLocaleString('id-ID')}</strong> dari{' '}
        {preview.selected.toLocaleString('id-ID')} baris yang dipilih.
      </Typography>
      {skipped.length > 0 && (
        <Stack component="ul" spacing={0.25} sx={{ m: 0, pl: 2.5 }} aria-label="Tidak diproses">
          {skipped.map((s) => (
            <Typography component="li" key={s.reason} variant="body2">
              {BULK_TEXT.skip[s.reason]}: {s.count.toLocaleString('id-ID')}
            </Typography>
          ))}
        </Stack>
      )}
      {preview.groups.length > 0 && (
        <Table size="small" aria-label={`Per ${groupWord}`}>
          <TableHead>
            <TableRow>
              <TableCell>{groupWord}</TableCell>
              <TableCell align="right">Jumlah</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.groups.map((group) => (
              <TableRow key={group.name}>
                <TableCell>{group.name}</TableCell>
                <TableCell align="right">{group.count.toLocaleString('id-ID')}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Typography variant="body2" color="text.secondary">
        Batas {preview.perGroupPerMinute} per menit per {groupWord.toLowerCase()}; perkiraan waktu{' '}
        {formatDuration(preview.estimatedSeconds)}.
      </Typography>
    </Stack>
  );
}
