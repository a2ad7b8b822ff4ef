/**
 * Mandiri MCM (Kopra) CSV: `Account No,Date,Val. Date,Transaction Code,Description,Description,
 * Reference No.,Debit,Credit` (a trailing Balance/Saldo column is used when present), dates
 * dd/mm/yy; one of Debit and Credit holds the amount. Lines before the header are skipped.
 */
import type { CsvRow } from './csv-cells.ts';
import { columnOf, dayMonthYear, flexibleAmount, headerName } from './csv-cells.ts';
import { StatementRefusal, type StatementEvent } from './statement-events.ts';

interface Columns {
  account: number;
  date: number;
  valueDate: number;
  descriptions: number[];
  reference: number;
  debit: number;
  credit: number;
  balance: number;
}

function columnsOf(header: readonly string[], lineNo: number): Columns {
  const columns: Columns = {
    account: columnOf(header, /^account no\.?$/),
    date: columnOf(header, /^(posting )?date$/),
    valueDate: columnOf(header, /^val(ue)?\.? ?date$/),
    descriptions: header
      .map((cell, i) => (/^(description|remark)/.test(headerName(cell)) ? i : -1))
      .filter((i) => i >= 0),
    reference: columnOf(header, /^ref(erence)?\.? ?no\.?$/),
    debit: columnOf(header, /^debit$/),
    credit: columnOf(header, /^credit$/),
    balance: columnOf(header, /^(balance|saldo)$/),
  };
  if (columns.date < 0 || columns.debit < 0 || columns.credit < 0)
    throw new StatementRefusal(lineNo, 'the header must name Date, Debit and Credit');
  return columns;
}

const cell = (row: CsvRow, index: number): string =>
  index < 0 ? '' : (row.cells[index] ?? '').trim();

export async function* parseMandiriCsv(
  rows: AsyncIterable<CsvRow>,
  variant: string,
): AsyncGenerator<StatementEvent> {
  let columns: Columns | null = null;
  let accountNo: string | null = null;
  let lastLine = 0;
  for await (const row of rows) {
    lastLine = row.lineNo;
    if (row.cells.every((c) => c.trim() === '')) continue;
    if (!columns) {
      if (
        row.cells.some((c) => headerName(c) === 'account no' || headerName(c) === 'account no.') &&
        row.cells.some((c) => /^(debit|credit)$/.test(headerName(c)))
      ) {
        columns = columnsOf(row.cells, row.lineNo);
      }
      continue;
    }
    const account = cell(row, columns.account).replace(/\D/g, '');
    if (accountNo === null) {
      accountNo = account || null;
      yield {
        type: 'start',
        lineNo: row.lineNo,
        accountNo,
        reference: null,
        currency: null,
        openingMinor: null,
        periodFrom: null,
        periodTo: null,
        variant,
      };
    } else if (account && account !== accountNo) {
      throw new StatementRefusal(
        row.lineNo,
        `account ${account} differs from ${accountNo} above: one account per file`,
      );
    }
    const debit = cell(row, columns.debit);
    const credit = cell(row, columns.credit);
    const debitMinor = debit ? flexibleAmount(debit, row.lineNo, 'debit') : 0;
    const creditMinor = credit ? flexibleAmount(credit, row.lineNo, 'credit') : 0;
    if (debitMinor > 0 === creditMinor > 0 || debitMinor < 0 || creditMinor < 0) {
      throw new StatementRefusal(
        row.lineNo,
        'exactly one of Debit and Credit must hold a positive amount',
      );
    }
    const booked = dayMonthYear(cell(row, columns.date), row.lineNo, 'date');
    const valueText = cell(row, columns.valueDate);
    const day = valueText ? dayMonthYear(valueText, row.lineNo, 'value date') : booked;
    const balance = cell(row, columns.balance);
    yield {
      type: 'entry',
      lineNo: row.lineNo,
      day,
      bookedDay: booked,
      direction: creditMinor > 0 ? 'C' : 'D',
      amountMinor: creditMinor || debitMinor,
      reference: cell(row, columns.reference).slice(0, 64) || null,
      narrative: columns.descriptions
        .map((i) => cell(row, i))
        .filter(Boolean)
        .join(' ')
        .replace(/\s+/g, ' ')
        .slice(0, 500),
      balanceMinor: balance ? flexibleAmount(balance, row.lineNo, 'balance') : null,
    };
  }
  if (!columns)
    throw new StatementRefusal(
      lastLine || null,
      "no column header 'Account No,Date,Val. Date,…,Debit,Credit' found",
    );
  if (accountNo === null)
    yield {
      type: 'start',
      lineNo: lastLine,
      accountNo: null,
      reference: null,
      currency: null,
      openingMinor: null,
      periodFrom: null,
      periodTo: null,
      variant,
    };
  yield {
    type: 'end',
    lineNo: lastLine,
    openingMinor: null,
    closingMinor: null,
    closingDay: null,
    declared: null,
  };
}
