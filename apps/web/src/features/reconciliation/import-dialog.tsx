import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  MESSAGES,
  RECON_CATEGORY_LABEL,
  RECON_CATEGORY_ORDER,
  STATEMENT_FORMATS,
  type ImportProgress,
  type StatementFormat,
  type AccountImportResult,
  type StatementImportResult,
} from '@tagih/contract';
import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../api/client.ts';
import { useBankAccounts, useImportProgress, useImportStatement } from '../../api/recon.ts';
import { useSingleFlight } from '../../hooks/use-single-flight.ts';

export const FORMAT_LABEL: Record<StatementFormat, string> = {
  mt940: 'MT940 / MT942',
  'bca-csv': 'BCA Bisnis CSV',
  'mandiri-csv': 'Mandiri MCM CSV',
  'bank-csv': 'CSV/TXT bank (BRI, BNI, Mandiri, Bank Jatim)',
  xlsx: 'Excel (XLSX)',
  csv: 'CSV (pemetaan kolom rekening)',
};

/** A select whose empty choice ("Dari file", "Deteksi otomatis") is shown as a value. */
const SHOWN_EMPTY = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/** A refused file: the line and the reason the server names (data { line, reason }). */
function refusal(error: unknown): { line: number | null; reason: string } {
  const data =
    error instanceof ApiError
      ? (error.envelope?.data as { line?: unknown; reason?: unknown } | undefined)
      : undefined;
  if (data && typeof data.reason === 'string')
    return { line: typeof data.line === 'number' ? data.line : null, reason: data.reason };
  return { line: null, reason: errorMessage(error, MESSAGES.unknownError) };
}

/** One account's lines, matched share and breaks (its account named when the file held several). */
function AccountResult({ result, named }: { result: AccountImportResult; named: boolean }) {
  const percent = result.credits > 0 ? Math.round((result.matched / result.credits) * 100) : 100;
  const breaks = RECON_CATEGORY_ORDER.filter(
    (c) => c !== 'expected' && result.breaks[c as keyof typeof result.breaks] > 0,
  );
  return (
    <Stack spacing={0.5}>
      {named && (
        <Typography variant="subtitle2">Rekening {result.accountNo ?? result.baccId}</Typography>
      )}
      <Typography variant="body2">
        {result.lines.toLocaleString('id-ID')} baris baru (
        {result.skippedLines.toLocaleString('id-ID')} sudah ada
        {result.pendingLines > 0 ? `, ${result.pendingLines.toLocaleString('id-ID')} pending` : ''}
        ), {result.credits.toLocaleString('id-ID')} kredit, {result.matched.toLocaleString('id-ID')}{' '}
        cocok ({percent}%).
      </Typography>
      <Typography variant="body2">
        {breaks.length === 0
          ? 'Tidak ada selisih.'
          : `Selisih: ${breaks.map((c) => `${RECON_CATEGORY_LABEL[c]} ${result.breaks[c as keyof typeof result.breaks]}`).join(', ')}.`}
        {result.expected > 0
          ? ` ${result.expected.toLocaleString('id-ID')} pembayaran menunggu bank.`
          : ''}
      </Typography>
      {!result.balanceChecked && (
        <Typography variant="body2" color="warning.main">
          File tanpa saldo: saldo awal dan akhir tidak dapat dicek.
        </Typography>
      )}
    </Stack>
  );
}

/** What an import (or a pull) added: per account (a file may hold several), lines, matched share, breaks by category. */
export function ImportResult({
  result,
  sameAgain = 'File ini sudah pernah diimpor; tidak ada yang ditambahkan.',
}: {
  result: StatementImportResult;
  /** What an answer with alreadyImported says. */
  sameAgain?: string;
}) {
  const accounts: AccountImportResult[] = [result, ...(result.moreAccounts ?? [])];
  return (
    <Stack spacing={1} aria-label="Hasil impor">
      <Alert severity={result.alreadyImported ? 'info' : 'success'}>
        {result.alreadyImported
          ? sameAgain
          : accounts.length > 1
            ? `Mutasi ${accounts.length} rekening berhasil diimpor.`
            : 'Mutasi berhasil diimpor.'}
      </Alert>
      {accounts.map((r) => (
        <AccountResult key={r.stmtId} result={r} named={accounts.length > 1} />
      ))}
    </Stack>
  );
}

const count = (n: number) => n.toLocaleString('id-ID');

