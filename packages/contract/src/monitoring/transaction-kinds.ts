/**
 * Transaction VA and Transaction BRI QRIS (spec §2, §3, §7): one description per screen.
 * The server derives its filter/sort whitelist, SQL columns and CSV columns from it; the
 * web app derives table columns, search-by choices and filters from it. Plain data, no zod:
 * the first page's routes read TRANSACTION_KINDS without loading the wire schemas
 * (transactions.ts).
 */
import { TRANSACTION_STATUS } from './status.ts';
import type { Area } from '../permissions.ts';
import type { FieldDef, ResourceDef } from '../resource.ts';
import { CSV_FILES, XLSX_FILES } from '../constants.ts';

const statusOptions = Object.entries(TRANSACTION_STATUS).map(([value, s]) => ({
  value,
  label: s.label,
}));

const text = (name: string, label: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  label,
  type: 'string',
  input: 'text',
  ...extra,
});
const amount = (name: string, label: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  label,
  type: 'number',
  numberKind: 'money',
  input: 'number',
  ...extra,
});
const date = (name: string, label: string, extra: Partial<FieldDef> = {}): FieldDef => ({
  name,
  label,
  type: 'date',
  input: 'date',
  ...extra,
});
const status: FieldDef = {
  name: 'trctStatus',
  label: 'Status',
  type: 'string',
  input: 'dropdown',
  options: statusOptions,
};
const notification: FieldDef = {
  name: 'notification',
  label: 'Notifikasi',
  type: 'string',
  input: 'none',
  derived: true,
};
const id: FieldDef = {
  name: 'trctId',
  label: 'ID',
  type: 'number',
  numberKind: 'bigint',
  input: 'none',
  key: true,
  hidden: true,
};

/** Amount fields: 2-decimal rupiah at the API edge (minor units in the database). */
export const MONEY_FIELDS: ReadonlySet<string> = new Set([
  'trctTotalAmount',
  'trctTotalAmountPaid',
]);

export const transactionVaResource: ResourceDef = {
  path: '/dashboard/transactionVa',
  entity: 'Transaction VA',
  idField: 'trctId',
  defaultOrder: { field: 'trctId', direction: 'desc' },
  fields: [
    id,
    text('trctOrderId', 'Order ID', { searchable: true }),
    text('trctVirtualAccountNo', 'No. VA'),
    text('trctVirtualAccountName', 'Nama'),
    text('trctBank', 'Bank'),
    amount('trctTotalAmount', 'Jumlah'),
    amount('trctTotalAmountPaid', 'Jumlah Dibayar'),
    date('trctCreatedTime', 'Tanggal Dibuat'),
    date('trvaExpiredDate', 'Tanggal Kadaluarsa'),
    date('trctLunasTime', 'Tanggal Lunas'),
    status,
    notification,
    text('trvaVirtualAccountNo', 'No. VA (bank)', { hidden: true, searchable: true }),
    text('trvaVirtualAccountName', 'Nama (bank)', { hidden: true, searchable: true }),
  ],
};

export const transactionQrResource: ResourceDef = {
  path: '/dashboard/transactionQr',
  entity: 'Transaction BRI QRIS',
  idField: 'trctId',
  defaultOrder: { field: 'trctId', direction: 'desc' },
  fields: [
    id,
    // (page - 1) * pageSize + position in the page, filled in by the server.
    { name: 'no', label: 'No.', type: 'number', input: 'none', derived: true },
    text('trctOrderId', 'Order Id', { searchable: true }),
    text('trctQrName', 'Nama'),
    text('trctBank', 'Bank'),
    text('trqrReferenceNo', 'Ref. No', { searchable: true }),
    amount('trctTotalAmount', 'Jumlah'),
    date('trctCreatedTime', 'Tanggal'),
    status,
    notification,
    amount('trctTotalAmountPaid', 'Jumlah Dibayar', { hidden: true }),
    text('trctQrBank', 'Bank QR', { hidden: true }),
    date('trqrCreatedTime', 'Tanggal QR', { hidden: true }),
  ],
};

export type TransactionKindKey = 'va' | 'qris';

export interface TransactionKindDef {
  key: TransactionKindKey;
  /** trctType in the database. */
  type: 'VA' | 'QRIS';
  resource: ResourceDef;
  area: Extract<Area, 'dashboard_transactionva' | 'dashboard_transactionqr'>;
  csvFile: string;
  /** The same export as an Excel workbook (export.xlsx). */
  xlsxFile: string;
  /** The toolbar's search-by choices (spec §2): a finds[field] each. */
  searchBy: readonly { field: string; label: string }[];
  /** CSV word when a row has no notification (spec §9). */
  csvNoNotification: string;
}

export const TRANSACTION_KINDS: Readonly<Record<TransactionKindKey, TransactionKindDef>> = {
  va: {
    key: 'va',
    type: 'VA',
    resource: transactionVaResource,
    area: 'dashboard_transactionva',
    csvFile: CSV_FILES.va,
    xlsxFile: XLSX_FILES.va,
    searchBy: [
      { field: 'trctOrderId', label: 'Order ID' },
      { field: 'trvaVirtualAccountName', label: 'Nama' },
      { field: 'trvaVirtualAccountNo', label: 'No. VA' },
    ],
    csvNoNotification: 'No Data',
  },
  qris: {
    key: 'qris',
    type: 'QRIS',
    resource: transactionQrResource,
    area: 'dashboard_transactionqr',
    csvFile: CSV_FILES.qris,
    xlsxFile: XLSX_FILES.qris,
    searchBy: [
      { field: 'trctOrderId', label: 'Order ID' },
      { field: 'trqrReferenceNo', label: 'Ref. No.' },
    ],
    csvNoNotification: '',
  },
};
