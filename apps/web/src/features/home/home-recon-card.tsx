import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RECON_CATEGORY_LABEL, RECON_CATEGORY_ORDER, can } from '@tagih/contract';
import { Link as RouterLink } from 'react-router';
import { useAccess } from '../../api/get-status.ts';
import { useBreakCounts } from '../../api/recon.ts';
import { reconQueueLink } from './home-links.ts';

/** "Selisih rekonsiliasi" on Home (reconciliation.read): the open breaks by category, each a link to the queue filtered by it. */
export function HomeReconCard({ today }: { today: string }) {
  const { access } = useAccess();
  const allowed = can(access, 'reconciliation', 'read');
  const counts = useBreakCounts('', allowed);
  if (!allowed || !counts.data) return null;
  const data = counts.data;
  const open = RECON_CATEGORY_ORDER.filter((c) => c !== 'expected').reduce(
    (sum, c) => sum + data[c],
    0,
  );
  return (
    <Card variant="outlined" component="section" aria-labelledby="home-recon-heading">
      <CardContent>
        <Typography id="home-recon-heading" variant="h6" component="h3" sx={{ mb: 1 }}>
          Selisih rekonsiliasi
        </Typography>
        {open === 0 && data.expected === 0 ? (
          <Typography color="text.secondary">Tidak ada selisih terbuka.</Typography>
        ) : (
          <Stack spacing={1}>
            {RECON_CATEGORY_ORDER.filter((c) => data[c] > 0).map((category) => (
              <Link
                key={category}
                component={RouterLink}
                to={reconQueueLink(category, today)}
                underline="hover"
                sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}
              >
                <Typography component="span" sx={{ fontWeight: 500, fontSize: 24, minWidth: 48 }}>
                  {data[category].toLocaleString('id-ID')}
                </Typography>
                <Typography component="span">{RECON_CATEGORY_LABEL[category]}</Typography>
              </Link>
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
