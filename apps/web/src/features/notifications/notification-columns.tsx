import HistoryIcon from '@mui/icons-material/History';
import Button from '@mui/material/Button';
import type { TableColumn } from '../../components/table-column.ts';
import {
  DEFAULT_BUSINESS_TZ,
  formatDateTime,
  isSortable,
  notificationResource,
  type FieldDef,
  type NotificationRow,
} from '@tagih/contract';
import { NotificationStatusChip } from '../../monitoring/notification-status-chip.tsx';

/** The least a column needs to show its content uncut; columns share what is left. */
const MIN_WIDTHS: Record<string, number> = {
  notiId: 90,
  notiOrderId: 150,
  trctVirtualAccountNo: 170,
  notiStatus: 120,
  notiCreatedTime: 170,
};

/** Which columns stay when the table is narrow, most important first. */
export const NOTIFICATION_PRIORITY: readonly string[] = [
  'notiOrderId',
  'notiStatus',
  'notiCreatedTime',
  'notiId',
  'trctVirtualAccountNo',
];

function column(field: FieldDef): TableColumn<NotificationRow> {
  const base: TableColumn<NotificationRow> = {
    field: field.name,
    headerName: field.label,
    sortable: isSortable(field),

    minWidth: MIN_WIDTHS[field.name] ?? 170,
  };
  if (field.name === 'notiStatus') {
    return {
      ...base,
      renderCell: ({ value }) => <NotificationStatusChip status={value as number} />,
    };
  }
  if (field.type === 'date') {
    return {
      ...base,
      valueFormatter: (value: string | null) => formatDateTime(value, DEFAULT_BUSINESS_TZ),
    };
  }
  return base;
}

/** Notif Id, Order Id, No. VA, Notif Status, Created Time, and Actions (spec §2). */
export function notificationColumns(options: {
  canSeeHistory: boolean;
  onSeeHistory: (notiId: number) => void;
}): { columns: TableColumn<NotificationRow>[]; actions: TableColumn<NotificationRow> } {
  return {
    columns: notificationResource.fields.filter((field) => !field.hidden).map(column),
    actions: {
      field: 'actions',
      headerName: 'Actions',
      width: 150,
      minWidth: 150,
      sortable: false,
      hideable: false,
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
  };
}
