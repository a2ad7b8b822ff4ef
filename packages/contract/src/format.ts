/** Money, dates and status words, formatted one way for the web app and the CSV export. */

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

export const TRANSACTION_STATUS = {
  '03': { label: 'Belum Lunas', color: 'warning' },
  '00': { label: 'Lunas', color: 'success' },
  '05': { label: 'Kadaluarsa', color: 'error' },
} as const;
export type TransactionStatus = keyof typeof TRANSACTION_STATUS;
export const TRANSACTION_STATUSES = Object.keys(TRANSACTION_STATUS) as TransactionStatus[];

export function transactionStatusLabel(status: string | null | undefined): string {
  return (status && TRANSACTION_STATUS[status as TransactionStatus]?.label) || '';
}

export const NOTIFICATION_STATUS = { 1: 'Pending', 2: 'Sukses' } as const;

export function notificationStatusLabel(status: number | null | undefined): string {
  return status === 1 || status === 2 ? NOTIFICATION_STATUS[status] : '';
}

export const USER_STATUS_LABEL: Record<number, string> = { 1: 'Aktif', 0: 'Tidak Aktif' };
export const COMPANY_STATUS_LABEL: Record<number, string> = { 1: 'Active', 0: 'Inactive' };

export const BANKS = ['BRI', 'BJB', 'Mandiri'] as const;

/** 'YYYY-MM-DD' of an instant in a time zone. */
export function businessDate(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(instant);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** An ISO timestamp shown in a time zone: 'YYYY-MM-DD HH:MM:SS'. */
export function formatDateTime(iso: string | null | undefined, timeZone: string): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(text);
}
