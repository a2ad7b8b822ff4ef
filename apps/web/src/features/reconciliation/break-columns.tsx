import Button from '@mui/material/Button';
import { DEFAULT_BUSINESS_TZ, formatDateTime, formatRupiah, type BreakRow } from '@tagih/contract';
import type { TableColumn } from '../../components/table-column.ts';
import { BreakStatusChip, CategoryChip } from './recon-chips.tsx';

const money = (value: number | null) =>
  value === null || value === undefined ? '' : formatRupiah(value);

/** The queue's columns: what, both sides' amounts, why not matched, how it stands, then where and when. */
export function breakColumns(): TableColumn<BreakRow>[] {
  return [
    {
      field: 'category',
      headerName: 'Kategori',
      width: 160,
      sortable: true,
      renderCell: ({ row }) => <CategoryChip category={row.category} />,
    },
    { field: 'trctOrderId', headerName: 'Order ID', minWidth: 140, sortable: true },
    {
      field: 'lineAmount',
      headerName: 'Nominal Bank',
      width: 135,
      sortable: true,
      valueFormatter: money,
    },
    {
      field: 'trctAmount',
      headerName: 'Nominal Tagih',
      width: 135,
      sortable: true,
      valueFormatter: money,
    },
    {
      field: 'differences',
      headerName: 'Alasan tidak cocok',
      minWidth: 240,
      valueGetter: (_value, row) => row.differences.map((d) => d.text).join('; '),
    },
    {
      field: 'status',
      headerName: 'Status',
      width: 170,
      sortable: true,
      renderCell: ({ row }) => <BreakStatusChip status={row.status} resolution={row.resolution} />,
    },
    {
      field: 'at',
      headerName: 'Tanggal',
      width: 150,
      sortable: true,
      valueFormatter: (value: string) => formatDateTime(value, DEFAULT_BUSINESS_TZ),
    },
    {
      field: 'ageDays',
      headerName: 'Umur',
      width: 80,
      valueFormatter: (value: number) => `${value} hari`,
    },
    { field: 'compName', headerName: 'Perusahaan', minWidth: 140, sortable: true },
    { field: 'bank', headerName: 'Bank', width: 80, sortable: true },
    { field: 'rbrkId', headerName: 'ID', width: 70, sortable: true },
  ];
}

/** The columns kept when room runs out, most important first. */
export const BREAK_PRIORITY: readonly string[] = [
  'category',
  'trctOrderId',
  'lineAmount',
  'differences',
  'trctAmount',
  'status',
  'at',
  'ageDays',
  'compName',
  'bank',
  'rbrkId',
];

/** The row's own button: its detail page (a row click does the same). */
export function breakActionsColumn(onOpen: (row: BreakRow) => void): TableColumn<BreakRow> {
  return {
    field: 'actions',
    headerName: 'Aksi',
    type: 'actions',
    width: 90,
    sortable: false,
    hideable: false,
    renderCell: ({ row }) => (
      <Button
        size="small"
        variant="outlined"
        onClick={(event) => {
          event.stopPropagation();
          onOpen(row);
        }}
      >
        Detail
      </Button>
    ),
  };
}
