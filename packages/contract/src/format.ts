/** Money, dates and status words, formatted one way for the web app and the CSV export. */
import { notificationStatusLabel } from './monitoring/status.ts';

/** Minor units (sen) -> a 2-decimal amount for the API edge. */
export const minorToAmount = (minor: number): number => minor / 100;
/** A 2-decimal amount -> minor units, exact for any amount the API accepts. */
export const amountToMinor = (amount: number): number => Math.round(amount * 100);

function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** Minor units -> '1.234.567,00' (Indonesian style, exact, no floating point). */
export function formatMinorIdr(minor: number): string {
  const negative = minor < 0;
  const abs = Math.abs(Math.trunc(minor)).toString().padStart(3, '0');
  const whole = abs.slice(0, -2);
  const cents = abs.slice(-2);
  return `${negative ? '-' : ''}${groupThousands(whole, '.')},${cents}`;
}

/** A 2-decimal amount -> 'Rp. 1.234.567,00'; a missing amount -> '0' (spec §2 summary card). */
export function formatRupiah(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || Number.isNaN(amount)) return '0';
  return `Rp. ${formatMinorIdr(amountToMinor(amount))}`;
}

/** A 2-decimal amount -> '150000.00' (plain, for CSV and merchant callbacks). */
export function plainAmount(amount: number): string {
  const minor = amountToMinor(amount);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor).toString().padStart(3, '0');
  return `${sign}${abs.slice(0, -2)}.${abs.slice(-2)}`;
}

export const USER_STATUS_LABEL: Record<number, string> = { 1: 'Aktif', 0: 'Tidak Aktif' };
export const COMPANY_STATUS_LABEL: Record<number, string> = { 1: 'Active', 0: 'Inactive' };

export const BANKS = ['BRI', 'BJB', 'Mandiri'] as const;

const DAY: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const SHAPES = {
  date: DAY,
  dateTime: { ...DAY, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

/**
 * One formatter per shape and time zone, made on first use: making an Intl.DateTimeFormat costs
 * far more than using one, and the screens format every date cell of every page (three a row on
 * a VA page). An unknown zone throws as before, and is not kept.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(shape: keyof typeof SHAPES, timeZone: string): Intl.DateTimeFormat {
  const key = `${shape}|${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', { ...SHAPES[shape], timeZone });
    formatters.set(key, formatter);
  }
  return formatter;
}

function partsOf(
  instant: Date,
  shape: keyof typeof SHAPES,
  timeZone: string,
): (type: Intl.DateTimeFormatPartTypes) => string {
  const parts = formatterOf(shape, timeZone).formatToParts(instant);
  return (type) => parts.find((p) => p.type === type)!.value;
}

/** 'YYYY-MM-DD' of an instant in a time zone. */
export function businessDate(instant: Date, timeZone: string): string {
  const get = partsOf(instant, 'date', timeZone);
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** An ISO timestamp shown in a time zone: 'YYYY-MM-DD HH:MM:SS'. */
export function formatDateTime(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const get = partsOf(d, 'dateTime', timeZone);
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

/** Written YYYY-MM-DD (not checked to be a real date: see isIsoDate). */
export const isDayShaped = (text: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(text);

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  if (!isDayShaped(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(text);
}

/**
 * The days a date filter or a from/to may name. Both databases and every time zone agree on
 * these (PostgreSQL has no year 0; the day after 9999-12-31 has no YYYY-MM-DD), and no payment
 * of ours lies outside them.
 */
export const FILTER_DATE_RANGE = { min: '1900-01-01', max: '2999-12-31' } as const;

/** A real calendar date YYYY-MM-DD within FILTER_DATE_RANGE. */
export function isFilterDate(text: string): boolean {
  return isIsoDate(text) && text >= FILTER_DATE_RANGE.min && text <= FILTER_DATE_RANGE.max;
}

/** The calendar day `days` days after `day` (YYYY-MM-DD; `days` may be negative). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Minor units -> '150000.00' (exact, no floating point; for CSV and callbacks). */
export function plainMinor(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor)).toString().padStart(3, '0');
  return `${sign}${abs.slice(0, -2)}.${abs.slice(-2)}`;
}

/** '150000', '150000.5' or '150000.50' -> minor units; null when not a plain non-negative amount. */
export function plainToMinor(text: string): number | null {
  const m = /^(\d{1,15})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/**
 * One CSV cell, always quoted. A cell that a spreadsheet would read as a formula (starts
 * with =, +, -, @, tab, CR or LF) gets a leading single quote (OWASP "CSV injection").
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r\n]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** One CSV record with its line end (RFC 4180: CRLF). */
export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** The word for a notification in the CSV export: Pending / Sukses, or `absent` when there is none. */
export function notificationWord(
  ref: { notiStatus: number } | readonly unknown[] | null | undefined,
  absent: string,
): string {
  if (!ref || Array.isArray(ref)) return absent;
  return notificationStatusLabel((ref as { notiStatus: number }).notiStatus) || absent;
}

/**
 * formatDateTime for many values: the zone's offset is looked up once per quarter hour
 * (offsets only change on such boundaries) instead of building a formatter per value.
 */
export function dateTimeFormatter(timeZone: string): (iso: string | null | undefined) => string {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const offsets = new Map<number, number>();
  const QUARTER_MS = 15 * 60_000;
  const offsetAt = (ms: number): number => {
    const bucket = Math.floor(ms / QUARTER_MS);
    let offset = offsets.get(bucket);
    if (offset === undefined) {
      const at = bucket * QUARTER_MS;
      const p: Record<string, string> = {};
      for (const part of format.formatToParts(new Date(at))) p[part.type] = part.value;
      offset =
        Date.UTC(
          Number(p.year),
          Number(p.month) - 1,
          Number(p.day),
          Number(p.hour),
          Number(p.minute),
          Number(p.second),
        ) - at;
      if (offsets.size > 10_000) offsets.clear();
      offsets.set(bucket, offset);
    }
    return offset;
  };
  return (iso) => {
    if (!iso) return '';
    const ms = Date.parse(iso);
    if (Number.isNaN(ms)) return '';
    const local = new Date(ms + offsetAt(ms)).toISOString();
    return `${local.slice(0, 10)} ${local.slice(11, 19)}`;
  };
}
