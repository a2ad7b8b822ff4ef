/**
 * The daily chart of a kind on Home: transactions per business day, stacked by status
 * (MUI X Charts, loaded lazily). A bar leads to that day's list filtered by its status.
 */
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import {
  TRANSACTION_STATUS,
  TRANSACTION_STATUSES,
  type HomeDay,
  type TransactionKindKey,
} from '@tagih/contract';
import { useNavigate } from 'react-router';
import { transactionListLink } from './home-links.ts';

export interface HomeChartProps {
  kind: TransactionKindKey;
  title: string;
  daily: readonly HomeDay[];
}

/** '2026-11-20' -> '20/11' */
const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;

export default function HomeChart({ kind, title, daily }: HomeChartProps) {
  const theme = useTheme();
  const navigate = useNavigate();
  const series = TRANSACTION_STATUSES.map((status) => ({
    id: status,
    label: TRANSACTION_STATUS[status].label,
    stack: 'count',
    color: theme.palette[TRANSACTION_STATUS[status].color].main,
    data: daily.map((d) => d.byStatus.find((s) => s.status === status)?.count ?? 0),
  }));
  return (
    <Box sx={{ mt: 2 }} role="figure" aria-label={`${title}: transaksi per hari, 7 hari terakhir`}>
      <BarChart
        height={220}
        xAxis={[{ scaleType: 'band', data: daily.map((d) => shortDay(d.day)) }]}
        yAxis={[{ tickMinStep: 1 }]}
        series={series}
        margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
        onItemClick={(_event, item) => {
          const day = daily[item.dataIndex ?? -1]?.day;
          if (day)
            void navigate(transactionListLink(kind, { from: day, to: day }, String(item.seriesId)));
        }}
      />
    </Box>
  );
}
