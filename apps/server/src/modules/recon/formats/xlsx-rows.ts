/**
 * The rows of an XLSX statement's first sheet, as text cells, read by `exceljs`'s streaming
 * reader (a month of lines never sits in memory). Dates become 'dd/mm/yyyy', numbers their plain
 * decimal text, rich text and formulas their text and result; the row number is the line the
 * refusals name.
 */
import ExcelJS from 'exceljs';
import type { CsvRow } from './csv-cells.ts';
import { StatementRefusal } from './statement-events.ts';

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${pad(value.getUTCDate())}/${pad(value.getUTCMonth() + 1)}/${value.getUTCFullYear()}`;
  }
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : value.toFixed(2);
  if (typeof value === 'string' || typeof value === 'boolean') return String(value);
  if ('richText' in value) return value.richText.map((part) => part.text).join('');
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('text' in value) return String(value.text);
  if ('error' in value) return '';
  return '';
}

export async function* xlsxRows(path: string): AsyncGenerator<CsvRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  let sheets = 0;
  try {
    for await (const sheet of reader) {
      if (sheets++ > 0) break;
      for await (const row of sheet) {
        const values = Array.isArray(row.values) ? row.values.slice(1) : [];
        yield {
          cells: Array.from(values, (v) => cellText(v as ExcelJS.CellValue).trim()),
          lineNo: row.number,
        };
      }
    }
  } catch (error) {
    if (error instanceof StatementRefusal) throw error;
    throw new StatementRefusal(
      null,
      `file XLSX ini tidak bisa dibaca (${(error as Error).message.slice(0, 120)}): simpan ulang dari Excel sebagai .xlsx atau CSV, lalu impor lagi`,
      'xlsx-unreadable',
    );
  }
  if (sheets === 0)
    throw new StatementRefusal(
      null,
      'file XLSX ini tidak punya lembar kerja (sheet)',
      'xlsx-unreadable',
    );
}
