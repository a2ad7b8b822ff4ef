/**
 * BCA Bisnis (KlikBCA Bisnis) CSV mutation export: a few header lines ('No. rekening : …',
 * 'Periode : dd/mm/yyyy - dd/mm/yyyy', 'Kode Mata Uang : Rp'), the column header
 * `Tanggal Transaksi,Keterangan,Cabang,Jumlah[, ,Saldo]`, rows whose date carries BCA's "'" text
 * marker ("'20/11" or "'20/11/2026") and whose amount ends in CR or DB ('"287,490.00 DB"', or the
 * mark in the unnamed column after it), rows dated 'PEND' (not booked yet: counted, not imported),
 * and a footer: Saldo Awal, Mutasi Kredit, Mutasi Debet, Saldo Akhir.
 */
import type { CsvRow } from './csv-cells.ts';
import { columnOf, dayMonthYear, flexibleAmount, headerName } from './csv-cells.ts';
import {
  dayOf,
  StatementRefusal,
  type Direction,
  type StatementEvent,
  type Totals,
} from './statement-events.ts';

const FOOTER: Record<string, 'opening' | 'credits' | 'debits' | 'closing'> = {
  'saldo awal': 'opening',
  'mutasi kredit': 'credits',
  'mutasi debet': 'debits',
  'mutasi debit': 'debits',
  'saldo akhir': 'closing',
};

interface Columns {
  date: number;
  description: number;
  branch: number;
  amount: number;
  balance: number;
}

/** '<label> : <value>' in one cell, or the label in one cell and the value in the next. */
function labelled(row: CsvRow): { label: string; values: string[] } {
  const [first = '', ...rest] = row.cells;
  const colon = first.indexOf(':');
  if (colon >= 0)
    return {
      label: headerName(first.slice(0, colon)),
      values: [first.slice(colon + 1), ...rest].map((c) => c.trim()).filter(Boolean),
    };
  return {
    label: headerName(first),
    values: rest.map((c) => c.replace(/^:\s*/, '').trim()).filter(Boolean),
  };
}

function directionOf(text: string, lineNo: number): Direction {
  const mark = text.trim().toUpperCase();
  if (mark === 'CR') return 'C';
  if (mark === 'DB') return 'D';
  throw new StatementRefusal(lineNo, `amount has no CR or DB mark ('${text.slice(0, 10)}')`);
}

