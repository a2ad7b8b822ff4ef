import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import { parseCsv } from '../support/csv.ts';
import { insertExportRows } from './export-rows.ts';
import { createCompany, userWithoutDashboards, type TestCompany } from './support.ts';

describe.each(DIALECTS)('transaction CSV export (%s)', (dialect) => {
  let ctx: TestContext;
  let mine: TestCompany;
  let token: string;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    mine = await createCompany(ctx);
    const other = await createCompany(ctx);
    await insertExportRows(ctx, mine, other);
    token = await ctx.loginWithCompany(ADMIN, mine.compId);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('streams transactions_VA.csv: labelled header, every cell quoted, words, exact money, WIB dates, newest first', async () => {
    const res = await ctx.inject({
      method: 'GET',
      url: '/api/dashboard/transactionVa/export.csv',
      token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="transactions_VA.csv"');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      '"Order ID","No. VA","Nama","Bank","Jumlah","Jumlah Dibayar","Tanggal Dibuat","Tanggal Kadaluarsa","Tanggal Lunas","Status","Notifikasi"',
    );
    expect(lines.at(-1)).toBe('');
    const rows = parseCsv(res.body);
    expect(rows).toHaveLength(5);
    expect(lines[1]).toMatch(
      /^"'=HYPERLINK\(""http:\/\/evil""\)","77001\d+","Budi ""B"", Santoso","BRI","150000.00",/,
    );
    const [first, second, third, fourth] = rows.slice(1);
    expect(first).toEqual([
      '\'=HYPERLINK("http://evil")',
      expect.stringMatching(/^77001/),
      'Budi "B", Santoso',
      'BRI',
      '150000.00',
      '150000.00',
      '2026-11-20 23:30:00',
      '',
      '2026-11-20 23:45:01',
      'Lunas',
      'Sukses',
    ]);
    expect(second).toEqual([
      "'+SUM(1)",
      expect.any(String),
      "'-2+3",
      'BRI',
      '1234.50',
      '1234.50',
      '2026-11-20 12:00:00',
      '',
      '2026-11-20 10:00:00',
      'Lunas',
      'Pending',
    ]);
    expect(third).toEqual([
      "'@cmd",
      expect.any(String),
      "'\tTab",
      'BJB',
      '99000.00',
      '',
      '2026-11-20 11:00:00',
      '2026-11-21 11:00:00',
      '',
      'Belum Lunas',
      'No Data',
    ]);
    expect(fourth).toEqual([
      'INV-4',
      expect.any(String),
      "'\r\nline",
      'Mandiri',
      '5000.00',
      '',
      '2026-11-20 10:00:00',
      '',
      '',
      'Kadaluarsa',
      'No Data',
    ]);
    expect(res.body).not.toContain('SECRET-OTHER');
  });

  it('streams transactions_QRIS.csv with the No. column and an empty notification cell when there is none', async () => {
    const res = await ctx.inject({
      method: 'GET',
      url: '/api/dashboard/transactionQr/export.csv',
      token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="transactions_QRIS.csv"');
    expect(parseCsv(res.body)).toEqual([
      ['No.', 'Order Id', 'Nama', 'Bank', 'Ref. No', 'Jumlah', 'Tanggal', 'Status', 'Notifikasi'],
      ['1', 'QR-2', 'Budi', 'BRI', "'=1+1", '7000.10', '2026-11-20 13:00:00', 'Belum Lunas', ''],
      ['2', 'QR-1', 'Budi', 'BRI', 'REF-1', '50000.00', '2026-11-20 12:00:00', 'Lunas', 'Sukses'],
    ]);
  });

  it('applies the list filters and date range; bad ones are a 400 before any CSV', async () => {
    const res = await ctx.inject({
      method: 'GET',
      url: '/api/dashboard/transactionVa/export.csv?finds[trctStatus]=00&from=2026-11-20&to=2026-11-20',
      token,
    });
    expect(parseCsv(res.body).map((r) => r[0])).toEqual([
      'Order ID',
      '\'=HYPERLINK("http://evil")',
      "'+SUM(1)",
    ]);
    const unpaid = await ctx.inject({
      method: 'GET',
      url: '/api/dashboard/transactionVa/export.csv?finds[trctStatus]=03',
      token,
    });
    expect(parseCsv(unpaid.body).map((r) => r[0])).toEqual(['Order ID', "'@cmd"]);
    const nextDay = await ctx.inject({
      method: 'GET',
      url: '/api/dashboard/transactionVa/export.csv?from=2026-11-21&to=2026-11-21',
      token,
    });
    expect(parseCsv(nextDay.body)).toHaveLength(1);
    const bad = await ctx.inject({
      method: 'GET',
      url: '/api/dashboard/transactionVa/export.csv?finds[nope]=1',
      token,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/json');
    expect(
      (
        await ctx.inject({
          method: 'GET',
          url: '/api/dashboard/transactionQr/export.csv?from=2026-11-21&to=2026-11-20',
          token,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('needs the read permission', async () => {
    const nodash = await ctx.loginWithCompany(
      await userWithoutDashboards(ctx, mine.compId),
      mine.compId,
    );
    expect(
      (
        await ctx.inject({
          method: 'GET',
          url: '/api/dashboard/transactionVa/export.csv',
          token: nodash,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await ctx.inject({
          method: 'GET',
          url: '/api/dashboard/transactionQr/export.csv',
          token: nodash,
        })
      ).statusCode,
    ).toBe(403);
  });
});
