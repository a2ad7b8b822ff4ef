import HistoryIcon from '@mui/icons-material/History';
import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import {
  DEFAULT_BUSINESS_TZ,
  formatDateTime,
  isSortable,
  notificationResource,
  type FieldDef,
  type NotificationRow,
} from '@tagih/contract';
import { NotificationStatusChip } from '../../monitoring/notification-status-chip.tsx';

const WIDTHS: Record<string, number> = { notiId: 110, notiStatus: 140, notiCreatedTime: 190 };

function column(field: FieldDef): GridColDef<NotificationRow> {
  const base: GridColDef<NotificationRow> = {
    field: field.name,
    headerName: field.label,
    sortable: isSortable(field),
    ...(WIDTHS[field.name] ? { width: WIDTHS[field.name] } : { flex: 1, minWidth: 170 }),
  };
  if (field.name === 'notiStatus') {
    return { ...base, renderCell: ({ value }) => <NotificationStatusChip status={value as number} /> };
  }
  if (field.type === 'date') {
    return { ...base, valueFormatter: (value: string | null) => formatDateTime(value, DEFAULT_BUSINESS_TZ) };
  }
  return base;
}

/** Notif Id, Order Id, No. VA, Notif Status, Created Time, Actions (spec §2). */
export function notificationColumns(options: {
  canSeeHistory: boolean;
  onSeeHistory: (notiId: number) => void;
}): GridColDef<NotificationRow>[] {
  return [
    ...notificationResource.fields.filter((field) => !field.hidden).map(column),
    {
      field: 'actions',
      headerName: 'Actions',
      width: 150,
      sortable: false,
      renderCell: ({ row }) => (
        <Button
          size="small"
          variant="outlined"
          startIcon={<HistoryIcon />}
          disabled={!options.canSeeHistory}
          onClick={() => options.onSeeHistory(row.notiId)}
        >
          See History
        </Button>
      ),
    },
  ];
}
