/**
 * The XLSX export (issue 35 item 9) beside the spec's CSV: read back with exceljs, cell by cell
 * against the CSV of the same query, with typed cells (text ids, rupiah numbers, dates) and
 * the same permission, company, refusals and audit as the CSV.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@tagih/contract';
import { insertTransactions } from '../../src/db/seed/bulk-transactions.ts';
import { largeReadMetrics } from '../../src/modules/large-reads/slot.ts';
import {
  EXPORT_BATCH_ROWS,
  csvColumns,
  exportSource,
} from '../../src/modules/transactions/export/export-stream.ts';
import {
  DATE_TIME_FORMAT,
  RUPIAH_FORMAT,
  XLSX_CONTENT_TYPE,
  prepareXlsxExport,
  xlsxParts,
} from '../../src/modules/transactions/export/xlsx-export.ts';
import { SERVER_KINDS } from '../../src/modules/transactions/kinds.ts';
import { parseListRequest } from '../../src/modules/transactions/list/list-request.ts';
import { ALICE } from '../audit/support.ts';
import { eventsOf } from '../audit/wiring-support.ts';
import { parseCsv } from '../support/csv.ts';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import { numberedVaRows } from './numbered-va-rows.ts';
import { insertExportRows } from './export-rows.ts';
import { createCompany, insertTx, userWithoutDashboards, type TestCompany } from './support.ts';

const VA = SERVER_KINDS.find((k) => k.type === 'VA')!;
const VA_NUMBER = '77001081299990001';
const JAKARTA_MS = 7 * 3600_000;

async function readBook(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book;
}

/** A sheet's rows as arrays of cells (header first). */
function rowsOf(sheet: ExcelJS.Worksheet): ExcelJS.Cell[][] {
  const rows: ExcelJS.Cell[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: ExcelJS.Cell[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) cells.push(row.getCell(c));
    rows.push(cells);
  });
  return rows;
}

const FORMULA_START = /^[=+\-@\t\r\n]/;

/**
 * A cell as the CSV writes the same value: money plain with 2 decimals, a date as its local time,
 * a value that starts like a formula with the CSV's leading '. XML keeps no carriage return (a
 * parser reads CRLF as LF), so a CSV text's CRLF is compared as LF.
 */
function asCsvText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  let text: string;
  if (v === null || v === undefined) text = '';
  else if (v instanceof Date) text = v.toISOString().slice(0, 19).replace('T', ' ');
  else if (typeof v === 'number') text = cell.numFmt === RUPIAH_FORMAT ? v.toFixed(2) : String(v);
  else if (typeof v === 'string') text = v;
  else throw new Error(`a cell of an unexpected kind: ${JSON.stringify(v)}`);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

