/**
 * A statement file on disk, read as a stream of events in its format (detected from its first
 * bytes unless named), and its SHA-256 (the same file twice is one import).
 *
 * Detection, so that the operator never chooses: an XLSX workbook by its ZIP bytes; MT940/MT942
 * by its tags (also after a SWIFT envelope, a bank's header lines or control bytes); a bank's own
 * CSV/TXT layout by its column header (bank-layouts.ts: BCA, Mandiri MCM, BRI, BNI, Mandiri
 * internet banking, Bank Jatim); anything else is a generic CSV, read only with its account's
 * mapping. Before any of it, a file that is no text (binary, UTF-16, an old .xls, a PDF) is
 * refused for what it is (file-kind.ts).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { parse } from 'csv-parse';
import type { CsvMapping, StatementFormat } from '@tagih/contract';
import { parseBankTable } from './bank-table.ts';
import { headCells, recogniseRows, type Recognised } from './bank-layouts.ts';
import { parseBcaCsv } from './bca-csv.ts';
import type { CsvRow } from './csv-cells.ts';
import { fileKindOf, firstBytes } from './file-kind.ts';
import { parseGenericCsv } from './generic-csv.ts';
import { parseMandiriCsv } from './mandiri-csv.ts';
import { parseMt940, type TextLine } from './mt940.ts';
import { StatementRefusal, type StatementEvent } from './statement-events.ts';
import { xlsxRows } from './xlsx-rows.ts';

const HEAD_BYTES = 16 * 1024;
/** A bank's header row is among a file's first rows (account, period and currency lines come before it). */
const HEADER_WITHIN_ROWS = 60;
const DELIMITERS = [',', ';', '\t', '|'] as const;

/** The file's first bytes as text (detection, delimiter). */
export async function headOf(path: string): Promise<string> {
  return (await firstBytes(path, HEAD_BYTES)).toString('utf8').replace(/^\uFEFF/, '');
}

// eslint-disable-next-line no-control-regex
const MT940_START = /^[\s\u0000-\u001f]*(\{1:|:\d{2}[A-Z]?:)/;

/** The head's lines, without the last one (it may be cut). */
const headLines = (head: string) => head.split(/\r?\n/).slice(0, HEADER_WITHIN_ROWS);

/** A bank layout the head's header row fits, with the delimiter that splits it. */
export function recogniseHead(head: string): { recognised: Recognised; delimiter: string } | null {
  const lines = headLines(head);
  for (const delimiter of DELIMITERS) {
    const recognised = recogniseRows(lines.map((line) => headCells(line, delimiter)));
    if (recognised) return { recognised, delimiter };
  }
  return null;
}

export function detectFormat(head: string): StatementFormat {
  if (head.startsWith('PK\u0003\u0004')) return 'xlsx';
  if (
    MT940_START.test(head) ||
    (/^[ \t]*:20:/m.test(head) && /^[ \t]*:(25|61|60F|60M):/m.test(head))
  )
    return 'mt940';
  const found = recogniseHead(head)?.recognised;
  if (found?.reader === 'bca') return 'bca-csv';
  if (found?.reader === 'mandiri-mcm') return 'mandiri-csv';
  if (found) return 'bank-csv';
  return 'csv';
}

/** The delimiter of a bank CSV: the one that splits its header into a known layout, else whichever of , ; tab the header line holds most of. */
export function sniffDelimiter(head: string): string {
  const recognised = recogniseHead(head);
  if (recognised) return recognised.delimiter;
  const header =
    head.split(/\r?\n/).find((line) => /tanggal|account no|date/i.test(line)) ??
    head.split(/\r?\n/)[0] ??
    '';
  const count = (c: string) => header.split(c).length - 1;
  return [',', ';', '\t'].sort((a, b) => count(b) - count(a))[0]!;
}

async function* textLines(path: string): AsyncGenerator<TextLine> {
  const reader = createInterface({
    input: createReadStream(path, { encoding: 'utf8' }),
    crlfDelay: Infinity,
  });
  let lineNo = 0;
  for await (const text of reader)
    yield { text: lineNo++ === 0 ? text.replace(/^\uFEFF/, '') : text, lineNo };
}

async function* csvRows(path: string, delimiter: string): AsyncGenerator<CsvRow> {
  const parser = createReadStream(path).pipe(
    parse({ delimiter, bom: true, relax_column_count: true, relax_quotes: true, info: true }),
  );
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { lines: number };
    }>)
      yield { cells: record, lineNo: info.lines };
  } catch (error) {
    const lines = (error as { lines?: number }).lines;
    throw new StatementRefusal(
      typeof lines === 'number' ? lines : null,
      `file ini tidak terbaca sebagai CSV (${(error as Error).message.slice(0, 120)})`,
      'unknown-layout',
    );
  }
}

