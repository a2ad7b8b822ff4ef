/**
 * Transaction VA and Transaction BRI QRIS (spec §2, §3, §7): one description per screen.
 * The server derives its filter/sort whitelist, SQL columns and CSV columns from it; the
 * web app derives table columns, search-by choices and filters from it.
 */
import { z } from 'zod';
import { TRANSACTION_STATUS } from './status.ts';
import type { Area } from '../permissions.ts';
import type { FieldDef, ResourceDef } from '../resource.ts';
import { CSV_FILES } from '../constants.ts';

const statusOptions = Object.entries(TRANSACTION_STATUS).map(([value, s]) => ({ value, label: s.label }));

const text = (name: string, label: string, extra: Partial<FieldDef> = {}): FieldDef => ({ name, label, type: 'string', input: 'text', ...extra });
const amount = (name: string, label: string, extra: Partial<FieldDef> = {}): FieldDef => ({ name, label, type: 'number', input: 'number', ...extra });
const date = (name: string, label: string, extra: Partial<FieldDef> = {}): FieldDef => ({ name, label, type: 'date', input: 'date', ...extra });
const status: FieldDef = { name: 'trctStatus', label: 'Status', type: 'string', input: 'dropdown', options: statusOptions };
const notification: FieldDef = { name: 'notification', label: 'Notifikasi', type: 'string', input: 'none', derived: true };
const id: FieldDef = { name: 'trctId', label: 'ID', type: 'number', input: 'none', key: true, hidden: true };

/** Amount fields: 2-decimal rupiah at the API edge (minor units in the database). */
export const MONEY_FIELDS: ReadonlySet<string> = new Set(['trctTotalAmount', 'trctTotalAmountPaid']);

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
    searchBy: [
      { field: 'trctOrderId', label: 'Order ID' },
      { field: 'trqrReferenceNo', label: 'Ref. No.' },
    ],
    csvNoNotification: '',
  },
};

/** A row's notification: `{ notiStatus }`, or [] when it has none (spec §3). */
export const notificationRef = z.union([z.object({ notiStatus: z.number() }), z.array(z.never())]);

const money = z.number().nullable();
const instant = z.string().nullable();

export const transactionVaRow = z.object({
  trctId: z.number(),
  trctOrderId: z.string(),
  trctVirtualAccountNo: z.string().nullable(),
  trctVirtualAccountName: z.string().nullable(),
  trctBank: z.string().nullable(),
  trctTotalAmount: money,
  trctTotalAmountPaid: money,
  trctCreatedTime: z.string(),
  trvaExpiredDate: instant,
  trctLunasTime: instant,
  trctStatus: z.string(),
  trvaVirtualAccountNo: z.string().nullable(),
  trvaVirtualAccountName: z.string().nullable(),
  notification: notificationRef,
});
export type TransactionVaRow = z.infer<typeof transactionVaRow>;

export const transactionQrRow = z.object({
  no: z.number(),
  trctId: z.number(),
  trctOrderId: z.string(),
  trctQrName: z.string().nullable(),
  trctQrBank: z.string().nullable(),
  trqrReferenceNo: z.string().nullable(),
  trctTotalAmount: money,
  trctTotalAmountPaid: money,
  trctBank: z.string().nullable(),
  trctCreatedTime: z.string(),
  trqrCreatedTime: instant,
  trctStatus: z.string(),
  notification: notificationRef,
});
export type TransactionQrRow = z.infer<typeof transactionQrRow>;

/**
 * One status's share of a filtered set (issue 11): its rows and their amount (rupiah; the paid
 * amount where there is one, else the bill's total).
 */
export const transactionStatusTotal = z.object({ status: z.string(), count: z.number(), amount: z.number() });
export type TransactionStatusTotal = z.infer<typeof transactionStatusTotal>;

/**
 * data.total of a transaction list: paid transactions of the whole filtered set (spec), and
 * (issue 11) `by_status`: every status of TRANSACTION_STATUSES, in that order, with its count and amount.
 */
export const transactionTotals = z.object({
  nominal_lunas: z.number(),
  count_lunas: z.number(),
  by_status: z.array(transactionStatusTotal),
});
export type TransactionTotals = z.infer<typeof transactionTotals>;

/** POST inquiry_status answer (data); status.message says what happened. */
export const inquiryResult = z.object({
  trctId: z.number(),
  trctStatus: z.string(),
  paid: z.boolean(),
  bankResponseCode: z.string().nullable(),
  notification: z.object({ notiId: z.number(), notiStatus: z.number(), delivered: z.boolean() }).nullable(),
});
export type InquiryResult = z.infer<typeof inquiryResult>;

/** POST send_notification answer (data): responseCode 200, or 400 on failure (spec §7). */
export const notifyResult = z.object({
  responseCode: z.number(),
  responseMessage: z.string(),
  notiId: z.number().optional(),
  notiStatus: z.number().optional(),
});
export type NotifyResult = z.infer<typeof notifyResult>;
