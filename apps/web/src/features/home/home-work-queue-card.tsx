import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BULK_TEXT, type HomeFigures } from '@tagih/contract';
import { Link as RouterLink } from 'react-router';
import { workQueueLink } from './home-links.ts';

const ENTRIES = [
  { key: 'va', label: 'Transaction VA belum dicek ke bank' },
  { key: 'qris', label: 'Transaction BRI QRIS belum dicek ke bank' },
  { key: 'notifications', label: 'Notifikasi gagal terkirim' },
] as const;

/** "Perlu tindakan" on Home: each work queue's size, a click to the queue itself. */
export function HomeWorkQueueCard({
  queues,
  today,
}: {
  queues: HomeFigures['workQueues'];
  today: string;
}) {
  const shown = ENTRIES.filter((entry) => queues[entry.key] !== null);
  if (shown.length === 0) return null;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
          {BULK_TEXT.queueLabel}
        </Typography>
        <Stack spacing={1}>
          {shown.map((entry) => (
            <Link
              key={entry.key}
              component={RouterLink}
              to={workQueueLink(entry.key, today)}
              underline="hover"
              sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}
            >
              <Typography component="span" sx={{ fontWeight: 500, fontSize: 24, minWidth: 48 }}>
                {(queues[entry.key] ?? 0).toLocaleString('id-ID')}
              </Typography>
              <Typography component="span">{entry.label}</Typography>
            </Link>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
