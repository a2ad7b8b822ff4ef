/**
 * The transaction export as an Excel workbook (issue 35 item 9), beside the spec's CSV
 * (csv-export.ts), which an Excel set to Indonesian reads badly: it splits on ';', and a 17-digit
 * VA number turns into 7.70019E+16. The same rows, columns, words and order as the CSV
 * (export-cells.ts, export-stream.ts), written by exceljs's streaming writer as typed cells:
 *
 * - text (order id, VA number, reference, name, bank, status and notification words) as string
 *   cells in columns formatted as text ('@'): 17 digits stay 17 digits, and a value such as
 *   `=HYPERLINK(...)` or `+1+1` is a string, never a formula (the writer has no shared strings,
 *   which would keep every distinct text in memory to the end: a string is `t="str"` with its
 *   value and no `<f>`);
 * - amounts as numbers of rupiah in the format `"Rp" #,##0.00` (Excel shows its own separators);
 * - times as Excel dates in 'yyyy-mm-dd hh:mm:ss': Excel's dates have no time zone, so a cell
 *   holds the business time zone's local time (BUSINESS_TZ, Asia/Jakarta), the time the CSV
 *   writes;
 * - the No. column (QRIS) as a number; an empty value as an empty cell;
 * - a bold header row that stays in view (frozen), columns wide enough for their values.
 *
 * Streamed: a batch of rows is read only when the client has taken what the zip made of the
 * previous ones, so memory stays flat whatever the row count and a client that goes away stops
 * the reads (see `zipInternals` for how, since exceljs gives no back-pressure). A sheet holds at
 * most Excel's 1,048,576 rows; a larger export goes on in a second sheet, and so on.
 */
