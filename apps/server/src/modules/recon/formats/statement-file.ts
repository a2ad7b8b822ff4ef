/**
 * A statement file on disk, read as a stream of events in its format (detected from its first
 * bytes unless named), and its SHA-256 (the same file twice is one import).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { parse } from 'csv-parse';
import type { CsvMapping, StatementFormat } from '@tagih/contract';
import { parseBcaCsv } from './bca-csv.ts';
import type { CsvRow } from './csv-cells.ts';
import { parseGenericCsv } from './generic-csv.ts';
import { parseMandiriCsv } from './mandiri-csv.ts';
import { parseMt940, type TextLine } from './mt940.ts';
import { StatementRefusal, type StatementEvent } from './statement-events.ts';

const HEAD_BYTES = 16 * 1024;

/** The file's first bytes as text (detection, delimiter). */
export async function headOf(path: string): Promise<string> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await file.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead).toString('utf8').replace(/^\uFEFF/, '');
  } finally {
    await file.close();
  }
}

/** MT940/942 by its tags, BCA by its Indonesian header, Mandiri MCM by Account No + Val. Date; anything else is a generic CSV. */
export function detectFormat(head: string): StatementFormat {
  if (/^\s*(\{1:|:\d{2}[A-Z]?:)/.test(head) || (/^:20:/m.test(head) && /^:(25|61|60F):/m.test(head))) return 'mt940';
  if (/tanggal transaksi/i.test(head) || /^"?no\.?\s*rekening/im.test(head)) return 'bca-csv';
  if (/account no/i.test(head) && /val\.?\s*date/i.test(head)) return 'mandiri-csv';
  return 'csv';
}

/** The delimiter of a bank CSV: whichever of , ; tab the header line holds most of. */
export function sniffDelimiter(head: string): string {
  const header = head.split(/\r?\n/).find((line) => /tanggal|account no|date/i.test(line)) ?? head.split(/\r?\n/)[0] ?? '';
  const count = (c: string) => header.split(c).length - 1;
  return [',', ';', '\t'].sort((a, b) => count(b) - count(a))[0]!;
}

async function* textLines(path: string): AsyncGenerator<TextLine> {
  const reader = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
  let lineNo = 0;
  for await (const text of reader) yield { text: lineNo++ === 0 ? text.replace(/^\uFEFF/, '') : text, lineNo };
}

async function* csvRows(path: string, delimiter: string): AsyncGenerator<CsvRow> {
  const parser = createReadStream(path).pipe(parse({ delimiter, bom: true, relax_column_count: true, relax_quotes: true, info: true }));
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) yield { cells: record, lineNo: info.lines };
  } catch (error) {
    const lines = (error as { lines?: number }).lines;
    throw new StatementRefusal(typeof lines === 'number' ? lines : null, `the file is not readable as CSV (${(error as Error).message.slice(0, 120)})`);
  }
}

/** The events of the file in `format`; a generic CSV needs its account's mapping. */
export function statementEvents(path: string, format: StatementFormat, head: string, mapping: CsvMapping | null): AsyncIterable<StatementEvent> {
  switch (format) {
    case 'mt940':
      return parseMt940(textLines(path));
    case 'bca-csv':
      return parseBcaCsv(csvRows(path, sniffDelimiter(head)));
    case 'mandiri-csv':
      return parseMandiriCsv(csvRows(path, sniffDelimiter(head)));
    case 'csv':
      if (!mapping) throw new StatementRefusal(null, 'a generic CSV needs the column mapping saved on its bank account (baccCsvMapping)');
      return parseGenericCsv(csvRows(path, mapping.delimiter), mapping);
  }
}

export async function fileHash(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
