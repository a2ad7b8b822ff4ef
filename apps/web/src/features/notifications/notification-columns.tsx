import HistoryIcon from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { TableColumn } from '../../components/table-column.ts';
import {
  DEFAULT_BUSINESS_TZ,
  fieldOf,
  formatDateTime,
  isSortable,
  notificationResource,
  type FieldDef,
  type NotificationRow,
} from '@tagih/contract';
import { ResendButton } from '../../monitoring/actions/action-buttons.tsx';
import { LastAttempt, NextAttempt, NotificationDeliveryStatus } from './notification-delivery.tsx';

/** The least a column needs to show its content uncut; columns share what is left. */
const MIN_WIDTHS: Record<string, number> = {
  notiId: 80,
  notiOrderId: 150,
  trctVirtualAccountNo: 160,
  notiStatus: 170,
  notiCreatedTime: 112,
  notiLastHttpStatus: 180,
  notiNextAttemptAt: 112,
};

/**
 * The delivery columns (not in the spec's list), beside the status they explain: shown by
 * default, hidden with the column chooser. The attempt count is the status cell's ("Gagal · 3x")
 * and the history's.
 */
const DELIVERY_FIELDS: readonly string[] = ['notiLastHttpStatus', 'notiNextAttemptAt'];
const isDeliveryField = (name: string) => DELIVERY_FIELDS.includes(name);

/** Which columns stay when the table is narrow, most important first. */
export const NOTIFICATION_PRIORITY: readonly string[] = [
  'notiOrderId',
  'notiStatus',
  'notiLastHttpStatus',
  'notiNextAttemptAt',
  'notiCreatedTime',
  'notiId',
  'trctVirtualAccountNo',
];

const CELLS: Partial<Record<string, TableColumn<NotificationRow>['renderCell']>> = {
  notiStatus: ({ row }) => <NotificationDeliveryStatus row={row} />,
  notiLastHttpStatus: ({ row }) => <LastAttempt row={row} />,
  notiNextAttemptAt: ({ row }) => <NextAttempt row={row} />,
};

function column(field: FieldDef): TableColumn<NotificationRow> {
  const base: TableColumn<NotificationRow> = {
    field: field.name,
    headerName: field.label,
    // The delivery columns are not sorted on: no index serves them (the list stays fast).
    sortable: isSortable(field) && !isDeliveryField(field.name),
    minWidth: MIN_WIDTHS[field.name] ?? 170,
  };
  const renderCell = CELLS[field.name];
  if (renderCell) return { ...base, renderCell };
  if (field.type === 'date') {
    return {
      ...base,
      // The day above the time, as on the transaction screens.
      wrap: true,
      valueFormatter: (value: string | null) => formatDateTime(value, DEFAULT_BUSINESS_TZ),
    };
  }
  return base;
}

const ACTIONS_CELL_SX = { display: 'flex', gap: 1, alignItems: 'center', height: '100%' } as const;

/**
 * Notif Id, Order Id, No. VA, Notif Status (spec §2) with the delivery columns after it, Created
 * Time (spec §2), and Actions: See History, and Kirim ulang (the transaction's own Notif: it needs that transaction
 * screen's read permission, `canResend`).
 */
export function notificationColumns(options: {
  canSeeHistory: boolean;
  onSeeHistory: (notiId: number) => void;
  canResend: (row: NotificationRow) => boolean;
  onResend: (row: NotificationRow) => void;
}): { columns: TableColumn<NotificationRow>[]; actions: TableColumn<NotificationRow> } {
  const fields = notificationResource.fields
    .filter((field) => !field.hidden && !isDeliveryField(field.name))
    .flatMap((field) =>
      field.name === 'notiStatus'
        ? [field, ...DELIVERY_FIELDS.map((name) => fieldOf(notificationResource, name)!)]
        : [field],
    );
  return {
    columns: fields.map(column),
    actions: {
      field: 'actions',
      headerName: 'Actions',
      width: 224,
      minWidth: 224,
      sortable: false,
      hideable: false,
      renderCell: ({ row }) => (
        <Box sx={ACTIONS_CELL_SX}>
          <Button
            size="small"
            variant="outlined"
            startIcon={<HistoryIcon />}
            disabled={!options.canSeeHistory}
            onClick={() => options.onSeeHistory(row.notiId)}
          >
            See History
          </Button>
          <ResendButton
            place="notification"
            permitted={options.canResend(row)}
            onClick={() => options.onResend(row)}
          />
        </Box>
      ),
    },
  };
}
