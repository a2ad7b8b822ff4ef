import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import { alpha, type Theme } from '@mui/material/styles';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  actionAllowed,
  DEFAULT_BUSINESS_TZ,
  MESSAGES,
  RECON_ACTION_LABEL,
  RECON_EVENT_LABEL,
  RECON_RULE_LABEL,
  can,
  dashboardUrl,
  formatDateTime,
  formatRupiah,
  transactionStatusLabel,
  type BreakDetail,
  type BreakDifference,
  type ResolveAction,
} from '@tagih/contract';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../api/client.ts';
import { useAccess } from '../../api/get-status.ts';
import { useBreak } from '../../api/recon.ts';
import { EMPTY_CELL } from '../../components/data-table.tsx';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { BreakStatusChip, CategoryChip } from './recon-chips.tsx';
import { ResolveDialog } from './resolve-dialog.tsx';

type Field = BreakDifference['field'];
const money = (value: number | null) => (value === null ? EMPTY_CELL : formatRupiah(value));
const text = (value: string | null | undefined) =>
  value === null || value === undefined || value === '' ? EMPTY_CELL : value;
const highlight = {
  bgcolor: (theme: Theme) => alpha(theme.palette.warning.main, 0.2),
  fontWeight: 600,
};

interface Fact {
  label: string;
  value: ReactNode;
  /** The difference this fact shows (highlighted when the break names it). */
  field?: Field;
}

