import { expect, test, type Page } from '@playwright/test';
import {
  BUSINESS_TZ,
  addDays,
  applyStatusFilter,
  businessToday,
  clearFilter,
  confirmAction,
  dateRangeField,
  exportCsv,
  grid,
  historyCount,
  minorToRupiah,
  openScreen,
  pickDateRange,
  readCsv,
  readShowing,
  readSummary,
  readTable,
  rowByOrderId,
  rupiahToMinor,
  rupiahToPlain,
  searchFor,
  searchOrderId,
  selectOption,
  setPageSize,
  showing,
  waitForTable,
  type TableRow,
} from '../support/monitoring.ts';
import { USERS, signInWithCompany } from '../support/session.ts';

// The demo data is dated in Asia/Jakarta, and so is the calendar of the date-range field here.
// The grid virtualises columns outside the viewport: a wide window keeps Actions rendered.
test.use({ timezoneId: BUSINESS_TZ, viewport: { width: 2300, height: 1200 } });
// Pages of 100 rows, several list reloads and a bank round trip per test: more than the default budget.
test.describe.configure({ timeout: 120_000 });

const COMPANY = 'PT Toko Maju';
const VA_CSV_HEADER = [
  'Order ID',
  'No. VA',
  'Nama',
  'Bank',
  'Jumlah',
  'Jumlah Dibayar',
  'Tanggal Dibuat',
  'Tanggal Kadaluarsa',
  'Tanggal Lunas',
  'Status',
  'Notifikasi',
];
/** CSV column → the VA table's header for it. */
const VA_TABLE_HEADER: Record<string, string> = {
  Jumlah: 'Total',
  'Jumlah Dibayar': 'Dibayar',
  'Tanggal Kadaluarsa': 'Kadaluarsa',
};
const MONEY = new Set(['Jumlah', 'Jumlah Dibayar']);

test.beforeEach(async ({ page }) => {
  await signInWithCompany(page, USERS.staff, COMPANY);
});

/** Reads every row of the table (after the filters settled): all `status`, as many rows as entries. */
async function readAllRows(page: Page, status?: string): Promise<TableRow[]> {
  let rows: TableRow[] = [];
  await expect(async () => {
    await waitForTable(page);
    const { from, to, total } = await readShowing(page);
    rows = await readTable(page);
    expect(total).toBeGreaterThan(0);
    expect(from).toBe(1);
    expect(to).toBe(total); // everything on one page
    expect(rows).toHaveLength(total);
    if (status) expect(new Set(rows.map((r) => r['Status']))).toEqual(new Set([status]));
  }).toPass({ timeout: 20_000 });
  return rows;
}

/** Sorts the VA table by Tanggal Dibuat, newest first (the CSV's order). */
async function sortByCreatedDesc(page: Page): Promise<void> {
  const header = grid(page).getByRole('columnheader', { name: 'Tanggal Dibuat' });
  await header.click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await header.click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await waitForTable(page);
}

/** Exports the VA list and checks the file against the table's rows, in order. */
async function expectCsvMatchesTable(page: Page, tableRows: TableRow[]): Promise<void> {
  const download = await exportCsv(page);
  expect(download.suggestedFilename()).toBe('transactions_VA.csv');
  const csv = await readCsv(download);
  expect(csv.header).toEqual(VA_CSV_HEADER);
  expect(csv.allQuoted).toBe(true);
  expect(csv.text.startsWith('"Order ID","No. VA","Nama"')).toBe(true);
  expect(csv.text.endsWith('\r\n')).toBe(true);
  expect(csv.rows).toHaveLength(tableRows.length);

  // Same order ids in the same order (the CSV is newest first; so is the sorted table).
  expect(csv.rows.map((r) => r[0])).toEqual(tableRows.map((r) => r['Order ID']));
  const created = csv.rows.map((r) => r[6]!);
  expect(created).toEqual([...created].sort().reverse());

  csv.rows.forEach((record, index) => {
    const shown = tableRows[index]!;
    VA_CSV_HEADER.forEach((column, i) => {
      const value = record[i]!;
      const cell = shown[VA_TABLE_HEADER[column] ?? column]!;
      if (MONEY.has(column)) {
        // Plain '150000.00' in the file, 'Rp. 150.000,00' on screen.
        if (value !== '') expect(value).toMatch(/^\d+\.\d{2}$/);
        expect(value, `${column} of ${record[0]}`).toBe(rupiahToPlain(cell));
      } else if (column === 'Notifikasi') {
        expect(value, `${column} of ${record[0]}`).toBe(cell === 'N/A' ? 'No Data' : cell);
      } else {
        expect(value, `${column} of ${record[0]}`).toBe(cell === 'N/A' ? '' : cell);
      }
    });
  });
}

