/**
 * What every statement parser yields, one event at a time (a file is never held whole): a
 * statement section opens (account, opening balance, period), its entries follow, it closes
 * (closing balance, or MT942's declared totals). A parser throws StatementRefusal naming the
 * file's line and the reason; the import then answers 400 and writes nothing.
 */
import { isFilterDate } from '@tagih/contract';

export type Direction = 'C' | 'D';

export interface SectionStart {
  type: 'start';
  lineNo: number;
  accountNo: string | null;
  reference: string | null;
  /** ISO 4217 code when the file says (MT940); null otherwise. */
  currency: string | null;
  openingMinor: number | null;
  /** The days the section declares it covers (MT940 balance dates, BCA 'Periode'), when it does. */
  periodFrom: string | null;
  periodTo: string | null;
  /**
   * The variant the section was read as, for the statements list: the format and what the file
   * showed ('mt940', 'mt940:swift-envelope+no-decimal-comma', 'mt942', 'csv:bca-bisnis',
   * 'csv:bri', 'xlsx:mandiri-ib', 'csv:mapped').
   */
  variant: string;
}

export interface Entry {
  type: 'entry';
  lineNo: number;
  /** The value date, YYYY-MM-DD. */
  day: string;
  /** The booking date when the file gives one apart (MT940 entry date), else the value date. */
  bookedDay: string;
  direction: Direction;
  amountMinor: number;
  reference: string | null;
  narrative: string;
  /** The running balance after this entry, when the file has one (checked entry by entry). */
  balanceMinor: number | null;
}

export interface SectionEnd {
  type: 'end';
  lineNo: number;
  /** Formats that give the opening balance in a footer (BCA) give it here. */
  openingMinor: number | null;
  closingMinor: number | null;
  /** The closing balance's date (MT940), when the file gives one. */
  closingDay: string | null;
  /** MT942: the declared number and sum of credit and debit entries (:90C:, :90D:). */
  declared: { credits: Totals | null; debits: Totals | null } | null;
}

export interface Totals {
  /** null when the file states only the sum. */
  count: number | null;
  minor: number;
}

/** A row the bank marks as not booked yet (BCA 'PEND'): counted, not imported. */
export interface PendingRow {
  type: 'pending';
  lineNo: number;
}

export type StatementEvent = SectionStart | Entry | SectionEnd | PendingRow;

/**
 * Why a file was refused, as a stable code beside the reason's text (which is Indonesian where
 * the file could not be read): `binary`, `utf16` (the file is no text, or text in UTF-16), `empty`,
 * `unknown-layout` (a CSV or XLSX no bank layout fits and no mapping reads), `xlsx-unreadable`,
 * `mt940-bad-line`, `mt940-narrative-too-long`, `currency-not-idr`; `invalid` for the others.
 */
export type RefusalCode =
  | 'empty'
  | 'binary'
  | 'utf16'
  | 'unknown-layout'
  | 'xlsx-unreadable'
  | 'mt940-bad-line'
  | 'mt940-narrative-too-long'
  | 'currency-not-idr'
  | 'invalid';

export class StatementRefusal extends Error {
  readonly lineNo: number | null;
  readonly reason: string;
  readonly code: RefusalCode;
  constructor(lineNo: number | null, reason: string, code: RefusalCode = 'invalid') {
    super(lineNo === null ? reason : `line ${lineNo}: ${reason}`);
    this.lineNo = lineNo;
    this.reason = reason;
    this.code = code;
  }
}

/** At most 13 whole digits: every amount stays exact in minor units. */
const AMOUNT = /^(\d{1,13})(?:\.(\d{1,2}))?$/;

/**
 * '1.234.567,89' (decimal ',') or '1,234,567.89' (decimal '.') -> minor units; a leading '-' when
 * `signed`. Thousands separators (the other mark, spaces) are dropped; null when it is no amount.
 */
export function amountMinor(text: string, decimal: '.' | ',', signed = false): number | null {
  let t = text.trim().replace(/\s/g, '');
  let negative = false;
  if (signed && t.startsWith('-')) {
    negative = true;
    t = t.slice(1);
  }
  const thousands = decimal === '.' ? ',' : '.';
  t = t.split(thousands).join('');
  if (decimal === ',') t = t.replace(',', '.');
  const m = AMOUNT.exec(t);
  if (!m) return null;
  const minor = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return negative ? -minor : minor;
}

/** A real calendar day from its parts, or null. */
export function dayOf(year: number, month: number, day: number): string | null {
  const text = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isFilterDate(text) ? text : null;
}

/** Two-digit years: 80..99 are 19xx, the rest 20xx. */
export const fullYear = (yy: number): number => (yy >= 80 ? 1900 + yy : 2000 + yy);
