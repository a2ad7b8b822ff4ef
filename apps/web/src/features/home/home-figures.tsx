import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@tagih/contract';
import { errorMessage } from '../../api/client.ts';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { HomeDeliveryCard } from './home-delivery-card.tsx';
import { HomeKindCard, type HomePeriods } from './home-kind-card.tsx';
import { HomeReconCard } from './home-recon-card.tsx';
import { HomeWorkQueueCard } from './home-work-queue-card.tsx';
import { useHomeFigures } from './use-home-figures.ts';

/**
 * "Is everything paid and delivered?": today and the last 7 business days of the
 * active company, only the parts the user may read; every figure leads to its filtered list.
 */
export function HomeFigures() {
  const home = useHomeFigures();
  if (home.isError)
    return <Alert severity="error">{errorMessage(home.error, MESSAGES.unknownError)}</Alert>;
  if (!home.data)
    return home.isPending && home.fetchStatus === 'idle' ? null : (
      <Skeleton variant="rectangular" height={240} aria-label="Memuat ringkasan" />
    );
  const { today, weekFrom, va, qris, notifications, workQueues } = home.data;
  if (!va && !qris && !notifications) return <HomeReconCard today={today} />;
  const periods: HomePeriods = {
    today: { from: today, to: today },
    week: { from: weekFrom, to: today },
  };
  return (
    <>
      {/* What needs attention first (work queues with failing callbacks, breaks), above the fold. */}
      <Box component="section" aria-labelledby="home-attention-heading" sx={{ mb: 3 }}>
        <Typography id="home-attention-heading" component="h2" sx={visuallyHidden}>
          Perlu perhatian
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <HomeWorkQueueCard queues={workQueues} today={today} />
          <HomeReconCard today={today} />
        </Box>
      </Box>
      <Box component="section" aria-labelledby="home-figures-heading">
        <Typography id="home-figures-heading" variant="h5" component="h2" sx={{ mb: 2 }}>
          Ringkasan hari ini dan 7 hari terakhir
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {va && <HomeKindCard kind="va" title="Transaction VA" figures={va} periods={periods} />}
          {qris && (
            <HomeKindCard
              kind="qris"
              title="Transaction BRI QRIS"
              figures={qris}
              periods={periods}
            />
          )}
          {notifications && (
            <HomeDeliveryCard
              today={notifications.today}
              week={notifications.week}
              periods={periods}
            />
          )}
        </Box>
      </Box>
    </>
  );
}