/** One side of the break: label / value rows, the differing ones highlighted. */
function Side({
  title,
  facts,
  differing,
  empty,
}: {
  title: string;
  facts: Fact[];
  differing: ReadonlySet<Field>;
  empty?: string;
}) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2, minWidth: 0 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {empty ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <Table size="small" sx={{ tableLayout: 'fixed' }}>
          <TableBody>
            {facts.map((fact) => {
              const marked = fact.field !== undefined && differing.has(fact.field);
              return (
                <TableRow
                  key={fact.label}
                  data-differs={marked || undefined}
                  sx={{ verticalAlign: 'top' }}
                >
                  <TableCell component="th" scope="row" sx={{ width: '38%', fontWeight: 500 }}>
                    {fact.label}
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere', ...(marked ? highlight : {}) }}>
                    {fact.value}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}

/** The resolutions a break takes now: an open one is accepted, linked, asked about or notified; a resolved one reopened. */
function actionsOf(row: BreakDetail): ResolveAction[] {
  if (row.status === 'resolved') return ['reopen'];
  const own: ResolveAction[] = [];
  // Inquiry asks about an unpaid bill, re-send notifies about a paid one (the transaction actions' own rule).
  if (row.trctId !== null && actionAllowed('inquiry', row.trctStatus)) own.push('inquiry');
  if (row.trctId !== null && actionAllowed('resend', row.trctStatus)) own.push('notify');
  return ['accept', 'link', ...own];
}

/** What an Inquiry or re-send from a break came to (the history's outcome). */
const OUTCOME_WORD: Record<string, string> = {
  paid: 'sudah dibayar',
  unpaid: 'belum dibayar',
  delivered: 'terkirim',
  failed: 'gagal',
};
/** The server's name for matching's own events. */
const SYSTEM_ACTOR = 'system';

function History({ row }: { row: BreakDetail }) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label="Riwayat penyelesaian"
      sx={{ p: 2, overflowX: 'auto' }}
    >
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        Riwayat
      </Typography>
      <Table size="small" sx={{ minWidth: 520 }}>
        <TableHead>
          <TableRow>
            {['Waktu', 'Aksi', 'Oleh', 'Alasan', 'Hasil'].map((h) => (
              <TableCell key={h} sx={{ fontWeight: 600 }}>
                {h}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {row.history.map((event, index) => (
            <TableRow key={`${event.at}-${index}`} sx={{ verticalAlign: 'top' }}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(event.at, DEFAULT_BUSINESS_TZ)}
              </TableCell>
              <TableCell>{RECON_EVENT_LABEL[event.action] ?? event.action}</TableCell>
              <TableCell>
                {event.by === null || event.by === SYSTEM_ACTOR ? 'sistem' : event.by}
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{text(event.reason)}</TableCell>
              <TableCell>
                {text(
                  event.outcome === null ? null : (OUTCOME_WORD[event.outcome] ?? event.outcome),
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Paper>
  );
}

function BreakView({ row }: { row: BreakDetail }) {
  const { access } = useAccess();
  const canUpdate = can(access, 'reconciliation', 'update');
  const [acting, setActing] = useState<{ key: number; action: ResolveAction } | null>(null);
  const differing = new Set(row.differences.map((d) => d.field));
  const bankFacts: Fact[] = [
    { label: 'Rekening', value: `${row.bank} ${row.accountNo}` },
    { label: 'Tanggal bank', value: text(row.lineDay), field: 'date' },
    { label: 'Nominal', value: money(row.lineAmount), field: 'amount' },
    { label: 'Referensi', value: text(row.lineReference), field: 'identifier' },
    { label: 'Keterangan', value: text(row.lineNarrative), field: 'identifier' },
    {
      label: 'ID baris',
      value: text(row.lineId === null ? null : String(row.lineId)),
      field: 'matched',
    },
  ];
  const ourFacts: Fact[] = [
    { label: 'Order ID', value: text(row.trctOrderId), field: 'identifier' },
    { label: 'ID transaksi', value: text(row.trctId === null ? null : String(row.trctId)) },
    { label: 'Nominal', value: money(row.trctAmount), field: 'amount' },
    {
      label: 'Status',
      value: text(
        row.trctStatus === null ? null : transactionStatusLabel(row.trctStatus) || row.trctStatus,
      ),
      field: 'status',
    },
    {
      label: 'Waktu lunas',
      value: text(row.paidAt === null ? null : formatDateTime(row.paidAt, DEFAULT_BUSINESS_TZ)),
      field: 'date',
    },
    { label: 'Selisih (bank − Tagih)', value: money(row.difference), field: 'amount' },
  ];
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <CategoryChip category={row.category} />
        <BreakStatusChip status={row.status} resolution={row.resolution} />
        <Typography variant="body2" color="text.secondary">
          {row.compName ?? 'Tanpa perusahaan'} · umur {row.ageDays} hari · ditemukan{' '}
          {formatDateTime(row.detectedAt, DEFAULT_BUSINESS_TZ)}
          {row.rule ? ` · dicocokkan dengan aturan ${RECON_RULE_LABEL[row.rule]}` : ''}
        </Typography>
      </Stack>
      {row.differences.length > 0 && (
        <Alert severity="warning" aria-label="Alasan tidak cocok">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            Alasan tidak cocok
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {row.differences.map((d) => (
              <li key={d.text}>{d.text}</li>
            ))}
          </Box>
        </Alert>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Side
          title="Mutasi bank"
          facts={bankFacts}
          differing={differing}
          empty={row.lineId === null ? 'Tidak ada baris di mutasi bank.' : undefined}
        />
        <Side
          title="Transaksi Tagih"
          facts={ourFacts}
          differing={differing}
          empty={row.trctId === null ? 'Tidak ada transaksi Tagih untuk baris ini.' : undefined}
        />
      </Box>
      {row.candidateOrderId && row.candidateTrctId !== row.trctId && (
        <Alert severity="info" aria-label="Kandidat terdekat">
          Kandidat terdekat: transaksi <strong>{row.candidateOrderId}</strong> (ID{' '}
          {row.candidateTrctId}).
        </Alert>
      )}
      {canUpdate ? (
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{ flexWrap: 'wrap' }}
          role="group"
          aria-label="Penyelesaian"
        >
          {actionsOf(row).map((action) => (
            <Button
              key={action}
              variant={action === 'accept' || action === 'reopen' ? 'contained' : 'outlined'}
              onClick={() => setActing({ key: Date.now(), action })}
            >
              {RECON_ACTION_LABEL[action]}
            </Button>
          ))}
        </Stack>
      ) : (
        <Typography variant="body2" color="text.secondary">
          Anda hanya dapat melihat selisih ini (perlu izin reconciliation.update untuk
          menyelesaikannya).
        </Typography>
      )}
      <History row={row} />
      {acting && (
        <ResolveDialog
          key={acting.key}
          row={row}
          action={acting.action}
          onClose={() => setActing(null)}
        />
      )}
    </Stack>
  );
}

/** One break (reconciliation/breaks/:rbrkId): both sides, why they did not match, the resolutions and the history. */
export function BreakDetailScreen() {
  const { rbrkId } = useParams();
  const id = rbrkId && /^[1-9]\d{0,9}$/.test(rbrkId) ? Number(rbrkId) : null;
  const query = useBreak(id);
  const title = `Selisih #${rbrkId ?? ''}`;
  return (
    <>
      <PageHeader
        title={title}
        crumb={title}
        actions={
          <Button
            component={RouterLink}
            to={dashboardUrl('reconciliation')}
            startIcon={<ArrowBackIcon />}
          >
            Antrean selisih
          </Button>
        }
      />
      {id === null && <Alert severity="error">Selisih tidak ditemukan.</Alert>}
      {query.isError && (
        <Alert severity="error">{errorMessage(query.error, MESSAGES.unknownError)}</Alert>
      )}
      {query.isPending && id !== null && <LoadingSpinner />}
      {query.data && <BreakView row={query.data} />}
    </>
  );
}