import { once, type EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { MONEY_FIELDS, type FieldDef } from '@tagih/contract';
import type { AppDeps } from '../../../deps.ts';
import type { AuditContext } from '../../../shared/audit-context.ts';
import type { TransactionListRequest } from '../list/list-request.ts';
import type { ExportSource } from './csv-source.ts';
import type { Attachment } from './send-csv.ts';
import { exportCells, type ExportCell } from './export-cells.ts';
import {
  auditedExport,
  exportMetrics,
  exportRowBatches,
  exportSource,
  type ExportPart,
} from './export-stream.ts';

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const RUPIAH_FORMAT = '"Rp" #,##0.00';
export const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';
const TEXT_FORMAT = '@';
/** The workbook named `file`, as an export sends it (send-csv.ts). */
export const xlsxAttachment = (file: string): Attachment => ({
  file,
  contentType: XLSX_CONTENT_TYPE,
  what: 'XLSX export',
});
/** Excel's rows per sheet, the header's included. */
export const EXCEL_SHEET_ROWS = 1_048_576;

interface ColumnLayout {
  /** In characters. */
  width: number;
  style: Partial<ExcelJS.Style>;
}

/** A column's width and number format, by what it holds. */
function columnOf(field: FieldDef): ColumnLayout {
  const fits = (width: number) => Math.max(width, field.label.length + 2);
  if (field.name === 'no') return { width: fits(8), style: { numFmt: '0' } };
  if (MONEY_FIELDS.has(field.name)) return { width: fits(18), style: { numFmt: RUPIAH_FORMAT } };
  if (field.type === 'date') return { width: fits(20), style: { numFmt: DATE_TIME_FORMAT } };
  const words: Record<string, number> = { trctStatus: 13, notification: 12, trctBank: 12 };
  return { width: fits(words[field.name] ?? 24), style: { numFmt: TEXT_FORMAT } };
}

/** A cell as the workbook holds it: typed, with an empty cell for no value. */
function xlsxValue(cell: ExportCell): ExcelJS.CellValue {
  if (cell === null) return null;
  switch (cell.type) {
    case 'text':
      return cell.text === '' ? null : cell.text;
    case 'number':
      return cell.value;
    case 'money':
      return cell.minor / 100;
    case 'time':
      // The local time as if it were UTC: exceljs writes a Date's UTC fields as the cell's time.
      return cell.local ? new Date(`${cell.local.replace(' ', 'T')}Z`) : null;
  }
}

/**
 * What exceljs's streaming writer does not say (exceljs issue 734, no back-pressure): a
 * committed row's XML goes at once into the zip's input for its sheet (the stream archiver puts
 * behind exceljs's buffer, `sheet.stream.pipes[0]`), however far behind the compressor and the
 * client are. That input says when it holds more than its high-water mark (`needDrain`) and
 * when it has passed everything on ('drain'): the export reads no further rows meanwhile. And
 * the zip (`book.zip`, archiver) emits its errors with no listener until the workbook's commit.
 * Neither is exceljs's public API, so both are checked here: a version that moves them fails every
 * XLSX export (and its tests) at once, before a byte is sent, instead of letting memory grow.
 */
interface ZipInput extends EventEmitter {
  _writableState: { needDrain: boolean };
}

function zipInternals(
  book: ExcelJS.stream.xlsx.WorkbookWriter,
  sheet: ExcelJS.Worksheet,
): { zip: EventEmitter; input: ZipInput } {
  const zip = (book as unknown as { zip?: EventEmitter }).zip;
  const input = (sheet as unknown as { stream?: { pipes?: ZipInput[] } }).stream?.pipes?.[0];
  if (typeof zip?.on !== 'function' || typeof input?._writableState?.needDrain !== 'boolean')
    throw new Error('exceljs: the streaming writer is not the one xlsx-export.ts was written for');
  return { zip, input };
}

/** Resolves at the first of the events (an 'error' of one of the emitters rejects); the others are no longer listened for. */
async function firstOf(events: readonly [EventEmitter, string][]): Promise<void> {
  const stop = new AbortController();
  const waits = events.map(([emitter, name]) => once(emitter, name, { signal: stop.signal }));
  for (const wait of waits) wait.catch(() => undefined);
  try {
    await Promise.race(waits);
  } finally {
    stop.abort();
  }
}

/**
 * The zip's output taken so far, as one Buffer of its own memory: the sender frees each Buffer
 * once written (http/send-parts.ts), and the zip's chunks share theirs (zlib's output buffer, the
 * Buffer pool).
 */
function ownBytes(chunks: readonly Buffer[]): Buffer {
  const bytes = Buffer.allocUnsafeSlow(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) at += chunk.copy(bytes, at);
  return bytes;
}

/**
 * A workbook being written: its rows, in as many sheets as they need, and the zip's bytes as they
 * come. `rowsPerSheet`: the data rows a sheet takes (Excel's limit; smaller in tests).
 */
class StreamedBook {
  private readonly out = new PassThrough();
  private readonly book: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly layout: readonly ColumnLayout[];
  private sheet: ExcelJS.Worksheet;
  private input: ZipInput;
  private sheets = 1;
  private inSheet = 0;
  /** Rows written to the workbook and not yet counted in a part handed out. */
  private uncounted = 0;

  private readonly source: ExportSource;
  private readonly rowsPerSheet: number;

  constructor(source: ExportSource, rowsPerSheet: number) {
    this.source = source;
    this.rowsPerSheet = rowsPerSheet;
    this.book = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: this.out,
      useStyles: true,
      useSharedStrings: false,
    });
    this.book.creator = 'Tagih';
    this.book.created = source.deps.clock.now();
    this.layout = source.columns.map(columnOf);
    this.sheet = this.addSheet();
    const { zip, input } = zipInternals(this.book, this.sheet);
    zip.on('error', (error: Error) => this.out.destroy(error));
    this.input = input;
  }

  /** A new sheet with the bold, frozen header row. */
  private addSheet(): ExcelJS.Worksheet {
    const name =
      this.source.rows.kind.resource.entity + (this.sheets > 1 ? ` (${this.sheets})` : '');
    const sheet = this.book.addWorksheet(name, {
      views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
    });
    sheet.columns = this.layout.map((column) => ({ ...column }));
    // The header's cells have styles of their own (made from the column's), which the font changes;
    // a whole font (exceljs's default one, bold): `bold` alone leaves its size to the reader.
    const header = sheet.addRow(this.source.columns.map((c) => c.label));
    header.font = { name: 'Calibri', family: 2, size: 11, bold: true };
    header.commit();
    return sheet;
  }

  addRow(values: ExcelJS.CellValue[]): void {
    if (this.inSheet === this.rowsPerSheet) {
      this.sheet.commit();
      this.sheets += 1;
      this.sheet = this.addSheet();
      this.input = zipInternals(this.book, this.sheet).input;
      this.inSheet = 0;
    }
    this.inSheet += 1;
    this.uncounted += 1;
    const row = this.sheet.addRow(values);
    // Every cell of a column in the column's one style object: exceljs works a style out once per
    // object (a WeakMap), where each cell's own copy cost it again (half the export's time).
    this.layout.forEach((column, i) => (row.getCell(i + 1).style = column.style));
    row.commit();
  }

  /** The zip's output so far, counting the rows written, until its input has taken them. */
  async *written(): AsyncGenerator<ExportPart> {
    for (;;) {
      if (this.out.errored) throw this.out.errored;
      const chunks: Buffer[] = [];
      for (let c; (c = this.out.read() as Buffer | null) !== null;) chunks.push(c);
      if (chunks.length > 0) yield this.part(chunks);
      else if (this.input._writableState.needDrain)
        await firstOf([
          [this.out, 'readable'],
          [this.input, 'drain'],
        ]);
      else return;
    }
  }

  /** Ends the sheet and the workbook: the zip's last bytes. */
  async *end(): AsyncGenerator<ExportPart> {
    this.sheet.commit();
    const committed = this.book.commit();
    committed.catch((error: unknown) => this.out.destroy(error as Error));
    const chunks: Buffer[] = [];
    for await (const chunk of this.out) chunks.push(chunk as Buffer);
    await committed;
    yield this.part(chunks);
  }

  /** Stops it where it is (its bytes go nowhere). */
  abandon(): void {
    this.out.destroy();
  }

  private part(chunks: readonly Buffer[]): ExportPart {
    const rows = this.uncounted;
    this.uncounted = 0;
    return { part: ownBytes(chunks), rows };
  }
}

