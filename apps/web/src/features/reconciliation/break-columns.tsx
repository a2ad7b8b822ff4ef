import { DEFAULT_BUSINESS_TZ, formatDateTime, formatRupiah, type BreakRow } from '@tagih/contract';
import type { TableColumn } from '../../components/table-column.ts';
import { BreakStatusChip, CategoryChip } from './recon-chips.tsx';

const money = (value: number | null) =>
  value === null || value === undefined ? '' : formatRupiah(value);

/** The queue's columns: what, where, both sides' amounts, why not matched, and how it stands. */
export function breakColumns(): TableColumn<BreakRow>[] {
  return [
    { field: 'rbrkId', headerName: 'ID', width: 70, sortable: true },
    {
      field: 'category',
      headerName: 'Kategori',
      width: 170,
      sortable: true,
      renderCell: ({ row }) => <CategoryChip category={row.category} />,
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
      width: 70,
      valueFormatter: (value: number) => `${value} hari`,
    },
    { field: 'compName', headerName: 'Perusahaan', minWidth: 140, sortable: true },
    { field: 'bank', headerName: 'Bank', width: 80, sortable: true },
    {
      field: 'lineAmount',
      headerName: 'Nominal Bank',
      width: 130,
      sortable: true,
      valueFormatter: money,
    },
    { field: 'trctOrderId', headerName: 'Order ID', minWidth: 130, sortable: true },
    {
      field: 'trctAmount',
      headerName: 'Nominal Tagih',
      width: 130,
      sortable: true,
      valueFormatter: money,
    },
    {
      field: 'differences',
      headerName: 'Alasan tidak cocok',
      minWidth: 220,
      valueGetter: (_value, row) => row.differences.map((d) => d.text).join('; '),
    },
    {
      field: 'status',
      headerName: 'Status',
      width: 170,
      sortable: true,
      renderCell: ({ row }) => <BreakStatusChip status={row.status} resolution={row.resolution} />,
    },
  ];
}