/** `variant`: 'csv:bca-bisnis', 'csv:bca' (the personal export's English header), 'xlsx:…'. */
export async function* parseBcaCsv(
  rows: AsyncIterable<CsvRow>,
  variant: string,
): AsyncGenerator<StatementEvent> {
  let accountNo: string | null = null;
  let period: { from: string; to: string } | null = null;
  let columns: Columns | null = null;
  let lastLine = 0;
  const footer: {
    opening: number | null;
    closing: number | null;
    credits: Totals | null;
    debits: Totals | null;
  } = { opening: null, closing: null, credits: null, debits: null };

  /** 'dd/mm' takes its year from the period (the one that puts it inside). */
  const dayOfRow = (text: string, lineNo: number): string => {
    const short = /^'?(\d{1,2})\/(\d{1,2})$/.exec(text.trim());
    if (!short) return dayMonthYear(text, lineNo, 'date');
    if (!period)
      throw new StatementRefusal(
        lineNo,
        `date '${text.trim()}' has no year and the file gives no 'Periode'`,
      );
    for (const year of new Set([Number(period.to.slice(0, 4)), Number(period.from.slice(0, 4))])) {
      const day = dayOf(year, Number(short[2]), Number(short[1]));
      if (day && day >= period.from && day <= period.to) return day;
    }
    throw new StatementRefusal(
      lineNo,
      `date '${text.trim()}' is outside the period ${period.from} to ${period.to}`,
    );
  };

  for await (const row of rows) {
    lastLine = row.lineNo;
    if (row.cells.every((c) => c.trim() === '')) continue;
    if (!columns) {
      if (/^tanggal( transaksi)?$|^date$/.test(headerName(row.cells[0] ?? ''))) {
        columns = {
          date: 0,
          description: columnOf(row.cells, /^(keterangan|description)$/),
          branch: columnOf(row.cells, /^(cabang|branch)$/),
          amount: columnOf(row.cells, /^(jumlah|amount)$/),
          balance: columnOf(row.cells, /^(saldo|balance)$/),
        };
        if (columns.description < 0 || columns.amount < 0)
          throw new StatementRefusal(row.lineNo, 'the header must name Keterangan and Jumlah');
        yield {
          type: 'start',
          lineNo: row.lineNo,
          accountNo,
          reference: null,
          currency: null,
          openingMinor: null,
          periodFrom: period?.from ?? null,
          periodTo: period?.to ?? null,
          variant,
        };
        continue;
      }
      const { label, values } = labelled(row);
      if (/^no\.? ?rekening$|^account no\.?$/.test(label))
        accountNo = (values[0] ?? '').replace(/\D/g, '') || null;
      const range =
        label === 'periode' || label === 'period'
          ? /(\S+)\s*-\s*(\S+)/.exec(values.join(' '))
          : null;
      if (range)
        period = {
          from: dayMonthYear(range[1]!, row.lineNo, 'period start'),
          to: dayMonthYear(range[2]!, row.lineNo, 'period end'),
        };
      if (
        (label === 'kode mata uang' || label === 'currency') &&
        values[0] &&
        !/^(rp|idr)$/i.test(values[0])
      ) {
        throw new StatementRefusal(row.lineNo, `currency ${values[0]} is not rupiah (IDR)`);
      }
      continue;
    }
    const { label, values } = labelled(row);
    const part = FOOTER[label];
    if (part) {
      const amount = flexibleAmount(values[0] ?? '', row.lineNo, label);
      if (part === 'opening') footer.opening = amount;
      else if (part === 'closing') footer.closing = amount;
      else
        footer[part] = {
          minor: amount,
          count: values[1] && /^\d+$/.test(values[1]) ? Number(values[1]) : null,
        };
      continue;
    }
    const dateCell = row.cells[columns.date] ?? '';
    if (/^'?pend$/i.test(dateCell.trim())) {
      yield { type: 'pending', lineNo: row.lineNo };
      continue;
    }
    const amountCell = (row.cells[columns.amount] ?? '').trim();
    const marked = /^(.*?)\s*(CR|DB)$/i.exec(amountCell);
    const direction = directionOf(
      marked ? marked[2]! : (row.cells[columns.amount + 1] ?? ''),
      row.lineNo,
    );
    const amount = flexibleAmount(marked ? marked[1]! : amountCell, row.lineNo, 'amount');
    if (amount <= 0) throw new StatementRefusal(row.lineNo, 'amount must be more than 0');
    const day = dayOfRow(dateCell, row.lineNo);
    const balanceCell = columns.balance >= 0 ? (row.cells[columns.balance] ?? '').trim() : '';
    yield {
      type: 'entry',
      lineNo: row.lineNo,
      day,
      bookedDay: day,
      direction,
      amountMinor: amount,
      reference: null,
      narrative: (row.cells[columns.description] ?? '').replace(/\s+/g, ' ').trim().slice(0, 500),
      balanceMinor: balanceCell
        ? flexibleAmount(balanceCell.replace(/\s*(CR|DB)$/i, ''), row.lineNo, 'balance')
        : null,
    };
  }
  if (!columns)
    throw new StatementRefusal(
      lastLine || null,
      "no column header 'Tanggal Transaksi,Keterangan,Cabang,Jumlah' found",
    );
  const declared =
    footer.credits || footer.debits ? { credits: footer.credits, debits: footer.debits } : null;
  yield {
    type: 'end',
    lineNo: lastLine,
    openingMinor: footer.opening,
    closingMinor: footer.closing,
    closingDay: null,
    declared,
  };
}
