/**
 * A bank's own statement table (bank-layouts.ts: BRI, BNI, Mandiri internet banking, Bank Jatim),
 * from CSV/TXT rows or an XLSX sheet's rows: labelled lines above the header ('No. Rekening : …',
 * 'Mata Uang : IDR'), the header, then one row per line. As the banks' own importers do, only rows
 * that carry a date are lines: a row whose date cell holds no digit (a sub-total, 'Total', a
 * blank) is not; 'Saldo Awal' / 'Saldo Akhir' (or Opening / Closing Balance) in the first cell
 * give the balances to check.
 */
import { recogniseHeader, type TableLayout } from './bank-layouts.ts';
import type { CsvRow } from './csv-cells.ts';
import { columnOf, dayMonthYear, flexibleAmount, headerName } from './csv-cells.ts';
import { StatementRefusal, type Direction, type StatementEvent } from './statement-events.ts';

const CREDIT_MARKS = new Set(['c', 'cr', 'k', 'kr', 'kredit', 'credit']);
const DEBIT_MARKS = new Set(['d', 'db', 'dr', 'debet', 'debit']);
const BALANCES: Record<string, 'opening' | 'closing'> = {
  'saldo awal': 'opening',
  'opening balance': 'opening',
  'saldo akhir': 'closing',
  'closing balance': 'closing',
};

interface Columns {
  date: number;
  valueDate: number;
  description: number;
  reference: number;
  debit: number;
  credit: number;
  amount: number;
  mark: number;
  balance: number;
  account: number;
  currency: number;
}

const at = (row: CsvRow, i: number): string => (i < 0 ? '' : (row.cells[i] ?? '').trim());