test('VA: filter by date range and status, export, and the CSV matches the table', async ({
  page,
}) => {
  const today = businessToday();
  await openScreen(page, 'va');
  await expect(dateRangeField(page)).toHaveValue(`${today} - ${today}`);

  const from = addDays(today, -7);
  await pickDateRange(page, from, today);
  await setPageSize(page, 100);
  await sortByCreatedDesc(page);

  // Lunas: amounts paid, notifications as words.
  await applyStatusFilter(page, 'Lunas');
  const paid = await readAllRows(page, 'Lunas');
  expect(paid.length).toBeLessThanOrEqual(100);
  for (const row of paid) {
    const day = row['Tanggal Dibuat']!.slice(0, 10);
    expect(day >= from && day <= today, `${row['Order ID']} created ${day}`).toBe(true);
    expect(row['Total']).toMatch(/^Rp\. \d{1,3}(\.\d{3})*,\d{2}$/);
    expect(['Sukses', 'Pending']).toContain(row['Notifikasi']);
  }
  await expectCsvMatchesTable(page, paid);

  // Belum Lunas: nothing paid yet, no notification ('No Data' in the file, N/A on screen).
  await applyStatusFilter(page, 'Belum Lunas');
  const unpaid = await readAllRows(page, 'Belum Lunas');
  expect(unpaid.every((r) => r['Dibayar'] === 'N/A' && r['Notifikasi'] === 'N/A')).toBe(true);
  await expectCsvMatchesTable(page, unpaid);
});

test('VA: clearing the date range goes back to today', async ({ page }) => {
  const today = businessToday();
  await openScreen(page, 'va');
  await expect(dateRangeField(page)).toHaveValue(`${today} - ${today}`);
  const todays = await readShowing(page);

  const from = addDays(today, -6);
  const to = addDays(today, -2);
  await pickDateRange(page, from, to);
  await setPageSize(page, 100);
  const earlier = await readAllRows(page);
  for (const row of earlier) {
    const day = row['Tanggal Dibuat']!.slice(0, 10);
    expect(day >= from && day <= to, `${row['Order ID']} created ${day}`).toBe(true);
  }

  await page.getByRole('button', { name: 'Clear date range' }).click();
  await expect(dateRangeField(page)).toHaveValue(`${today} - ${today}`);
  await expect(showing(page)).toHaveText(`Showing 1 to ${todays.total} of ${todays.total} entries`);
  const rows = await readAllRows(page);
  expect(rows.every((r) => r['Tanggal Dibuat']!.startsWith(today))).toBe(true);
});

test('VA: the search-by selector finds a row by Order ID, Nama and No. VA', async ({ page }) => {
  await openScreen(page, 'va');
  const [target] = await readTable(page);
  const orderId = target!['Order ID']!;
  const name = target!['Nama']!;
  const vaNo = target!['No. VA']!;
  const searchBy = page.getByRole('combobox', { name: /^Search by/ });
  await expect(searchBy).toHaveText('Order ID');

  await searchOrderId(page, orderId);

  // A new search-by field starts with an empty box.
  await selectOption(page, searchBy, 'Nama');
  await expect(page.getByRole('textbox', { name: 'Search Nama..' })).toHaveValue('');
  await searchFor(page, 'Search Nama..', name, orderId);
  await expect(async () => {
    const rows = await readTable(page);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r['Nama'] === name)).toBe(true);
  }).toPass();

  await selectOption(page, searchBy, 'No. VA');
  await expect(page.getByRole('textbox', { name: 'Search No. VA..' })).toHaveValue('');
  await searchFor(page, 'Search No. VA..', vaNo, orderId);
  await expect(showing(page)).toHaveText('Showing 1 to 1 of 1 entries');
  await expect(
    rowByOrderId(page, orderId).getByRole('cell', { name: vaNo, exact: true }),
  ).toBeVisible();
});

