/** What the CSV statement formats share: rows with their line numbers, and reading their amounts and dates. */
import { amountMinor, dayOf, fullYear, StatementRefusal } from './statement-events.ts';

export interface CsvRow {
  cells: string[];
  /** The file line the row ends on (1-based). */
  lineNo: number;
}

/** A header cell as compared: lower case, single spaces, no surrounding quotes or dots at the end. */
export const headerName = (cell: string): string => cell.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * An amount whose decimal mark is read from the text: a '.' or ',' followed by one or two digits at
 * the end is the decimal mark ('150,000.00', '150.000,00', '150000'); the other mark groups thousands.
 */
export function flexibleAmount(text: string, lineNo: number, what: string): number {
  const t = text.trim();
  const decimal = /,\d{1,2}$/.test(t) ? ',' : '.';
  const minor = amountMinor(t, decimal, true);
  if (minor === null)
    throw new StatementRefusal(lineNo, `${what} '${t.slice(0, 30)}' is not an amount`);
  return minor;
}

/** 'dd/mm/yyyy', 'dd/mm/yy' or 'dd-mm-yyyy' (BCA, Mandiri); a leading "'" (BCA's text marker) is dropped. */
export function dayMonthYear(text: string, lineNo: number, what: string): string {
  const m = /^'?(\d{1,2})[/-](\d{1,2})[/-](\d{2}|\d{4})$/.exec(text.trim());
  const day = m
    ? dayOf(m[3]!.length === 2 ? fullYear(Number(m[3])) : Number(m[3]), Number(m[2]), Number(m[1]))
    : null;
  if (!day)
    throw new StatementRefusal(
      lineNo,
      `${what} '${text.trim().slice(0, 20)}' is not a date (dd/mm/yyyy)`,
    );
  return day;
}

/** The index of the first header cell matching `pattern`, or -1. */
export const columnOf = (header: readonly string[], pattern: RegExp, from = 0): number =>
  header.findIndex((cell, i) => i >= from && pattern.test(headerName(cell)));