/** The refusal of a table no layout fits and no mapping reads: its first row, as it looked. */
function unknownLayout(container: 'csv' | 'xlsx', first: CsvRow | undefined): StatementRefusal {
  const shown = first ? first.cells.join(container === 'csv' ? ',' : ' | ').slice(0, 80) : '';
  const what = container === 'csv' ? 'CSV' : 'XLSX';
  return new StatementRefusal(
    first?.lineNo ?? null,
    `${what} dengan kolom '${shown}' bukan tata letak mutasi bank yang dikenal (BCA, BRI, BNI, Mandiri, Bank Jatim, MT940): pilih rekening bank yang punya pemetaan kolom CSV (baccCsvMapping), atau unggah file ekspor asli dari bank`,
    'unknown-layout',
  );
}

/** Events of a table by the layout it was recognised as. */
function tableEvents(
  rows: AsyncIterable<CsvRow>,
  recognised: Recognised,
  container: 'csv' | 'xlsx',
): AsyncIterable<StatementEvent> {
  const variant = `${container}:${recognised.name}`;
  if (recognised.reader === 'table') return parseBankTable(rows, recognised.layout, container);
  return recognised.reader === 'bca' ? parseBcaCsv(rows, variant) : parseMandiriCsv(rows, variant);
}

async function* replayed<T>(first: readonly T[], rest: AsyncIterator<T>): AsyncGenerator<T> {
  yield* first;
  for (let next = await rest.next(); !next.done; next = await rest.next()) yield next.value;
}

/** An XLSX sheet: its layout from its first rows, else the account's mapping, else refused. */
async function* xlsxEvents(
  path: string,
  mapping: CsvMapping | null,
): AsyncGenerator<StatementEvent> {
  const rows = xlsxRows(path)[Symbol.asyncIterator]();
  const head: CsvRow[] = [];
  for (let next = await rows.next(); !next.done; next = await rows.next()) {
    head.push(next.value);
    if (head.length >= HEADER_WITHIN_ROWS) break;
  }
  const recognised = recogniseRows(head.map((r) => r.cells));
  const all = replayed(head, rows);
  if (recognised) yield* tableEvents(all, recognised, 'xlsx');
  else if (mapping) yield* parseGenericCsv(all, mapping, 'xlsx:mapped');
  else
    throw unknownLayout(
      'xlsx',
      head.find((r) => r.cells.some((c) => c !== '')),
    );
}

/** A CSV of no known layout, read by the account's mapping, else refused naming its first line. */
async function* genericCsvEvents(
  path: string,
  mapping: CsvMapping | null,
): AsyncGenerator<StatementEvent> {
  if (mapping) {
    yield* parseGenericCsv(csvRows(path, mapping.delimiter), mapping, 'csv:mapped');
    return;
  }
  for await (const row of csvRows(path, sniffDelimiter(await headOf(path)))) {
    if (row.cells.some((c) => c.trim() !== '')) throw unknownLayout('csv', row);
  }
  throw unknownLayout('csv', undefined);
}

async function* eventsOf(
  path: string,
  format: StatementFormat,
  head: string,
  mapping: CsvMapping | null,
): AsyncGenerator<StatementEvent> {
  const bytes = await firstBytes(path);
  if (bytes.length === 0)
    throw new StatementRefusal(
      null,
      'file ini kosong (0 byte): unggah file mutasi dari bank',
      'empty',
    );
  const kind = fileKindOf(bytes);
  if (kind === 'xlsx') {
    yield* xlsxEvents(path, mapping);
    return;
  }
  switch (format) {
    case 'xlsx':
      throw new StatementRefusal(
        1,
        'file ini teks, bukan XLSX: pilih format lain atau Deteksi otomatis',
        'unknown-layout',
      );
    case 'mt940':
      yield* parseMt940(textLines(path));
      return;
    case 'bca-csv':
      yield* parseBcaCsv(
        csvRows(path, sniffDelimiter(head)),
        `csv:${recogniseHead(head)?.recognised.name ?? 'bca-bisnis'}`,
      );
      return;
    case 'mandiri-csv':
      yield* parseMandiriCsv(csvRows(path, sniffDelimiter(head)), 'csv:mandiri-mcm');
      return;
    case 'bank-csv': {
      const found = recogniseHead(head);
      if (!found)
        throw unknownLayout(
          'csv',
          headLines(head)
            .map((line, i) => ({ cells: [line], lineNo: i + 1 }))
            .find((r) => r.cells[0]!.trim() !== ''),
        );
      yield* tableEvents(csvRows(path, found.delimiter), found.recognised, 'csv');
      return;
    }
    case 'csv':
      yield* genericCsvEvents(path, mapping);
  }
}

/** The events of the file in `format`; a CSV of no known layout needs its account's mapping. */
export function statementEvents(
  path: string,
  format: StatementFormat,
  head: string,
  mapping: CsvMapping | null,
): AsyncIterable<StatementEvent> {
  return eventsOf(path, format, head, mapping);
}

export async function fileHash(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
