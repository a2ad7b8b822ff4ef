import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import {
  TRANSACTION_STATUS,
  formatRupiah,
  isTransactionStatus,
  type HomeKindFigures,
  type TransactionKindKey,
  type TransactionStatusTotal,
} from '@tagih/contract';
import { Suspense, lazy } from 'react';
import { Link as RouterLink } from 'react-router';
import { transactionListLink, type FigurePeriod } from './home-links.ts';

// The chart library is loaded only when a chart is shown (the Home route stays small).
const HomeChart = lazy(() => import('./home-chart.tsx'));

export interface HomePeriods {
  today: FigurePeriod;
  week: FigurePeriod;
}

const labelOf = (status: string) =>
  isTransactionStatus(status) ? TRANSACTION_STATUS[status].label : status;

/** The name is the link's own text (what it shows plus hidden context), so screen readers and voice control agree. */
function FigureLink({
  to,
  figure,
  name,
}: {
  to: string;
  figure: TransactionStatusTotal;
  name: string;
}) {
  return (
    <Link component={RouterLink} to={to} underline="hover" sx={{ display: 'block' }}>
      <Box component="span" sx={visuallyHidden}>{`${name}: `}</Box>
      <Typography component="span" sx={{ display: 'block', fontWeight: 500, fontSize: 18 }}>
        {figure.count}
      </Typography>
      <Box component="span" sx={visuallyHidden}>
        {' transaksi, '}
      </Box>
      <Typography component="span" variant="body2" sx={{ display: 'block' }}>
        {formatRupiah(figure.amount)}
      </Typography>
    </Link>
  );
}

/** One transaction kind on Home: count and amount by status for today and the week, and the daily chart. */
export function HomeKindCard({
  kind,
  title,
  figures,
  periods,
}: {
  kind: TransactionKindKey;
  title: string;
  figures: HomeKindFigures;
  periods: HomePeriods;
}) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
          {title}
        </Typography>
        <Table size="small" aria-label={`${title}: jumlah dan nominal per status`}>
          <TableHead>
            <TableRow>
              <TableCell>Status</TableCell>
              <TableCell>Hari ini</TableCell>
              <TableCell>7 hari terakhir</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {figures.today.map((today, i) => {
              const week = figures.week[i]!;
              const label = labelOf(today.status);
              return (
                <TableRow key={today.status}>
                  <TableCell component="th" scope="row">
                    {label}
                  </TableCell>
                  <TableCell>
                    <FigureLink
                      to={transactionListLink(kind, periods.today, today.status)}
                      figure={today}
                      name={`${title} ${label} hari ini`}
                    />
                  </TableCell>
                  <TableCell>
                    <FigureLink
                      to={transactionListLink(kind, periods.week, week.status)}
                      figure={week}
                      name={`${title} ${label} 7 hari terakhir`}
                    />
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
        <Suspense fallback={<Skeleton variant="rectangular" height={220} sx={{ mt: 2 }} />}>
          <HomeChart kind={kind} title={title} daily={figures.daily} />
        </Suspense>
      </CardContent>
    </Card>
  );
}
