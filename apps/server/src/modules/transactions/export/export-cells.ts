/**
 * What each cell of a transaction export holds, decided once for both files: the CSV
 * (csv-export.ts, spec §9) writes it as quoted text, the workbook (xlsx-export.ts) as a typed
 * cell. The words (status, notification) and the business time zone's local time are the same
 * in both.
 */
import {
  MONEY_FIELDS,
  dateTimeFormatter,
  notificationWord,
  transactionStatusLabel,
  type FieldDef,
} from '@tagih/contract';
import type { DbRow } from '../list/list-repo.ts';
import type { ServerKind } from '../kinds.ts';

/** One cell's value and what it is. */
export type ExportCell =
  | { type: 'text'; text: string }
  /** The No. column (QRIS), or a number field that is not money. */
  | { type: 'number'; value: number }
  /** An amount in minor units (sen), as the database keeps it. */
  | { type: 'money'; minor: number }
  /** An instant as 'YYYY-MM-DD HH:MM:SS' in the business time zone ('' when unreadable). */
  | { type: 'time'; local: string }
  | null;

/** The cells of one kind's export, with dates in `timeZone`. `no`: the row's number in the export, from 1. */
export type ExportCells = (field: FieldDef, row: DbRow, no: number) => ExportCell;

export function exportCells(kind: ServerKind, timeZone: string): ExportCells {
  const formatDate = dateTimeFormatter(timeZone);
  return (field, row, no) => {
    const value = row[field.name];
    if (field.name === 'no') return { type: 'number', value: no };
    if (field.name === 'notification') {
      const ref = row.notiStatus === null ? null : { notiStatus: Number(row.notiStatus) };
      return { type: 'text', text: notificationWord(ref, kind.csvNoNotification) };
    }
    if (field.name === 'trctStatus') {
      const code = String(value ?? '');
      return { type: 'text', text: transactionStatusLabel(code) || code };
    }
    if (value === null || value === undefined) return null;
    if (MONEY_FIELDS.has(field.name)) return { type: 'money', minor: Number(value) };
    if (field.type === 'date') return { type: 'time', local: formatDate(String(value)) };
    return typeof value === 'number' ? { type: 'number', value } : { type: 'text', text: value };
  };
}
