import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  DEFAULT_BUSINESS_TZ,
  DEFAULT_PAGE_SIZE,
  RECON_CATEGORY_LABEL,
  RECON_CATEGORY_ORDER,
  can,
  dashboardUrl,
  formatDateTime,
  type StatementRow,
} from '@tagih/contract';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAccess } from '../../api/get-status.ts';
import { useStatements } from '../../api/recon.ts';
import { DataTable, type TableColumn } from '../../components/data-table.tsx';
import { ScreenToolbar } from '../../components/screen-toolbar.tsx';
import { ToolbarButton } from '../../components/toolbar-button.tsx';
import { useFreshDialog } from '../../hooks/use-fresh-dialog.ts';
import { useTableLayout } from '../../monitoring/use-table-layout.ts';
import { FORMAT_LABEL, ImportDialog } from './import-dialog.tsx';
import { PullDialog } from './pull-dialog.tsx';

/** The queue filtered to a statement's account and days (its open breaks). */
export function statementQueueLink(
  row: Pick<StatementRow, 'accountNo' | 'fromDay' | 'toDay'>,
  category?: string,
): string {
  const query = new URLSearchParams();
  if (row.fromDay && row.toDay) {
    query.set('from', row.fromDay);
    query.set('to', row.toDay);
  }
  if (category) query.set('category', category);
  query.set('accountNo', row.accountNo);
  return `${dashboardUrl('reconciliation')}?${query.toString()}`;
}

function OpenBreaks({ row }: { row: StatementRow }) {
  const categories = RECON_CATEGORY_ORDER.filter((c) => (row.openByCategory[c] ?? 0) > 0);
  if (categories.length === 0) return <Typography variant="body2">Tidak ada</Typography>;
  return (
    <Stack spacing={0} sx={{ py: 0.5 }}>
      {categories.map((c) => (
        <Link
          key={c}
          component={RouterLink}
          to={statementQueueLink(row, c)}
          variant="body2"
          underline="hover"
          onClick={(event) => event.stopPropagation()}
        >
          {RECON_CATEGORY_LABEL[c]}: {row.openByCategory[c]}
        </Link>
      ))}
    </Stack>
  );
}

const period = (row: StatementRow) =>
  !row.fromDay
    ? ''
    : row.fromDay === row.toDay || !row.toDay
      ? row.fromDay
      : `${row.fromDay} s.d. ${row.toDay}`;
const matchedShare = (row: StatementRow) =>
  `${row.matched}/${row.credits} (${row.credits > 0 ? Math.round((row.matched / row.credits) * 100) : 100}%)`;

/** The format the file was imported as (the variant it was read as has its own column). */
export const formatText = (row: Pick<StatementRow, 'format'>) =>
  FORMAT_LABEL[row.format] ?? row.format;

/** A complete import: its credits matched; a failed one: why (nothing of it was kept). */
function Outcome({ row }: { row: StatementRow }) {
  if (row.state === 'failed') {
    return (
      <Typography variant="body2" color="error" sx={{ py: 0.5, whiteSpace: 'normal' }}>
        Gagal: {row.failure ?? 'tanpa keterangan'}
      </Typography>
    );
  }
  return <Typography variant="body2">{matchedShare(row)}</Typography>;
}