/** The bar while an import runs: measured while its lines are written, else unmeasured, with what it is doing. */
function ImportRunning({ progress }: { progress: ImportProgress | null | undefined }) {
  const writing = progress?.phase === 'writing' && progress.totalLines ? progress : null;
  const text = !progress
    ? 'Mengunggah dan memeriksa file…'
    : progress.phase === 'checking'
      ? `Memeriksa file… ${count(progress.lines)} baris`
      : progress.phase === 'writing'
        ? `Menyimpan ${count(progress.lines)} dari ${count(progress.totalLines ?? 0)} baris…`
        : 'Mencocokkan dengan transaksi…';
  return (
    <Stack spacing={0.5}>
      <LinearProgress
        aria-label="Mengimpor"
        variant={writing ? 'determinate' : 'indeterminate'}
        value={writing ? Math.min(100, (writing.lines / writing.totalLines!) * 100) : undefined}
      />
      <Typography variant="caption" color="text.secondary" aria-live="polite">
        {text}
      </Typography>
    </Stack>
  );
}

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Import a bank statement: the account (optional when the file names it), the file, the format
 * (detected from the file unless chosen). Shows the result, or the refused line and its reason.
 * Mount it anew for each opening.
 */
export function ImportDialog({ open, onClose }: ImportDialogProps) {
  const accounts = useBankAccounts(open);
  const importer = useImportStatement();
  const importing = useSingleFlight();
  const [baccId, setBaccId] = useState('');
  const [format, setFormat] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [progressId, setProgressId] = useState<string | null>(null);
  const progress = useImportProgress(progressId, importer.isPending);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    // One upload per click, however often Impor is clicked while it runs.
    importing.run(() => {
      const id = crypto.randomUUID();
      setProgressId(id);
      return importer
        .mutateAsync({
          file,
          progressId: id,
          baccId: baccId ? Number(baccId) : undefined,
          format: (format || undefined) as StatementFormat | undefined,
        })
        .catch(() => {
          // The refusal shows in the dialog (importer.error).
        });
    });
  };
  const refused = importer.isError ? refusal(importer.error) : null;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="recon-import-title"
      fullWidth
      maxWidth="sm"
    >
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="recon-import-title">Impor mutasi bank</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              select
              size="small"
              label="Rekening bank"
              value={baccId}
              onChange={(event) => setBaccId(event.target.value)}
              helperText="Dari file: MT940, BCA dan Mandiri menyebut rekeningnya sendiri."
              slotProps={SHOWN_EMPTY}
            >
              <MenuItem value="">Dari file</MenuItem>
              {(accounts.data ?? []).map((account) => (
                <MenuItem key={account.baccId} value={String(account.baccId)}>
                  {account.baccBank} {account.baccAccountNo} — {account.baccName}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label="Format"
              value={format}
              onChange={(event) => setFormat(event.target.value)}
              slotProps={SHOWN_EMPTY}
            >
              <MenuItem value="">Deteksi otomatis</MenuItem>
              {STATEMENT_FORMATS.map((f) => (
                <MenuItem key={f} value={f}>
                  {FORMAT_LABEL[f]}
                </MenuItem>
              ))}
            </TextField>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <Button variant="outlined" component="label">
                Pilih file
                <input
                  hidden
                  type="file"
                  aria-label="File mutasi"
                  accept=".sta,.mt940,.mt942,.txt,.csv,.940,.942,.xlsx"
                  onChange={(event) => {
                    setFile(event.target.files?.[0] ?? null);
                    importer.reset();
                  }}
                />
              </Button>
              <Typography
                variant="body2"
                color={file ? 'text.primary' : 'text.secondary'}
                sx={{ overflowWrap: 'anywhere' }}
              >
                {file ? file.name : 'Belum ada file dipilih'}
              </Typography>
            </Stack>
            {importer.isPending && <ImportRunning progress={progress.data} />}
            {refused && (
              <Alert severity="error" aria-label="Impor ditolak">
                {refused.line !== null
                  ? `Ditolak di baris ${refused.line}: ${refused.reason}`
                  : refused.reason}
                <Typography component="span" variant="caption" sx={{ display: 'block' }}>
                  Tidak ada yang disimpan.
                </Typography>
              </Alert>
            )}
            {importer.data && <ImportResult result={importer.data.result} />}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} color="inherit">
            {importer.data ? 'Tutup' : 'Batal'}
          </Button>
          <Button type="submit" variant="contained" disabled={!file || importing.running}>
            Impor
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
