/** The rows the export tests (CSV, XLSX) read back: texts a spreadsheet takes for formulas, quotes, a tab, a line break, every status, each kind of notification, and another company's row that must never show. */
import type { TestContext } from '../support/test-app.ts';
import { insertTx, type TestCompany } from './support.ts';

export async function insertExportRows(
  ctx: TestContext,
  mine: TestCompany,
  other: TestCompany,
): Promise<void> {
  await insertTx(ctx, mine, 'VA', [
    {
      orderId: '=HYPERLINK("http://evil")',
      status: '00',
      amount: 150000,
      createdAt: '2026-11-20T16:30:00.000Z',
      lunasAt: '2026-11-20T16:45:01.000Z',
      name: 'Budi "B", Santoso',
      notification: { status: 2 },
    },
    {
      orderId: '+SUM(1)',
      status: '00',
      amount: 1234.5,
      createdAt: '2026-11-20T05:00:00.000Z',
      name: '-2+3',
      notification: { status: 1 },
    },
    {
      orderId: '@cmd',
      status: '03',
      amount: 99000,
      createdAt: '2026-11-20T04:00:00.000Z',
      name: '\tTab',
      bank: 'BJB',
      expiredAt: '2026-11-21T04:00:00.000Z',
    },
    {
      orderId: 'INV-4',
      status: '05',
      amount: 5000,
      createdAt: '2026-11-20T03:00:00.000Z',
      name: '\r\nline',
      bank: 'Mandiri',
    },
  ]);
  await insertTx(ctx, mine, 'QRIS', [
    {
      orderId: 'QR-1',
      status: '00',
      amount: 50000,
      createdAt: '2026-11-20T05:00:00.000Z',
      refNo: 'REF-1',
      notification: { status: 2 },
    },
    {
      orderId: 'QR-2',
      status: '03',
      amount: 7000.1,
      createdAt: '2026-11-20T06:00:00.000Z',
      refNo: '=1+1',
    },
  ]);
  await insertTx(ctx, other, 'VA', [
    { orderId: 'SECRET-OTHER', status: '00', createdAt: '2026-11-20T05:00:00.000Z' },
  ]);
}