describe.each(DIALECTS)('transaction XLSX export (%s)', (dialect) => {
  let ctx: TestContext;
  let mine: TestCompany;
  let token: string;
  /** A GET; once answered, its large-read slot is freed (after the answer closes: slot.ts), so the next export is not a 429. */
  const get = async (url: string, as = token) => {
    const res = await ctx.inject({ method: 'GET', url, token: as });
    for (let i = 0; i < 100 && largeReadMetrics.released < largeReadMetrics.taken; i++)
      await sleep(20);
    return res;
  };

  /** The CSV and the XLSX of the same query, the XLSX's first sheet as the CSV would write it. */
  async function bothOf(kind: 'Va' | 'Qr', query: string) {
    const csv = await get(`/api/dashboard/transaction${kind}/export.csv${query}`);
    const xlsx = await get(`/api/dashboard/transaction${kind}/export.xlsx${query}`);
    expect(csv.statusCode).toBe(200);
    expect(xlsx.statusCode).toBe(200);
    const book = await readBook(xlsx.rawPayload);
    expect(book.worksheets).toHaveLength(1);
    return {
      csv: parseCsv(csv.body).map((row) => row.map((text) => text.replaceAll('\r\n', '\n'))),
      xlsx: rowsOf(book.worksheets[0]!).map((row) => row.map(asCsvText)),
    };
  }

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    mine = await createCompany(ctx);
    const other = await createCompany(ctx);
    await insertExportRows(ctx, mine, other);
    await insertTx(ctx, mine, 'VA', [
      {
        orderId: '+1+1',
        vaNo: VA_NUMBER,
        status: '03',
        amount: 25000.75,
        createdAt: '2026-11-20T02:00:00.000Z',
        name: 'Siti',
      },
      // Digits that a spreadsheet would take for a number, the next day.
      { orderId: '0012345678901234567', amount: 7, createdAt: '2026-11-21T03:00:00.000Z' },
    ]);
    token = await ctx.loginWithCompany(ADMIN, mine.compId);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('streams transactions_VA.xlsx: a bold frozen header, ids as text, rupiah numbers, Jakarta dates', async () => {
    const res = await get('/api/dashboard/transactionVa/export.xlsx?from=2026-11-20&to=2026-11-20');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(res.headers['content-disposition']).toBe('attachment; filename="transactions_VA.xlsx"');
    expect(res.headers['cache-control']).toBe('no-store');
    // A zip (PK\x03\x04), as every XLSX.
    expect(res.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

    const book = await readBook(res.rawPayload);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Transaction VA']);
    const sheet = book.worksheets[0]!;
    expect(sheet.views).toMatchObject([{ state: 'frozen', ySplit: 1 }]);
    const rows = rowsOf(sheet);
    const [header, first, second] = rows;
    expect(header!.map((c) => c.value)).toEqual(csvColumns(VA).map((c) => c.label));
    expect(header!.every((c) => c.font?.bold === true)).toBe(true);
    for (const [i, column] of sheet.columns.entries())
      expect(column.width, `column ${i + 1}`).toBeGreaterThanOrEqual(10);

    const [orderId, vaNo, name, bank, amount, paid, created, expired, lunas, status, noti] = first!;
    // A formula is a plain string cell: no formula, no leading quote.
    expect(orderId!.type).toBe(ExcelJS.ValueType.String);
    expect(orderId!.value).toBe('=HYPERLINK("http://evil")');
    expect(orderId!.formula).toBeUndefined();
    expect(vaNo!.type).toBe(ExcelJS.ValueType.String);
    expect(vaNo!.value).toMatch(/^77001\d{12}$/);
    expect(name!.value).toBe('Budi "B", Santoso');
    expect(bank!.value).toBe('BRI');
    expect(amount!.type).toBe(ExcelJS.ValueType.Number);
    expect(amount!.value).toBe(150000);
    expect(amount!.numFmt).toBe(RUPIAH_FORMAT);
    expect(paid!.value).toBe(150000);
    // Excel's dates have no zone: the cell holds the row's instant at its Jakarta time (UTC+7).
    expect(created!.type).toBe(ExcelJS.ValueType.Date);
    expect(created!.value).toEqual(new Date('2026-11-20T23:30:00.000Z'));
    expect((created!.value as Date).getTime() - JAKARTA_MS).toBe(
      Date.parse('2026-11-20T16:30:00.000Z'),
    );
    expect(created!.numFmt).toBe(DATE_TIME_FORMAT);
    expect(expired!.value).toBeNull();
    expect(lunas!.value).toEqual(new Date('2026-11-20T23:45:01.000Z'));
    expect(status!.value).toBe('Lunas');
    expect(noti!.value).toBe('Sukses');

    expect(second![0]!.value).toBe('+SUM(1)');
    expect(second![2]!.value).toBe('-2+3');
    expect(second![4]!.value).toBe(1234.5);
    expect(second![10]!.value).toBe('Pending');
    expect(rows.map((r) => r[0]!.value)).toEqual([
      'Order ID',
      '=HYPERLINK("http://evil")',
      '+SUM(1)',
      '@cmd',
      'INV-4',
      '+1+1',
    ]);
    const last = rows.at(-1)!;
    expect(last[0]!.type).toBe(ExcelJS.ValueType.String);
    expect(last[0]!.formula).toBeUndefined();
    // 17 digits survive as text, in a column formatted as text.
    expect(last[1]!.type).toBe(ExcelJS.ValueType.String);
    expect(last[1]!.value).toBe(VA_NUMBER);
    expect(last[1]!.numFmt).toBe('@');
    expect(last[4]!.value).toBe(25000.75);
    expect(last[9]!.value).toBe('Belum Lunas');
    expect(last[10]!.value).toBe('No Data');
  });

  it('holds the same rows and values as the CSV of the same query, filters, range and company', async () => {
    for (const query of [
      '',
      '?from=2026-11-20&to=2026-11-21',
      '?finds[trctStatus]=00&from=2026-11-20&to=2026-11-20',
      '?finds[trctStatus]=03&from=2026-11-20&to=2026-11-21',
      '?finds[trctBank]=Mandiri&from=2026-11-01&to=2026-11-30',
      '?finds[trctOrderId]=cmd&from=2026-11-20&to=2026-11-20',
      '?from=2026-11-22&to=2026-11-22',
    ]) {
      const { csv, xlsx } = await bothOf('Va', query);
      expect(xlsx, query).toEqual(csv);
    }
    const all = await bothOf('Va', '?from=2026-11-01&to=2026-11-30');
    expect(all.xlsx).toHaveLength(7);
    expect(all.xlsx[1]![0]).toBe('0012345678901234567');
    expect(all.xlsx.flat()).not.toContain('SECRET-OTHER');
  });

  it('writes transactions_QRIS.xlsx with the No. column as numbers and no cell for a missing notification', async () => {
    const res = await get('/api/dashboard/transactionQr/export.xlsx?from=2026-11-20&to=2026-11-20');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="transactions_QRIS.xlsx"',
    );
    const sheet = (await readBook(res.rawPayload)).worksheets[0]!;
    expect(sheet.name).toBe('Transaction BRI QRIS');
    const rows = rowsOf(sheet);
    expect(rows.map((r) => r.map((c) => c.value))).toEqual([
      ['No.', 'Order Id', 'Nama', 'Bank', 'Ref. No', 'Jumlah', 'Tanggal', 'Status', 'Notifikasi'],
      [
        1,
        'QR-2',
        'Budi',
        'BRI',
        '=1+1',
        7000.1,
        new Date('2026-11-20T13:00:00.000Z'),
        'Belum Lunas',
        null,
      ],
      [
        2,
        'QR-1',
        'Budi',
        'BRI',
        'REF-1',
        50000,
        new Date('2026-11-20T12:00:00.000Z'),
        'Lunas',
        'Sukses',
      ],
    ]);
    expect(rows[1]![4]!.type).toBe(ExcelJS.ValueType.String);
    const { csv, xlsx } = await bothOf('Qr', '?from=2026-11-20&to=2026-11-20');
    expect(xlsx).toEqual(csv);
  });

  it('records transaction.exported with the format, the filters and the rows', async () => {
    const res = await get(
      '/api/dashboard/transactionVa/export.xlsx?finds[trctStatus]=00&from=2026-11-20',
    );
    expect(res.statusCode).toBe(200);
    expect((await eventsOf(ctx, AUDIT_ACTIONS.transactionExported)).at(-1)).toMatchObject({
      audtOutcome: 'success',
      audtCompId: mine.compId,
      details: {
        kind: 'VA',
        format: 'xlsx',
        filters: { 'finds[trctStatus]': '00', from: '2026-11-20' },
        rows: 2,
      },
    });
  });

  it('refuses what the CSV refuses, the same way: a bad query, no permission', async () => {
    for (const query of ['?finds[nope]=1', '?from=2026-11-21&to=2026-11-20']) {
      const csv = await get(`/api/dashboard/transactionVa/export.csv${query}`);
      const xlsx = await get(`/api/dashboard/transactionVa/export.xlsx${query}`);
      expect(xlsx.statusCode, query).toBe(400);
      expect(xlsx.headers['content-type']).toContain('application/json');
      expect(xlsx.json()).toEqual(csv.json());
    }
    const nodash = await ctx.loginWithCompany(
      await userWithoutDashboards(ctx, mine.compId),
      mine.compId,
    );
    for (const kind of ['Va', 'Qr']) {
      const csv = await get(`/api/dashboard/transaction${kind}/export.csv`, nodash);
      const xlsx = await get(`/api/dashboard/transaction${kind}/export.xlsx`, nodash);
      expect(csv.statusCode).toBe(403);
      expect(xlsx.statusCode).toBe(403);
      expect(xlsx.json()).toEqual(csv.json());
      expect((await get(`/api/dashboard/transaction${kind}/export.pdf`, nodash)).statusCode).toBe(
        403,
      );
    }
  });

  it('answers another export format with a 400 naming the two, and changes nothing', async () => {
    const events = (await eventsOf(ctx, AUDIT_ACTIONS.transactionExported)).length;
    const slots = largeReadMetrics.taken;
    for (const format of ['pdf', 'xls', 'CSV', '']) {
      const res = await get(`/api/dashboard/transactionVa/export.${format}?from=2026-11-20`);
      expect(res.statusCode, format).toBe(400);
      expect(res.json().status.message).toBe(
        `Unknown export format '${format}'. The export is export.csv (CSV) or export.xlsx (Excel).`,
      );
    }
    expect((await get('/api/dashboard/transactionQr/export.ods')).statusCode).toBe(400);
    expect(await eventsOf(ctx, AUDIT_ACTIONS.transactionExported)).toHaveLength(events);
    expect(largeReadMetrics.taken).toBe(slots);
  });

  describe('over several batches', () => {
    let big: TestCompany;
    const ROWS = EXPORT_BATCH_ROWS * 2 + 5;

    const request = () =>
      parseListRequest(ctx.deps, VA, big.compId, { from: '2026-10-21', to: '2026-10-21' });

    beforeAll(async () => {
      big = await createCompany(ctx);
      await insertTransactions(
        ctx.db.kysely,
        numberedVaRows(big.compId, big.clntid, ROWS, (i) => `BULKX-${String(i).padStart(6, '0')}`),
      );
    });

    it('sends the zip as the rows are read, and goes on in a new sheet when one is full', async () => {
      const parts: Buffer[] = [];
      const rowsAt: number[] = [];
      for await (const { part, rows } of xlsxParts(exportSource(ctx.deps, request()), 1500)) {
        parts.push(part as Buffer);
        rowsAt.push(rows);
      }
      // Bytes leave before the last rows are read: more than one part, rows counted as they go.
      expect(parts.length).toBeGreaterThan(2);
      expect(rowsAt.reduce((a, b) => a + b, 0)).toBe(ROWS);
      const book = await readBook(Buffer.concat(parts));
      expect(book.worksheets.map((s) => s.name)).toEqual([
        'Transaction VA',
        'Transaction VA (2)',
        'Transaction VA (3)',
      ]);
      const orderIds = book.worksheets.flatMap((sheet) => {
        const rows = rowsOf(sheet);
        expect(rows[0]![0]!.value).toBe('Order ID');
        expect(rows[0]![0]!.font?.bold).toBe(true);
        return rows.slice(1).map((r) => r[0]!.value);
      });
      expect(orderIds).toHaveLength(ROWS);
      // Newest first, every row once.
      expect(orderIds[0]).toBe(`BULKX-${String(ROWS - 1).padStart(6, '0')}`);
      expect(orderIds.at(-1)).toBe('BULKX-000000');
      expect(new Set(orderIds).size).toBe(ROWS);
      expect(rowsOf(book.worksheets[2]!)).toHaveLength(ROWS - 3000 + 1);
    });

    it('stops reading and records a failure when its reader stops early', async () => {
      const xlsx = prepareXlsxExport(ctx.deps, request(), ALICE);
      const first = await xlsx.next();
      expect(Buffer.isBuffer(first.value)).toBe(true);
      await xlsx.return(undefined);
      const event = (await eventsOf(ctx, AUDIT_ACTIONS.transactionExported)).at(-1)!;
      expect(event).toMatchObject({
        audtOutcome: 'failure',
        audtActorUsername: 'alice',
        details: { kind: 'VA', format: 'xlsx', filters: { from: '2026-10-21', to: '2026-10-21' } },
      });
      expect(event.details.rows).toBeLessThan(ROWS);
    });
  });
});