/**
 * The workbook's bytes as the zip makes them. The first batch of rows is read before any byte,
 * so a read that fails at once is still a JSON error.
 */
export async function* xlsxParts(
  source: ExportSource,
  rowsPerSheet: number = EXCEL_SHEET_ROWS - 1,
): AsyncGenerator<ExportPart> {
  const batches = exportRowBatches(source);
  let book: StreamedBook | null = null;
  try {
    let next = await batches.next();
    book = new StreamedBook(source, rowsPerSheet);
    const cellOf = exportCells(source.rows.kind, source.rows.timeZone);
    let no = 0;
    for (; !next.done; next = await batches.next()) {
      exportMetrics.batches += 1;
      exportMetrics.rows += next.value.length;
      for (const row of next.value) {
        no += 1;
        book.addRow(source.columns.map((c) => xlsxValue(cellOf(c, row, no))));
      }
      yield* book.written();
    }
    yield* book.end();
  } finally {
    await batches.return(undefined);
    book?.abandon();
  }
}

/** The XLSX generator of a parsed list request: as prepareExport's CSV, recorded the same way (format xlsx). */
export function prepareXlsxExport(
  deps: AppDeps,
  request: TransactionListRequest,
  context: AuditContext,
): AsyncGenerator<string | Buffer> {
  return auditedExport(deps, request, context, 'xlsx', xlsxParts(exportSource(deps, request)));
}