test('VA: Inquiry is only enabled on Belum Lunas, Notif only on Lunas', async ({ page }) => {
  await openScreen(page, 'va');
  await setPageSize(page, 100);
  const withStatus = (status: string) =>
    grid(page)
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: status, exact: true }) });

  for (const row of await withStatus('Lunas').all()) {
    await expect(row.getByRole('button', { name: 'Inquiry' })).toBeDisabled();
    await expect(row.getByRole('button', { name: 'Notif' })).toBeEnabled();
  }
  for (const row of await withStatus('Belum Lunas').all()) {
    await expect(row.getByRole('button', { name: 'Inquiry' })).toBeEnabled();
    await expect(row.getByRole('button', { name: 'Notif' })).toBeDisabled();
  }
  for (const row of await withStatus('Kadaluarsa').all()) {
    await expect(row.getByRole('button', { name: 'Inquiry' })).toBeDisabled();
    await expect(row.getByRole('button', { name: 'Notif' })).toBeDisabled();
  }
  // Today has every status (demo data).
  await expect(withStatus('Lunas').first()).toBeVisible();
  await expect(withStatus('Belum Lunas').first()).toBeVisible();
  await expect(withStatus('Kadaluarsa').first()).toBeVisible();

  // Batal closes the question without sending anything.
  const unpaid = withStatus('Belum Lunas').first();
  const orderId = (await unpaid.locator('[data-field="trctOrderId"]').innerText()).trim();
  await unpaid.getByRole('button', { name: 'Inquiry' }).click();
  const question = page
    .getByRole('dialog')
    .filter({ hasText: `Kirim inquiry untuk transaksi dengan order id ${orderId}?` });
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Batal' }).click();
  await expect(question).toBeHidden();
  await expect(
    rowByOrderId(page, orderId).getByRole('cell', { name: 'Belum Lunas', exact: true }),
  ).toBeVisible();
});

