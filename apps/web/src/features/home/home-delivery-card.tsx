import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { NOTI_STATUS, type HomeDelivery } from '@tagih/contract';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { HomePeriods } from './home-kind-card.tsx';
import { notificationListLink, type FigurePeriod } from './home-links.ts';

const percent = new Intl.NumberFormat('id-ID', { style: 'percent', maximumFractionDigits: 1 });

/** delivered / all, or '–' when the period has no notification. */
export const deliveryRate = (d: HomeDelivery): string =>
  d.total === 0 ? '–' : percent.format(d.delivered / d.total);

/** A link whose name is its own text: hidden context, then what it shows. */
function NamedLink({
  to,
  context,
  children,
}: {
  to: string;
  context: string;
  children: ReactNode;
}) {
  return (
    // One box (inline-block): the hidden context does not become a separate piece of the link.
    <Link component={RouterLink} to={to} underline="hover" sx={{ display: 'inline-block' }}>
      <Box component="span" sx={visuallyHidden}>{`${context}: `}</Box>
      {children}
    </Link>
  );
}

function Period({
  name,
  delivery,
  period,
}: {
  name: string;
  delivery: HomeDelivery;
  period: FigurePeriod;
}) {
  const delivered = notificationListLink(period, String(NOTI_STATUS.DELIVERED));
  return (
    <div>
      <Typography variant="caption" component="p">
        {name}
      </Typography>
      <NamedLink to={delivered} context={`Notifikasi terkirim ${name}`}>
        <Typography component="span" sx={{ display: 'block', fontWeight: 500, fontSize: 24 }}>
          {deliveryRate(delivery)}
        </Typography>
      </NamedLink>
      <Typography variant="body2" component="p">
        <NamedLink to={delivered} context={`Notifikasi Sukses ${name}`}>
          {delivery.delivered}
        </NamedLink>{' '}
        dari{' '}
        <NamedLink to={notificationListLink(period)} context={`Semua notifikasi ${name}`}>
          {delivery.total}
        </NamedLink>{' '}
        terkirim
      </Typography>
    </div>
  );
}

/** The notification delivery rate on Home: delivered / all notifications created in the period. */
export function HomeDeliveryCard({
  today,
  week,
  periods,
}: {
  today: HomeDelivery;
  week: HomeDelivery;
  periods: HomePeriods;
}) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
          Notifikasi terkirim
        </Typography>
        <Stack direction="row" spacing={6}>
          <Period name="hari ini" delivery={today} period={periods.today} />
          <Period name="7 hari terakhir" delivery={week} period={periods.week} />
        </Stack>
      </CardContent>
    </Card>
  );
}
