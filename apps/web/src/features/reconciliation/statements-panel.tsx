import UploadFileIcon from '@mui/icons-material/UploadFile';
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
import { FORMAT_LABEL, ImportDialog } from './import-dialog.tsx';

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

function statementColumns(): TableColumn<StatementRow>[] {
  return [
    {
      field: 'createdAt',
      headerName: 'Diimpor',
      width: 150,
      valueFormatter: (value: string) => formatDateTime(value, DEFAULT_BUSINESS_TZ),
    },
    {
      field: 'accountNo',
      headerName: 'Rekening',
      minWidth: 200,
      valueGetter: (_v, row) => `${row.bank} ${row.accountNo} — ${row.accountName}`,
    },
    {
      field: 'fromDay',
      headerName: 'Periode',
      width: 190,
      valueGetter: (_v, row) =>
        row.fromDay ? `${row.fromDay} s.d. ${row.toDay ?? row.fromDay}` : '',
    },
    {
      field: 'format',
      headerName: 'Format',
      width: 130,
      valueFormatter: (value: StatementRow['format']) => FORMAT_LABEL[value] ?? value,
    },
    { field: 'lines', headerName: 'Baris', width: 80 },
    { field: 'credits', headerName: 'Kredit', width: 80 },
    {
      field: 'matched',
      headerName: 'Cocok',
      width: 110,
      valueGetter: (_v, row) =>
        `${row.matched} (${row.credits > 0 ? Math.round((row.matched / row.credits) * 100) : 100}%)`,
    },
    {
      field: 'openBreaks',
      headerName: 'Selisih terbuka',
      minWidth: 170,
      renderCell: ({ row }) => <OpenBreaks row={row} />,
    },
    { field: 'createdBy', headerName: 'Oleh', width: 110 },
  ];
}

/** The imported statements with their results, newest first, and the Import button (reconciliation.create). */
export function StatementsPanel() {
  const { access } = useAccess();
  const canImport = can(access, 'reconciliation', 'create');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const statements = useStatements(page, pageSize);
  const dialog = useFreshDialog();
  const columns = useMemo(() => statementColumns(), []);
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
            {/* "Tarik dari bank" (SNAP bank-statement, POST /recon/pull) goes here beside Import once the server offers it. */}
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
      <DataTable<StatementRow>
        label="Mutasi bank"
        columns={columns}
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
      {dialog.open && <ImportDialog key={dialog.key} open={dialog.open} onClose={dialog.close} />}
    </>
  );
}
