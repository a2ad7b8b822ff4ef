/**
 * Any bank's CSV, read with the column mapping saved on its bank account (contract csvMapping):
 * the first non-empty row is the header; the mapping names the columns by their header text.
 */
import type { CsvDateFormat, CsvMapping } from '@tagih/contract';
import type { CsvRow } from './csv-cells.ts';
import { headerName } from './csv-cells.ts';
import {
  amountMinor,
  dayOf,
  fullYear,
  StatementRefusal,
  type Direction,
  type StatementEvent,
} from './statement-events.ts';

const DATE_SHAPES: Record<
  CsvDateFormat,
  { pattern: RegExp; order: ['y' | 'm' | 'd', 'y' | 'm' | 'd', 'y' | 'm' | 'd'] }
> = {
  'YYYY-MM-DD': { pattern: /^(\d{4})-(\d{1,2})-(\d{1,2})/, order: ['y', 'm', 'd'] },
  'DD/MM/YYYY': { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})/, order: ['d', 'm', 'y'] },
  'DD-MM-YYYY': { pattern: /^(\d{1,2})-(\d{1,2})-(\d{4})/, order: ['d', 'm', 'y'] },
  'DD/MM/YY': { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{2})(?!\d)/, order: ['d', 'm', 'y'] },
  'MM/DD/YYYY': { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})/, order: ['m', 'd', 'y'] },
  YYYYMMDD: { pattern: /^(\d{4})(\d{2})(\d{2})/, order: ['y', 'm', 'd'] },
};

const CREDIT_WORDS = new Set(['c', 'cr', 'k', 'kredit', 'credit']);
const DEBIT_WORDS = new Set(['d', 'db', 'dr', 'debet', 'debit']);

function dateIn(format: CsvDateFormat, text: string, lineNo: number): string {
  const shape = DATE_SHAPES[format];
  const m = shape.pattern.exec(text.trim().replace(/^'/, ''));
  const parts: Record<string, number> = {};
  if (m) shape.order.forEach((part, i) => (parts[part] = Number(m[i + 1])));
  const year = m && format === 'DD/MM/YY' ? fullYear(parts.y!) : parts.y;
  const day = m ? dayOf(year!, parts.m!, parts.d!) : null;
  if (!day)
    throw new StatementRefusal(lineNo, `date '${text.trim().slice(0, 20)}' is not ${format}`);
  return day;
}

export async function* parseGenericCsv(
  rows: AsyncIterable<CsvRow>,
  mapping: CsvMapping,
  variant: string,
): AsyncGenerator<StatementEvent> {
  let index: Record<string, number> | null = null;
  let lastLine = 0;
  const money = (text: string, lineNo: number, what: string, signed: boolean) => {
    const minor = amountMinor(text, mapping.decimalSeparator, signed);
    if (minor === null)
      throw new StatementRefusal(lineNo, `${what} '${text.trim().slice(0, 30)}' is not an amount`);
    return minor;
  };
  for await (const row of rows) {
    lastLine = row.lineNo;
    if (row.cells.every((c) => c.trim() === '')) continue;
    const at = (name: keyof CsvMapping): string =>
      index && index[name] !== undefined ? (row.cells[index[name]!] ?? '').trim() : '';
    if (!index) {
      const header = row.cells.map(headerName);
      index = {};
      for (const key of [
        'date',
        'amount',
        'direction',
        'credit',
        'debit',
        'description',
        'reference',
        'balance',
      ] as const) {
        const name = mapping[key];
        if (name === undefined) continue;
        const i = header.indexOf(headerName(name));
        if (i < 0)
          throw new StatementRefusal(
            row.lineNo,
            `column '${name}' (the mapping's ${key}) is not in the header`,
          );
        index[key] = i;
      }
      yield {
        type: 'start',
        lineNo: row.lineNo,
        accountNo: null,
        reference: null,
        currency: null,
        openingMinor: null,
        periodFrom: null,
        periodTo: null,
        variant,
      };
      continue;
    }
    let direction: Direction;
    let amount: number;
    if (mapping.amount !== undefined) {
      const signed = money(at('amount'), row.lineNo, 'amount', true);
      const word = at('direction').toLowerCase();
      if (mapping.direction !== undefined && !CREDIT_WORDS.has(word) && !DEBIT_WORDS.has(word)) {
        throw new StatementRefusal(
          row.lineNo,
          `direction '${word.slice(0, 10)}' is neither credit (CR, C, K) nor debit (DB, D)`,
        );
      }
      direction =
        mapping.direction !== undefined
          ? CREDIT_WORDS.has(word)
            ? 'C'
            : 'D'
          : signed < 0
            ? 'D'
            : 'C';
      amount = Math.abs(signed);
    } else {
      const credit = at('credit') ? money(at('credit'), row.lineNo, 'credit', false) : 0;
      const debit = at('debit') ? money(at('debit'), row.lineNo, 'debit', false) : 0;
      if (credit > 0 === debit > 0)
        throw new StatementRefusal(
          row.lineNo,
          'exactly one of credit and debit must hold a positive amount',
        );
      direction = credit > 0 ? 'C' : 'D';
      amount = credit || debit;
    }
    if (amount <= 0) throw new StatementRefusal(row.lineNo, 'amount must be more than 0');
    const day = dateIn(mapping.dateFormat, at('date'), row.lineNo);
    const balance = at('balance');
    yield {
      type: 'entry',
      lineNo: row.lineNo,
      day,
      bookedDay: day,
      direction,
      amountMinor: amount,
      reference: at('reference').slice(0, 64) || null,
      narrative: at('description').replace(/\s+/g, ' ').slice(0, 500),
      balanceMinor:
        mapping.balance !== undefined && balance
          ? money(balance, row.lineNo, 'balance', true)
          : null,
    };
  }
  if (!index) throw new StatementRefusal(lastLine || null, 'the file has no header row');
  yield {
    type: 'end',
    lineNo: lastLine,
    openingMinor: null,
    closingMinor: null,
    closingDay: null,
    declared: null,
  };
}
