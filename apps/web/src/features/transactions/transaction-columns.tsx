import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { GridColDef } from '@mui/x-data-grid';
import {
  canInquire,
  canNotify,
  DEFAULT_BUSINESS_TZ,
  formatDateTime,
  formatRupiah,
  isSortable,
  MONEY_FIELDS,
  type FieldDef,
  type TransactionKindDef,
  type TransactionQrRow,
  type TransactionVaRow,
} from '@tagih/contract';
import { NotificationRefChip, TransactionStatusChip } from './transaction-chips.tsx';

export type TransactionRow = TransactionVaRow | TransactionQrRow;

export interface TransactionAction {
  type: 'inquiry' | 'notify';
  trctId: number;
  orderId: string;
}

export interface TransactionColumnOptions {
  /** Table headers that differ from the resource's labels (which also head the CSV). */
  headers?: Readonly<Record<string, string>>;
  /** The screen's read permission: Inquiry and Notif need it (spec §6). */
  canAct: boolean;
  onAction: (action: TransactionAction) => void;
}

const WIDTHS: Record<string, number> = {
  no: 64,
  trctBank: 100,
  trctStatus: 130,
  notification: 120,
};

function widthOf(field: FieldDef): number {
  const fixed = WIDTHS[field.name];
  if (fixed) return fixed;
  if (field.type === 'date') return 180;
  if (MONEY_FIELDS.has(field.name)) return 160;
  return 170;
}

function column(field: FieldDef, headerName: string): GridColDef<TransactionRow> {
  const base: GridColDef<TransactionRow> = {
    field: field.name,
    headerName,
    width: widthOf(field),
    sortable: isSortable(field),
  };
  if (field.name === 'trctStatus') {
    return { ...base, renderCell: ({ value }) => <TransactionStatusChip status={value as string} /> };
  }
  if (field.name === 'notification') {
    return { ...base, renderCell: ({ value }) => <NotificationRefChip value={value} /> };
  }
  if (MONEY_FIELDS.has(field.name)) {
    return {
      ...base,
      valueFormatter: (value: number | null) => (value === null || value === undefined ? '' : formatRupiah(value)),
    };
  }
  if (field.type === 'date') {
    return { ...base, valueFormatter: (value: string | null) => formatDateTime(value, DEFAULT_BUSINESS_TZ) };
  }
  return base;
}

function actionsColumn({ canAct, onAction }: TransactionColumnOptions): GridColDef<TransactionRow> {
  return {
    field: 'actions',
    headerName: 'Actions',
    width: 190,
    sortable: false,
    renderCell: ({ row }) => {
      const target = { trctId: row.trctId, orderId: row.trctOrderId };
      return (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', height: '100%' }}>
          <Button
            size="small"
            variant="outlined"
            color="info"
            disabled={!canAct || !canInquire(row.trctStatus)}
            onClick={() => onAction({ type: 'inquiry', ...target })}
          >
            Inquiry
          </Button>
          <Button
            size="small"
            variant="outlined"
            disabled={!canAct || !canNotify(row.trctStatus)}
            onClick={() => onAction({ type: 'notify', ...target })}
          >
            Notif
          </Button>
        </Box>
      );
    },
  };
}

/** The table of a transaction kind: its visible fields in resource order, then Actions (spec §2). */
export function transactionColumns(
  kind: TransactionKindDef,
  options: TransactionColumnOptions,
): GridColDef<TransactionRow>[] {
  return [
    ...kind.resource.fields
      .filter((field) => !field.hidden)
      .map((field) => column(field, options.headers?.[field.name] ?? field.label)),
    actionsColumn(options),
  ];
}
