/**
 * The statement layouts Indonesian banks export (CSV, TXT or XLSX), each recognised by its column
 * header, so that the operator never chooses a format. Column names as the banks write them (the
 * sources are listed in /work/shared/spec-derived docs: docs/behaviour.md "Formats"); the header
 * cells are compared by `headerName` (lower case, single spaces).
 *
 * BCA (Bisnis and personal) and Mandiri MCM have readers of their own (bca-csv.ts,
 * mandiri-csv.ts); the others share bank-table.ts, driven by the columns below.
 */
import { headerName } from './csv-cells.ts';

export interface TableLayout {
  /** The variant's name after 'csv:' or 'xlsx:' (e.g. 'bri'). */
  name: string;
  bank: string;
  date: RegExp;
  valueDate?: RegExp;
  description: RegExp;
  reference?: RegExp;
  /** Either debit + credit columns, or one amount column with a D/C mark column. */
  debit?: RegExp;
  credit?: RegExp;
  amount?: RegExp;
  mark?: RegExp;
  balance?: RegExp;
  /** A column naming the account on every row (Bank Jatim), or the currency. */
  account?: RegExp;
  currency?: RegExp;
}

/** Which reader takes a recognised table: BCA's, Mandiri MCM's, or the shared one with its layout. */
export type Recognised =
  | { reader: 'bca' | 'mandiri-mcm'; name: string }
  | { reader: 'table'; name: string; layout: TableLayout };

export const TABLE_LAYOUTS: readonly TableLayout[] = [
  {
    // BRI internet banking bisnis / CMS "Mutasi Rekening": dd/mm/yy[yy] [HH:MM:SS], amounts 1,500,000.00.
    name: 'bri',
    bank: 'BRI',
    date: /^tanggal( transaksi)?$|^tgl\.? ?tran(saksi)?$/,
    description: /^(uraian|keterangan)( transaksi)?$/,
    reference: /^(teller|no\.? ?ref(erensi)?)$/,
    debit: /^(debet|mutasi debet)$/,
    credit: /^(kredit|mutasi kredit)$/,
    balance: /^(saldo|saldo akhir)$/,
  },
  {
    // BNIDirect account statement: Post Date, Value Date, Branch, Journal No., Description, Amount, Db/Cr, Balance.
    name: 'bni',
    bank: 'BNI',
    date: /^post date$/,
    valueDate: /^value date$/,
    description: /^description$/,
    reference: /^journal no\.?$/,
    amount: /^amount$/,
    mark: /^db\/cr$/,
    balance: /^balance$/,
  },
  {
    // Mandiri internet banking "rekening koran" (Excel or CSV): Tgl., Tgl. Val., Rincian Transaksi, No. Referensi, Debit, Kredit, Saldo.
    name: 'mandiri-ib',
    bank: 'Mandiri',
    date: /^tgl\.?$|^tanggal$/,
    valueDate: /^tgl\.? val\.?$/,
    description: /^rincian transaksi$/,
    reference: /^no\.? referensi$/,
    debit: /^debit$/,
    credit: /^kredit$/,
    balance: /^saldo$/,
  },
  {
    // Bank Jatim: Post Date, Effective Date, Account, Name, Description, Currency, Debit, Credit, Balance, Reference No.
    name: 'jatim',
    bank: 'Bank Jatim',
    date: /^post date$/,
    valueDate: /^effective date$/,
    description: /^description$/,
    reference: /^reference no\.?$/,
    debit: /^debit$/,
    credit: /^credit$/,
    balance: /^balance$/,
    account: /^account$/,
    currency: /^currency$/,
  },
];

const has = (names: readonly string[], pattern: RegExp | undefined) =>
  pattern === undefined || names.some((n) => pattern.test(n));

/** The layout a header row is, or null. */
export function recogniseHeader(cells: readonly string[]): Recognised | null {
  const names = cells.map(headerName);
  if (
    /^tanggal( transaksi)?$|^date$/.test(names[0] ?? '') &&
    has(names, /^(keterangan|description)$/) &&
    has(names, /^(jumlah|amount)$/) &&
    has(names, /^(cabang|branch)$/)
  ) {
    return { reader: 'bca', name: names[0] === 'date' ? 'bca' : 'bca-bisnis' };
  }
  if (
    names.some((n) => /^account no\.?$/.test(n)) &&
    names.some((n) => /^val(ue)?\.? ?date$/.test(n)) &&
    names.includes('debit') &&
    names.includes('credit')
  ) {
    return { reader: 'mandiri-mcm', name: 'mandiri-mcm' };
  }
  for (const layout of TABLE_LAYOUTS) {
    const required = [
      layout.date,
      layout.valueDate,
      layout.description,
      layout.debit,
      layout.credit,
      layout.amount,
      layout.mark,
      layout.account,
    ];
    if (required.every((p) => has(names, p)) && (layout.debit || layout.amount))
      return { reader: 'table', name: layout.name, layout };
  }
  return null;
}

/** The first header row of the first rows that a layout fits. */
export function recogniseRows(rows: readonly (readonly string[])[]): Recognised | null {
  for (const cells of rows) {
    const found = recogniseHeader(cells);
    if (found) return found;
  }
  return null;
}

/** Splits a line of a CSV's head into cells (quotes dropped): enough to recognise a header. */
export const headCells = (line: string, delimiter: string): string[] =>
  line.split(delimiter).map((c) => c.trim().replace(/^"|"$/g, ''));