/** 'dd/mm/yyyy', 'dd/mm/yy', 'dd-mm-yyyy', each maybe with a time ('19/11/26 10:15:22', '19/11/2026 10.15.22'), or 'yyyy-mm-dd'. */
export function tableDay(text: string, lineNo: number, what: string): string {
  const t = text
    .trim()
    .replace(/^'/, '')
    .replace(/[ T]\d{1,2}[:.]\d{2}([:.]\d{2})?$/, '');
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  return iso
    ? dayMonthYear(`${iso[3]}/${iso[2]}/${iso[1]}`, lineNo, what)
    : dayMonthYear(t, lineNo, what);
}

/** '<label> : <value>' in one cell, or the label in one cell and the value in the next. */
function labelled(row: CsvRow): { label: string; value: string } {
  const [first = '', ...rest] = row.cells;
  const colon = first.indexOf(':');
  if (colon >= 0)
    return {
      label: headerName(first.slice(0, colon)),
      value: [first.slice(colon + 1), ...rest].map((c) => c.trim()).find(Boolean) ?? '',
    };
  return {
    label: headerName(first),
    value: rest.map((c) => c.replace(/^:\s*/, '').trim()).find(Boolean) ?? '',
  };
}

const isRupiah = (text: string) => /^(idr|rp\.?|rupiah)$/i.test(text.trim());

function notRupiah(lineNo: number, currency: string): StatementRefusal {
  return new StatementRefusal(
    lineNo,
    `mata uang ${currency}: hanya mutasi rupiah (IDR) yang direkonsiliasi. Unduh mutasi rekening rupiah dari bank`,
    'currency-not-idr',
  );
}

export async function* parseBankTable(
  rows: AsyncIterable<CsvRow>,
  layout: TableLayout,
  container: 'csv' | 'xlsx',
): AsyncGenerator<StatementEvent> {
  let columns: Columns | null = null;
  let accountNo: string | null = null;
  let lastLine = 0;
  let headerLine = 0;
  let started = false;
  /** The section starts at the first line (a layout with an account column names it there). */
  const start = (rowAccount: string | null): StatementEvent => {
    started = true;
    accountNo ??= rowAccount;
    return {
      type: 'start',
      lineNo: headerLine,
      accountNo,
      reference: null,
      currency: null,
      openingMinor: null,
      periodFrom: null,
      periodTo: null,
      variant: `${container}:${layout.name}`,
    };
  };
  const balances: { opening: number | null; closing: number | null } = {
    opening: null,
    closing: null,
  };
  for await (const row of rows) {
    lastLine = row.lineNo;
    if (row.cells.every((c) => c.trim() === '')) continue;
    if (!columns) {
      const names = row.cells;
      if (recogniseHeader(names)?.name === layout.name) {
        const find = (p: RegExp | undefined) => (p ? columnOf(names, p) : -1);
        columns = {
          date: find(layout.date),
          valueDate: find(layout.valueDate),
          description: find(layout.description),
          reference: find(layout.reference),
          debit: find(layout.debit),
          credit: find(layout.credit),
          amount: find(layout.amount),
          mark: find(layout.mark),
          balance: find(layout.balance),
          account: find(layout.account),
          currency: find(layout.currency),
        };
        headerLine = row.lineNo;
        continue;
      }
      const { label, value } = labelled(row);
      if (/^(no\.? ?rek(ening)?\.?|nomor rekening|account (no\.?|number))$/.test(label))
        accountNo = value.replace(/\D/g, '') || null;
      if (/^(mata uang|kode mata uang|currency)$/.test(label) && value && !isRupiah(value))
        throw notRupiah(row.lineNo, value);
      continue;
    }
    const balanceOf = BALANCES[labelled(row).label];
    if (balanceOf) {
      const value =
        row.cells
          .slice(1)
          .map((c) => c.replace(/^:\s*/, '').trim())
          .find(Boolean) ?? '';
      balances[balanceOf] = flexibleAmount(value, row.lineNo, labelled(row).label);
      continue;
    }
    const dateText = at(row, columns.date);
    if (!/\d/.test(dateText)) continue;
    const currency = at(row, columns.currency);
    if (currency && !isRupiah(currency)) throw notRupiah(row.lineNo, currency);
    let direction: Direction;
    let amount: number;
    if (columns.amount >= 0) {
      const mark = at(row, columns.mark).toLowerCase();
      if (!CREDIT_MARKS.has(mark) && !DEBIT_MARKS.has(mark))
        throw new StatementRefusal(
          row.lineNo,
          `tanda '${mark.slice(0, 10)}' bukan kredit (C, CR, K) atau debit (D, DB)`,
        );
      direction = CREDIT_MARKS.has(mark) ? 'C' : 'D';
      amount = flexibleAmount(at(row, columns.amount), row.lineNo, 'amount');
    } else {
      const debit = at(row, columns.debit)
        ? flexibleAmount(at(row, columns.debit), row.lineNo, 'debit')
        : 0;
      const credit = at(row, columns.credit)
        ? flexibleAmount(at(row, columns.credit), row.lineNo, 'credit')
        : 0;
      if (debit > 0 === credit > 0 || debit < 0 || credit < 0)
        throw new StatementRefusal(
          row.lineNo,
          'exactly one of debit and credit must hold a positive amount',
        );
      direction = credit > 0 ? 'C' : 'D';
      amount = credit || debit;
    }
    if (amount <= 0) throw new StatementRefusal(row.lineNo, 'amount must be more than 0');
    const account = at(row, columns.account).replace(/\D/g, '');
    if (!started) yield start(account || null);
    else if (account && accountNo && account !== accountNo)
      throw new StatementRefusal(
        row.lineNo,
        `account ${account} differs from ${accountNo} above: one account per file`,
      );
    const booked = tableDay(dateText, row.lineNo, 'date');
    const valueText = at(row, columns.valueDate);
    const balance = at(row, columns.balance);
    yield {
      type: 'entry',
      lineNo: row.lineNo,
      day: valueText ? tableDay(valueText, row.lineNo, 'value date') : booked,
      bookedDay: booked,
      direction,
      amountMinor: amount,
      reference: at(row, columns.reference).slice(0, 64) || null,
      narrative: at(row, columns.description).replace(/\s+/g, ' ').slice(0, 500),
      balanceMinor: balance ? flexibleAmount(balance, row.lineNo, 'balance') : null,
    };
  }
  if (!columns)
    throw new StatementRefusal(
      lastLine || null,
      `no column header of the ${layout.bank} layout found`,
    );
  if (!started) yield start(null);
  yield {
    type: 'end',
    lineNo: lastLine,
    openingMinor: balances.opening,
    closingMinor: balances.closing,
    closingDay: null,
    declared: null,
  };
}
