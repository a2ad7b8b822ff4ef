/**
 * Indonesian banks' own statement layouts (issue 34 item 2), each recognised without the operator
 * choosing a format, from fixtures written in each bank's style; an XLSX statement read through
 * exceljs; and what cannot be read refused for what it looked like, with its line.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { CsvMapping } from '@tagih/contract';
import {
  detectFormat,
  headOf,
  statementEvents,
} from '../../src/modules/recon/formats/statement-file.ts';
import {
  StatementRefusal,
  type Entry,
  type SectionStart,
  type StatementEvent,
} from '../../src/modules/recon/formats/statement-events.ts';
import { checkStatement } from '../../src/modules/recon/statement-check.ts';

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'recon-layouts-'));
let n = 0;
const file = (content: string | Buffer, ext = 'csv') => {
  const path = join(dir, `f${++n}.${ext}`);
  writeFileSync(path, content);
  return path;
};
const LATEST = '2026-11-21';

async function read(path: string, mapping: CsvMapping | null = null) {
  const head = await headOf(path);
  const format = detectFormat(head);
  const events: StatementEvent[] = [];
  for await (const e of statementEvents(path, format, head, mapping)) events.push(e);
  const [checked] = await checkStatement(statementEvents(path, format, head, mapping), LATEST);
  return {
    format,
    checked,
    start: events.find((e): e is SectionStart => e.type === 'start')!,
    entries: events.filter((e): e is Entry => e.type === 'entry'),
  };
}
async function refusal(path: string, mapping: CsvMapping | null = null): Promise<StatementRefusal> {
  const head = await headOf(path);
  try {
    await checkStatement(statementEvents(path, detectFormat(head), head, mapping), LATEST);
  } catch (error) {
    if (error instanceof StatementRefusal) return error;
    throw error;
  }
  throw new Error('not refused');
}
const rows = (entries: Entry[]) =>
  entries.map((e) => [e.bookedDay, e.direction, e.amountMinor, e.balanceMinor]);

describe("Indonesian banks' own layouts", () => {
  it('BRI internet banking: No. Rekening with dashes, dd/mm/yy with a time, Debet/Kredit, running balance, Saldo Awal/Akhir', async () => {
    const { format, checked, start, entries } = await read(fixture('bri-ib-2026-11-19.csv'));
    expect(format).toBe('bank-csv');
    expect(start).toMatchObject({ accountNo: '012301000123309', variant: 'csv:bri' });
    expect(rows(entries)).toEqual([
      ['2026-11-19', 'C', 15_000_000, 115_000_000],
      ['2026-11-19', 'C', 20_000_100, 135_000_100],
      ['2026-11-19', 'D', 650_000, 134_350_100],
    ]);
    expect(entries[0]).toMatchObject({
      narrative: 'TRANSFER VA 77001081200000011 BUDI SANTOSO',
      reference: '8888001',
    });
    expect(checked).toMatchObject({
      accountNo: '012301000123309',
      lines: 3,
      balanceChecked: true,
      variant: 'csv:bri',
    });
  });

  it('BNI Direct: Post Date with a time, Value Date, Amount with Db/Cr, Opening/Closing Balance', async () => {
    const { format, checked, start, entries } = await read(fixture('bni-direct-2026-11-19.csv'));
    expect(format).toBe('bank-csv');
    expect(start).toMatchObject({ accountNo: '9876543210', variant: 'csv:bni' });
    expect(rows(entries)).toEqual([
      ['2026-11-19', 'C', 15_000_000, 515_000_000],
      ['2026-11-19', 'D', 500_000, 514_500_000],
    ]);
    expect(entries[0]).toMatchObject({
      reference: 'J000001',
      narrative: 'TRANSFER DARI BUDI VA 98801081200000011',
    });
    expect(checked).toMatchObject({ accountNo: '9876543210', lines: 2, balanceChecked: true });
  });

  it("Mandiri internet banking (rekening koran): ';', Tgl. / Tgl. Val., decimal comma, the Total row is no line", async () => {
    const { format, checked, start, entries } = await read(fixture('mandiri-ib-2026-11-19.csv'));
    expect(format).toBe('bank-csv');
    expect(start).toMatchObject({ accountNo: '1230009876543', variant: 'csv:mandiri-ib' });
    expect(rows(entries)).toEqual([
      ['2026-11-19', 'C', 25_000_000, 125_000_000],
      ['2026-11-19', 'D', 650_000, 124_350_000],
    ]);
    expect(checked).toMatchObject({ lines: 2, balanceChecked: true });
  });

  it('BCA personal (KlikBCA): the English header Date,Description,Branch,Amount,,Balance, CR/DB after the amount, the footer', async () => {
    const { format, checked, start, entries } = await read(fixture('bca-personal-2026-11-19.csv'));
    expect(format).toBe('bca-csv');
    expect(start).toMatchObject({ accountNo: '8720654321', variant: 'csv:bca' });
    expect(rows(entries)).toEqual([
      ['2026-11-19', 'C', 15_000_000, 115_000_000],
      ['2026-11-19', 'D', 1_000_000, 114_000_000],
    ]);
    expect(checked).toMatchObject({ accountNo: '8720654321', lines: 2, balanceChecked: true });
    expect((await read(fixture('bca-bisnis-2026-11-19.csv'))).start.variant).toBe('csv:bca-bisnis');
  });

  it('Bank Jatim: the account on every row, Currency per row', async () => {
    const { format, checked, start, entries } = await read(fixture('jatim-2026-11-19.csv'));
    expect(format).toBe('bank-csv');
    expect(start).toMatchObject({ accountNo: '0011223344', variant: 'csv:jatim' });
    expect(rows(entries)).toEqual([
      ['2026-11-19', 'C', 15_000_000, 115_000_000],
      ['2026-11-19', 'D', 250_000, 114_750_000],
    ]);
    expect(checked).toMatchObject({ accountNo: '0011223344', lines: 2 });
    const usd = await refusal(
      file(
        'Post Date,Effective Date,Account,Name,Description,Currency,Debit,Credit,Balance,Reference No\n19/11/2026,19/11/2026,0011223344,PT,X,USD,0,10,10,R1\n',
      ),
    );
    expect(usd).toMatchObject({
      lineNo: 2,
      code: 'currency-not-idr',
      reason:
        'mata uang USD: hanya mutasi rupiah (IDR) yang direkonsiliasi. Unduh mutasi rekening rupiah dari bank',
    });
  });

  it('Mandiri MCM keeps its own reader; the variant names it', async () => {
    expect((await read(fixture('mandiri-mcm-2026-11-19.csv'))).start.variant).toBe(
      'csv:mandiri-mcm',
    );
  });

  it('an XLSX statement (Mandiri internet banking, as Excel writes it: real dates, numbers) is read through exceljs', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Rekening Koran');
    sheet.addRow(['Nomor Rekening', '1230009876543']);
    sheet.addRow([]);
    sheet.addRow([
      'Tgl.',
      'Tgl. Val.',
      'Rincian Transaksi',
      'No. Referensi',
      'Debit',
      'Kredit',
      'Saldo',
      'Branch',
    ]);
    sheet.addRow([
      new Date(Date.UTC(2026, 10, 19)),
      new Date(Date.UTC(2026, 10, 19)),
      'TRANSFER VA 89003081200000211 DARI ANDI',
      'MIB0001',
      0,
      250000,
      1250000,
      'KCP SUDIRMAN',
    ]);
    sheet.addRow([
      new Date(Date.UTC(2026, 10, 19)),
      new Date(Date.UTC(2026, 10, 19)),
      { richText: [{ text: 'BIAYA ' }, { text: 'TRANSFER' }] },
      'MIB0002',
      6500.5,
      0,
      1243499.5,
      'KCP SUDIRMAN',
    ]);
    sheet.addRow(['', '', 'Total', '', 6500.5, 250000, '', '']);
    const path = join(dir, 'mandiri.xlsx');
    await book.xlsx.writeFile(path);
    const { format, checked, start, entries } = await read(path);
    expect(format).toBe('xlsx');
    expect(start).toMatchObject({ accountNo: '1230009876543', variant: 'xlsx:mandiri-ib' });
    expect(rows(entries)).toEqual([
      ['2026-11-19', 'C', 25_000_000, 125_000_000],
      ['2026-11-19', 'D', 650_050, 124_349_950],
    ]);
    expect(entries.map((e) => [e.lineNo, e.narrative, e.reference])).toEqual([
      [4, 'TRANSFER VA 89003081200000211 DARI ANDI', 'MIB0001'],
      [5, 'BIAYA TRANSFER', 'MIB0002'],
    ]);
    expect(checked).toMatchObject({
      accountNo: '1230009876543',
      lines: 2,
      balanceChecked: true,
      variant: 'xlsx:mandiri-ib',
    });
  });

  it("an XLSX of no known layout is read with the account's mapping, else refused naming its first row", async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Sheet1');
    sheet.addRow(['Tanggal', 'Uraian', 'Nominal', 'D/K']);
    sheet.addRow(['19/11/2026', 'VA 1', '100,00', 'K']);
    const path = join(dir, 'other.xlsx');
    await book.xlsx.writeFile(path);
    const refused = await refusal(path);
    expect(refused).toMatchObject({ lineNo: 1, code: 'unknown-layout' });
    expect(refused.reason).toMatch(
      /^XLSX dengan kolom 'Tanggal \| Uraian \| Nominal \| D\/K' bukan tata letak mutasi bank yang dikenal/,
    );
    const mapping: CsvMapping = {
      delimiter: ',',
      date: 'Tanggal',
      dateFormat: 'DD/MM/YYYY',
      amount: 'Nominal',
      direction: 'D/K',
      description: 'Uraian',
      decimalSeparator: ',',
    };
    const { start, entries } = await read(path, mapping);
    expect(start.variant).toBe('xlsx:mapped');
    expect(rows(entries)).toEqual([['2026-11-19', 'C', 10_000, null]]);
  });
});

describe('what cannot be read is refused for what it looked like, with its line', () => {
  it('binary data', async () => {
    const refused = await refusal(
      file(Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]), 'bin'),
    );
    expect(refused).toMatchObject({ lineNo: 1, code: 'binary' });
    expect(refused.reason).toBe(
      'file ini biner, bukan teks mutasi (MT940, CSV) atau XLSX: byte 00 03 00 00 di baris ini bukan teks. Unggah file mutasi asli dari bank',
    );
    const later = await refusal(
      file(
        Buffer.concat([
          Buffer.from('Tanggal,Keterangan\n19/11/2026,A\n'),
          Buffer.from([0x00, 0xff, 0x13]),
        ]),
      ),
    );
    expect(later).toMatchObject({ lineNo: 3, code: 'binary' });
  });

  it('UTF-16 text, with or without its byte order mark, either byte order', async () => {
    const text = ':20:X\r\n:25:0123456789\r\n';
    for (const bytes of [
      Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
      Buffer.from(text, 'utf16le'),
      Buffer.from(text, 'utf16le').swap16(),
    ]) {
      const refused = await refusal(file(bytes, 'sta'));
      expect(refused).toMatchObject({ lineNo: 1, code: 'utf16' });
      expect(refused.reason).toMatch(/^file ini teks UTF-16, bukan UTF-8/);
    }
  });

  it('an old Excel .xls, a PDF, a broken XLSX, an empty file', async () => {
    expect(
      await refusal(file(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 'xls')),
    ).toMatchObject({ code: 'binary', reason: expect.stringContaining('Excel lama (.xls') });
    expect(await refusal(file('%PDF-1.7\n%\u00e2\u00e3\n', 'pdf'))).toMatchObject({
      code: 'binary',
      reason: expect.stringContaining('PDF'),
    });
    expect(
      await refusal(
        file(Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(40, 7)]), 'xlsx'),
      ),
    ).toMatchObject({ code: 'xlsx-unreadable' });
    expect(await refusal(file('', 'csv'))).toMatchObject({
      code: 'empty',
      reason: 'file ini kosong (0 byte): unggah file mutasi dari bank',
    });
  });

  it('a CSV of no known layout, without a mapping: its header line as it looked', async () => {
    const refused = await refusal(file('\nKolom A;Kolom B;Kolom C\n1;2;3\n'));
    expect(refused).toMatchObject({ lineNo: 2, code: 'unknown-layout' });
    expect(refused.reason).toBe(
      "CSV dengan kolom 'Kolom A;Kolom B;Kolom C' bukan tata letak mutasi bank yang dikenal (BCA, BRI, BNI, Mandiri, Bank Jatim, MT940): pilih rekening bank yang punya pemetaan kolom CSV (baccCsvMapping), atau unggah file ekspor asli dari bank",
    );
  });
});