function statementColumns(): TableColumn<StatementRow>[] {
  return [
    {
      field: 'accountNo',
      headerName: 'Rekening',
      minWidth: 170,
      valueGetter: (_v, row) => `${row.bank} ${row.accountNo} — ${row.accountName}`,
    },
    {
      field: 'fromDay',
      headerName: 'Periode',
      minWidth: 110,
      valueGetter: (_v, row) => period(row),
    },
    {
      field: 'matched',
      headerName: 'Kredit cocok',
      minWidth: 130,
      renderCell: ({ row }) => <Outcome row={row} />,
    },
    {
      field: 'credits',
      headerName: 'Kredit/Debit',
      width: 110,
      valueGetter: (_v, row) => (row.state === 'failed' ? '' : `${row.credits}/${row.debits}`),
    },
    {
      field: 'balanceChecked',
      headerName: 'Saldo dicek',
      width: 100,
      valueGetter: (_v, row) => (row.state === 'failed' ? '' : row.balanceChecked ? 'Ya' : 'Tidak'),
    },
    {
      field: 'openBreaks',
      headerName: 'Selisih terbuka',
      minWidth: 170,
      renderCell: ({ row }) => <OpenBreaks row={row} />,
    },
    {
      field: 'createdAt',
      headerName: 'Diimpor',
      width: 150,
      valueFormatter: (value: string) => formatDateTime(value, DEFAULT_BUSINESS_TZ),
    },
    { field: 'lines', headerName: 'Baris', width: 70 },
    {
      field: 'format',
      headerName: 'Format',
      width: 150,
      valueGetter: (_v, row) => formatText(row),
    },
    // The variant the file was read as ('mt940:swift-envelope', 'csv:bri'): what the bank wrote.
    {
      field: 'variant',
      headerName: 'Varian',
      width: 150,
      valueFormatter: (value: string | null) => value ?? '',
    },
    { field: 'createdBy', headerName: 'Oleh', width: 100 },
  ];
}

const STATEMENT_PRIORITY = [
  'accountNo',
  'fromDay',
  'matched',
  'openBreaks',
  'createdAt',
  'lines',
  'credits',
  'balanceChecked',
  'format',
  'variant',
  'createdBy',
];

/** The row's button: the queue of its account and days. */
function queueColumn(): TableColumn<StatementRow> {
  return {
    field: 'actions',
    headerName: 'Aksi',
    type: 'actions',
    width: 100,
    sortable: false,
    hideable: false,
    renderCell: ({ row }) => (
      <Button size="small" variant="outlined" component={RouterLink} to={statementQueueLink(row)}>
        Selisih
      </Button>
    ),
  };
}

/** The imported statements with their results, newest first, and the Import and pull buttons (reconciliation.create). */
export function StatementsPanel() {
  const { access } = useAccess();
  const canImport = can(access, 'reconciliation', 'create');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const statements = useStatements(page, pageSize);
  const dialog = useFreshDialog();
  const pull = useFreshDialog();
  const columns = useMemo(() => statementColumns(), []);
  const actions = useMemo(() => queueColumn(), []);
  const layout = useTableLayout({
    columns,
    actions,
    priority: STATEMENT_PRIORITY,
    chosen: null,
    checkboxes: false,
  });
  return (
    <>
      <ScreenToolbar
        inputs={
          <Typography variant="body2" color="text.secondary">
            Mutasi rekening yang sudah diimpor dan hasil pencocokannya.
          </Typography>
        }
        buttons={
          <>
            {canImport && (
              <ToolbarButton
                label="Tarik dari bank"
                icon={<CloudDownloadIcon />}
                onClick={pull.show}
              />
            )}
            {canImport && (
              <ToolbarButton
                label="Impor"
                icon={<UploadFileIcon />}
                onClick={dialog.show}
                variant="contained"
              />
            )}
          </>
        }
      />
      <div ref={layout.ref}>
        <DataTable<StatementRow>
          label="Mutasi bank"
          columns={layout.shown}
          rows={statements.data?.data ?? []}
          rowCount={statements.data?.pagination.totalData ?? 0}
          getRowId={(row) => row.stmtId}
          loading={statements.isFetching}
          page={page}
          pageSize={pageSize}
          onPageChange={setPage}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
          sort={null}
          onSortChange={() => undefined}
        />
      </div>
      {dialog.open && <ImportDialog key={dialog.key} open={dialog.open} onClose={dialog.close} />}
      {pull.open && <PullDialog key={pull.key} open={pull.open} onClose={pull.close} />}
    </>
  );
}