test('VA: an inquiry the bank answers as paid turns the row Lunas and updates Status Pelunasan', async ({
  page,
}) => {
  const today = businessToday();
  await openScreen(page, 'va');
  await pickDateRange(page, addDays(today, -31), today);
  const before = await readSummary(page);
  const { total } = await readShowing(page);

  // The bank simulator reports paid when the customer number (and so the order id) ends in 1, 2 or 3.
  await setPageSize(page, 100);
  await applyStatusFilter(page, 'Belum Lunas');
  const unpaid = await readAllRows(page, 'Belum Lunas');
  const target = unpaid.find((r) => /[123]$/.test(r['Order ID']!) && /[123]$/.test(r['No. VA']!));
  expect(target, 'an unpaid VA transaction the simulator reports as paid').toBeDefined();
  const orderId = target!['Order ID']!;
  await clearFilter(page);

  const row = await searchOrderId(page, orderId);
  await expect.poll(() => readSummary(page)).toEqual({ nominal: '0', count: 0 });
  await expect(row.getByRole('cell', { name: 'Belum Lunas', exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Inquiry' }).click();
  await confirmAction(page, `Kirim inquiry untuk transaksi dengan order id ${orderId}?`);
  await expect(page.getByText('Berhasil mengirim inquiry status.')).toBeVisible();

  await expect(row.getByRole('cell', { name: 'Lunas', exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Inquiry' })).toBeDisabled();
  await expect(row.getByRole('button', { name: 'Notif' })).toBeEnabled();
  const [after] = await readTable(page);
  expect(after!['Dibayar']).toMatch(/^Rp\. /);
  expect(after!['Tanggal Lunas']).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  const paidMinor = rupiahToMinor(after!['Dibayar']!);
  await expect.poll(() => readSummary(page)).toEqual({ nominal: after!['Dibayar'], count: 1 });

  // The whole range: one more paid transaction, its amount added to the nominal.
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(showing(page)).toHaveText(
    `Showing 1 to ${Math.min(100, total)} of ${total} entries`,
  );
  await expect
    .poll(() => readSummary(page))
    .toEqual({
      nominal: minorToRupiah(rupiahToMinor(before.nominal) + paidMinor),
      count: before.count + 1,
    });
});

test('VA: re-sending a notification adds one attempt to its history on Notifications', async ({
  page,
}) => {
  await openScreen(page, 'va');
  await applyStatusFilter(page, 'Lunas');
  const [paid] = await readAllRowsOfPage(page, 'Lunas');
  const orderId = paid!['Order ID']!;

  await openScreen(page, 'notifications');
  const attempts = await historyCount(page, orderId);

  await openScreen(page, 'va');
  const row = await searchOrderId(page, orderId);
  await row.getByRole('button', { name: 'Notif' }).click();
  await confirmAction(page, `Kirim notifikasi untuk transaksi dengan order id ${orderId}?`);
  await expect(page.getByText('Berhasil mengirim notifikasi.')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Sukses', exact: true })).toBeVisible();

  await openScreen(page, 'notifications');
  // The history may first show the cached attempts while it refetches: wait for the new one.
  await expect.poll(() => historyCount(page, orderId), { timeout: 30_000 }).toBe(attempts + 1);
});

test('Notifications: a failing notification shows its attempts and why; Kirim ulang sends it again', async ({
  page,
}) => {
  await openScreen(page, 'notifications');
  // The work queue: notifications whose retries are used up (the demo data has some).
  const queue = page.getByRole('button', { name: 'Perlu tindakan' });
  await queue.click();
  await waitForTable(page);
  const [failing] = await readTable(page);
  expect(failing!['Notif Status']).toMatch(/^Pending\s+Gagal · \d+x$/);
  expect(failing!['Hasil terakhir']).toMatch(/^(HTTP 5\d\d|connect ECONNREFUSED)/);
  expect(failing!['Coba lagi']).toBe('Tidak dicoba lagi');
  const orderId = failing!['Order Id']!;
  const attempts = Number(/Gagal · (\d+)x/.exec(failing!['Notif Status']!)![1]);
  // Out of the queue, so that the row stays once delivered.
  await queue.click();
  expect(await historyCount(page, orderId)).toBe(attempts);

  const row = rowByOrderId(page, orderId);
  await row.getByRole('button', { name: 'Kirim ulang' }).click();
  await confirmAction(page, `Kirim notifikasi untuk transaksi dengan order id ${orderId}?`);
  await expect(page.getByText('Berhasil mengirim notifikasi.')).toBeVisible();
  // The list reloads: delivered now, the demo merchant's 200.
  await expect(row.locator('[data-field="notiStatus"]')).toHaveText('Sukses');
  await expect(row.locator('[data-field="notiLastHttpStatus"]')).toHaveText('HTTP 200');
  await expect(row.locator('[data-field="notiNextAttemptAt"]')).toHaveText('N/A');
  await expect.poll(() => historyCount(page, orderId), { timeout: 30_000 }).toBe(attempts + 1);
});

/** The rows of the current page once they all have `status`. */
async function readAllRowsOfPage(page: Page, status: string): Promise<TableRow[]> {
  let rows: TableRow[] = [];
  await expect(async () => {
    await waitForTable(page);
    rows = await readTable(page);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r['Status'] === status)).toBe(true);
  }).toPass({ timeout: 20_000 });
  return rows;
}

test('QRIS: the list pages on with the No. column continuing on page 2', async ({ page }) => {
  const today = businessToday();
  await openScreen(page, 'qris');
  await expect(page.getByRole('heading', { name: 'Status Pelunasan' })).toBeVisible();
  await expect(grid(page).getByRole('columnheader')).toHaveText(
    // First the checkboxes that pick rows for bulk actions (issue 11), no header text.
    [
      '',
      'No.',
      'Order Id',
      'Nama',
      'Bank',
      'Ref. No',
      'Jumlah',
      'Tanggal',
      'Status',
      'Notifikasi',
      'Actions',
    ],
  );
  await pickDateRange(page, addDays(today, -31), today);
  const { total } = await readShowing(page);
  expect(total).toBeGreaterThan(10);
  await expect(showing(page)).toHaveText(`Showing 1 to 10 of ${total} entries`);
  const first = await readTable(page);
  expect(first.map((r) => r['No.'])).toEqual(Array.from({ length: 10 }, (_, i) => String(i + 1)));

  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(showing(page)).toHaveText(
    `Showing 11 to ${Math.min(20, total)} of ${total} entries`,
  );
  await waitForTable(page);
  const second = await readTable(page);
  expect(second.map((r) => r['No.'])).toEqual(
    Array.from({ length: Math.min(20, total) - 10 }, (_, i) => String(i + 11)),
  );
  // Page 2 lists other transactions than page 1.
  const firstIds = new Set(first.map((r) => r['Order Id']));
  expect(second.some((r) => firstIds.has(r['Order Id']))).toBe(false);
  expect(second.every((r) => /^QR\d+-\d{8}$/.test(r['Order Id']!))).toBe(true);

  // Search by Ref. No. finds one of them.
  const target = second[0]!;
  await selectOption(page, page.getByRole('combobox', { name: /^Search by/ }), 'Ref. No.');
  await searchFor(page, 'Search Ref. No...', target['Ref. No']!, target['Order Id']);
  await expect(showing(page)).toHaveText('Showing 1 to 1 of 1 entries');
  await expect(rowByOrderId(page, target['Order Id']!).locator('[data-field="no"]')).toHaveText(
    '1',
  );
});
