import Box from '@mui/material/Box';
import { CutText } from '../../components/cut-text.tsx';
import type { TableColumn } from '../../components/table-column.ts';
import {
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
import { InquiryButton, ResendButton } from '../../monitoring/actions/action-buttons.tsx';
import type { ActionTarget } from '../../monitoring/actions/action-dialog.tsx';
import { NotificationRefChip, TransactionStatusChip } from './transaction-chips.tsx';

export type TransactionRow = TransactionVaRow | TransactionQrRow;

export interface TransactionColumnOptions {
  /** Table headers that differ from the resource's labels (which also head the CSV). */
  headers?: Readonly<Record<string, string>>;
  /** The screen's read permission: Inquiry and Notif need it (spec §6). */
  canAct: boolean;
  onAction: (target: ActionTarget) => void;
}

/**
 * The least a column needs (dates take two lines: the day above the time); columns share what
 * is left, and the table scrolls sideways when they do not fit, Order ID and Actions held in place.
 */
const MIN_WIDTHS: Record<string, number> = {
  no: 56,
  trctOrderId: 150,
  trctVirtualAccountNo: 150,
  trctBank: 70,
  trctStatus: 120,
  notification: 105,
  trctVirtualAccountName: 120,
  trctQrName: 120,
  trqrReferenceNo: 130,
};

/** On a phone's card (600 px or narrower): the order id (whole), amount, time, name and status first. */
export const TRANSACTION_CARD_ORDER: readonly string[] = [
  'trctOrderId',
  'trctTotalAmount',
  'trctCreatedTime',
  'trctVirtualAccountName',
  'trctQrName',
  'trctStatus',
  'notification',
];

/** The default layout's columns (all of the spec's), most important first. */
export const TRANSACTION_PRIORITY: Readonly<Record<TransactionKindDef['key'], readonly string[]>> =
  {
    va: [
      'trctOrderId',
      'trctStatus',
      'trctTotalAmount',
      'notification',
      'trctCreatedTime',
      'trctVirtualAccountName',
      'trctBank',
      'trctTotalAmountPaid',
      'trctVirtualAccountNo',
      'trvaExpiredDate',
      'trctLunasTime',
    ],
    qris: [
      'trctOrderId',
      'trctStatus',
      'trctTotalAmount',
      'notification',
      'trctCreatedTime',
      'no',
      'trqrReferenceNo',
      'trctQrName',
      'trctBank',
    ],
  };

function minWidthOf(field: FieldDef): number {
  const fixed = MIN_WIDTHS[field.name];
  if (fixed) return fixed;
  if (field.type === 'date') return 112;
  if (MONEY_FIELDS.has(field.name)) return 140;
  return 150;
}

function column(field: FieldDef, headerName: string): TableColumn<TransactionRow> {
  const base: TableColumn<TransactionRow> = {
    field: field.name,
    headerName,
    minWidth: minWidthOf(field),
    sortable: isSortable(field),
  };
  if (field.name === 'trctOrderId') {
    // Ids differ at their end: a cut id keeps it ("…MX0BTQUKE4"), the whole id on hover and in the detail.
    return {
      ...base,
      sticky: 'start',
      renderCell: ({ value }) => <CutText text={String(value ?? '')} keep="end" />,
    };
  }
  if (field.name === 'trctStatus') {
    return {
      ...base,
      renderCell: ({ value }) => <TransactionStatusChip status={value as string} />,
    };
  }
  if (field.name === 'notification') {
    return { ...base, renderCell: ({ value }) => <NotificationRefChip value={value} /> };
  }
  if (MONEY_FIELDS.has(field.name)) {
    return {
      ...base,
      valueFormatter: (value: number | null) =>
        value === null || value === undefined ? '' : formatRupiah(value),
    };
  }
  if (field.type === 'date') {
    return {
      ...base,
      wrap: true,
      valueFormatter: (value: string | null) => formatDateTime(value, DEFAULT_BUSINESS_TZ),
    };
  }
  return base;
}

// Made once, not for every row's cell on every render (emotion's work on the first render).
const ACTIONS_CELL_SX = { display: 'flex', gap: 1, alignItems: 'center', height: '100%' } as const;
const stopClick = (event: { stopPropagation: () => void }) => event.stopPropagation();

function actionsColumn({
  canAct,
  onAction,
}: TransactionColumnOptions): TableColumn<TransactionRow> {
  return {
    field: 'actions',
    headerName: 'Actions',
    width: 176,
    minWidth: 176,
    sortable: false,
    hideable: false,
    renderCell: ({ row }) => {
      const target = { trctId: row.trctId, orderId: row.trctOrderId };
      const subject = { place: 'row', status: row.trctStatus, permitted: canAct } as const;
      return (
        // A click on a button is not a click on the row (which opens the detail view).
        <Box onClick={stopClick} sx={ACTIONS_CELL_SX}>
          <InquiryButton {...subject} onClick={() => onAction({ action: 'inquiry', ...target })} />
          <ResendButton {...subject} onClick={() => onAction({ action: 'resend', ...target })} />
        </Box>
      );
    },
  };
}

/** The table of a transaction kind: its visible fields in resource order, and Actions (spec §2). */
export function transactionColumns(
  kind: TransactionKindDef,
  options: TransactionColumnOptions,
): { columns: TableColumn<TransactionRow>[]; actions: TableColumn<TransactionRow> } {
  return {
    columns: kind.resource.fields
      .filter((field) => !field.hidden)
      .map((field) => column(field, options.headers?.[field.name] ?? field.label)),
    actions: actionsColumn(options),
  };
}
