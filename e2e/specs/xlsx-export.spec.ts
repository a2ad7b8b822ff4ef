/**
 * Unduh Excel (issue 35 item 9): beside the spec's Export (CSV), the list as an XLSX workbook,
 * on a wide screen and as an icon button on a phone. What the workbook holds is the server
 * tests' (apps/server/test/monitoring/transactions-export-xlsx.test.ts); here, that the button
 * is where the operator looks and the browser saves a workbook.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { BUSINESS_TZ, openScreen, waitForTable } from '../support/monitoring.ts';
import { USERS, signInWithCompany } from '../support/session.ts';

test.use({ timezoneId: BUSINESS_TZ });

/** Clicks Unduh Excel: the name the browser saves the file under, and its bytes. */
async function downloadXlsx(page: Page): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Unduh Excel' }).click(),
  ]);
  return { name: download.suggestedFilename(), bytes: await readFile(await download.path()) };
}

/** An XLSX: a zip (PK\x03\x04) holding a worksheet. */
function expectWorkbook(bytes: Buffer): void {
  expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  expect(bytes.includes('xl/worksheets/sheet1.xml')).toBe(true);
}

test('Unduh Excel stands beside Export and saves transactions_VA.xlsx', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInWithCompany(page, USERS.admin);
  await openScreen(page, 'va');
  const toolbar = page
    .getByRole('main')
    .getByRole('button', { name: /^(Export|Unduh Excel|Filter Data|Refresh)$/ });
  await expect(toolbar).toHaveText(['Export', 'Unduh Excel', 'Filter Data', 'Refresh']);
  const xlsx = await downloadXlsx(page);
  expect(xlsx.name).toBe('transactions_VA.xlsx');
  expectWorkbook(xlsx.bytes);
});

test('on a phone Unduh Excel is an icon button that saves transactions_QRIS.xlsx', async ({
  page,
}) => {
  await page.setViewportSize({ width: 600, height: 900 });
  await signInWithCompany(page, USERS.staff);
  await page.goto('/dashboard/transaction-qris');
  await waitForTable(page);
  const button = page.getByRole('button', { name: 'Unduh Excel' });
  await expect(button).toBeVisible();
  await expect(button).toHaveText('');
  const xlsx = await downloadXlsx(page);
  expect(xlsx.name).toBe('transactions_QRIS.xlsx');
  expectWorkbook(xlsx.bytes);
});
