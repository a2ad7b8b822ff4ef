import { expect, type Download, type Locator, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';

/** The business time zone of the demo data (the browser context should use it too). */
export const BUSINESS_TZ = 'Asia/Jakarta';

/** The two widths every operator screen is checked at (issue 11): desktop and the 600 px mobile layout. */
export const OPERATOR_VIEWPORTS = [
  { width: 1280, height: 800 },
  { width: 600, height: 900 },
] as const;

const MONTHS_ID = [
  'Januari',
  'Februari',
  'Maret',
  'April',
  'Mei',
  'Juni',
  'Juli',
  'Agustus',
  'September',
  'Oktober',
  'November',
  'Desember',
];

/** Today in the business time zone, 'YYYY-MM-DD'. */
export function businessToday(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_TZ,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

/** 'YYYY-MM-DD' plus `days` (may be negative). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

const SCREENS = {
  va: { link: /VA/, heading: 'Transaction Virtual Account' },
  qris: { link: /QRIS/, heading: 'Transaction BRI QRIS' },
  notifications: { link: 'Notifications', heading: 'Notifications' },
} as const;
export type Screen = keyof typeof SCREENS;

/** Opens a monitoring screen from the sidebar and waits for its first page of data. */
export async function openScreen(page: Page, screen: Screen): Promise<void> {
  const { link, heading } = SCREENS[screen];
  await page.getByRole('navigation').getByRole('link', { name: link }).click();
  await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  await waitForTable(page);
}

/** The list table of the current screen (dialogs hold tables of their own, outside the main area). */
export const grid = (page: Page): Locator => page.getByRole('main').getByRole('table');

/** 'Showing {from} to {to} of {total} entries' under the table. */
export const showing = (page: Page): Locator =>
  page.getByText(/^Showing \d+ to \d+ of \d+ entries$/);

/** Waits until the table has loaded (the pager is disabled while the list is fetched). */
export async function waitForTable(page: Page): Promise<void> {
  await expect(showing(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'First page' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('progressbar', { name: 'Loading' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: /^Rows/ })).not.toHaveAttribute(
    'aria-disabled',
    'true',
  );
  // The rows of the page the pager counts are all there (read together: a debounced search may
  // still change both).
  await expect(async () => {
    const { from, to, total } = await readShowing(page);
    expect(
      await grid(page)
        .getByRole('row')
        .filter({ has: page.getByRole('cell') })
        .count(),
    ).toBe(total === 0 ? 0 : to - from + 1);
  }).toPass();
}

/** The numbers of the 'Showing … entries' line. */
export async function readShowing(
  page: Page,
): Promise<{ from: number; to: number; total: number }> {
  const text = await showing(page).innerText();
  const [, from, to, total] = /Showing (\d+) to (\d+) of (\d+) entries/.exec(text)!;
  return { from: Number(from), to: Number(to), total: Number(total) };
}

/** The date-range field of the toolbar. */
export const dateRangeField = (page: Page): Locator =>
  page.getByRole('textbox', { name: 'Select Date Range' });

/** Picks a range ('YYYY-MM-DD' days) in the calendar popover: month navigation, then two day clicks. */
export async function pickDateRange(page: Page, from: string, to: string): Promise<void> {
  await dateRangeField(page).click();
  const calendar = page.getByRole('dialog', { name: 'Select Date Range' });
  await expect(calendar).toBeVisible();
  for (const day of [from, to]) {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    const caption = `${MONTHS_ID[month - 1]} ${year}`;
    // Walk month by month to the day's month.
    await expect(async () => {
      const shown = (await calendar.getByRole('status').innerText()).trim();
      if (shown === caption) return;
      const [name, shownYear] = shown.split(' ') as [string, string];
      const shownIndex = Number(shownYear) * 12 + MONTHS_ID.indexOf(name);
      const direction = shownIndex > year * 12 + month - 1 ? 'Previous' : 'Next';
      await calendar.getByRole('button', { name: `Go to the ${direction} Month` }).click();
      expect((await calendar.getByRole('status').innerText()).trim()).toBe(caption);
    }).toPass({ timeout: 15_000 });
    await calendar
      .getByRole('button', {
        name: new RegExp(`(^|, )${date} ${MONTHS_ID[month - 1]} ${year}(,|$)`),
      })
      .click();
  }
  await expect(calendar).toBeHidden();
  await expect(dateRangeField(page)).toHaveValue(`${from} - ${to}`);
  await waitForTable(page);
}

/** Chooses an option of a (MUI) select by its accessible name. */
export async function selectOption(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

/** Filter Data → By Status (a label such as 'Lunas', or 'All') → Apply Filter. */
export async function applyStatusFilter(page: Page, status: string): Promise<void> {
  await page.getByRole('button', { name: 'Filter Data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Filter Data' });
  await expect(dialog).toBeVisible();
  await selectOption(page, dialog.getByRole('combobox', { name: 'By Status' }), status);
  await dialog.getByRole('button', { name: 'Apply Filter' }).click();
  await expect(dialog).toBeHidden();
  await waitForTable(page);
}

/** Filter Data → CLEAR FILTER. */
export async function clearFilter(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Filter Data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Filter Data' });
  await dialog.getByRole('button', { name: 'CLEAR FILTER' }).click();
  await expect(dialog).toBeHidden();
  await waitForTable(page);
}

/** The page-size choice under the table. */
export async function setPageSize(page: Page, size: number): Promise<void> {
  await selectOption(page, page.getByRole('combobox', { name: /^Rows/ }), String(size));
  await waitForTable(page);
}

/** The table row whose Order ID cell is exactly `orderId`. */
export function rowByOrderId(page: Page, orderId: string): Locator {
  return grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: orderId, exact: true }) });
}

/** Types into the toolbar search box (its placeholder names the search-by field) and waits for one matching row. */
export async function searchFor(
  page: Page,
  placeholder: string,
  text: string,
  orderId?: string,
): Promise<void> {
  await page.getByRole('textbox', { name: placeholder }).fill(text);
  if (orderId) await expect(rowByOrderId(page, orderId)).toBeVisible();
  await waitForTable(page);
}

/** Searches the transaction table by order id (search-by 'Order ID') until only that row is listed. */
export async function searchOrderId(page: Page, orderId: string): Promise<Locator> {
  await searchFor(page, 'Search Order ID..', orderId, orderId);
  await expect(showing(page)).toHaveText('Showing 1 to 1 of 1 entries');
  return rowByOrderId(page, orderId);
}

export type TableRow = Record<string, string>;

/** The visible table page as header → cell text (Actions left out). Needs every column rendered (a wide viewport). */
export async function readTable(page: Page): Promise<TableRow[]> {
  // Each cell names its column (data-label, the header's name): read by name, so a phone's cards
  // (where each cell shows that name before its value, data-table.css) read the same. One read for
  // all rows: a page of 100 rows stays quick.
  const rows = await grid(page)
    .locator('tbody tr')
    .evaluateAll((trs) =>
      trs.map((tr) =>
        Array.from(tr.querySelectorAll('td[data-label]')).map((td) => {
          const label = td.getAttribute('data-label')!;
          const text = (td as HTMLElement).innerText.trim();
          return [label, text.startsWith(label) ? text.slice(label.length).trim() : text] as const;
        }),
      ),
    );
  return rows
    .filter((cells) => cells.length > 0)
    .map((cells) => Object.fromEntries(cells.filter(([label]) => label !== 'Actions')));
}

/** Status Pelunasan: Nominal and Jumlah Transaksi as shown. */
export async function readSummary(page: Page): Promise<{ nominal: string; count: number }> {
  const value = async (label: string) => {
    const text = await page.getByText(new RegExp(`^${label}\\s*\\S`)).innerText();
    return text.replace(label, '').trim();
  };
  return { nominal: await value('Nominal'), count: Number(await value('Jumlah Transaksi')) };
}

/** 'Rp. 1.234.567,50' (or '0') → minor units. */
export function rupiahToMinor(text: string): number {
  if (text.trim() === '0') return 0;
  const m = /^Rp\. ([\d.]+),(\d{2})$/.exec(text.trim());
  if (!m) throw new Error(`not a Rupiah amount: ${text}`);
  return Number(m[1]!.replace(/\./g, '')) * 100 + Number(m[2]);
}

/** Minor units → 'Rp. 1.234.567,50', the app's format. */
export function minorToRupiah(minor: number): string {
  const whole = Math.floor(minor / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `Rp. ${whole},${String(minor % 100).padStart(2, '0')}`;
}

/** 'Rp. 150.000,00' → '150000.00' (the CSV's plain amount); N/A → ''. */
export function rupiahToPlain(text: string): string {
  if (text === 'N/A') return '';
  const minor = rupiahToMinor(text);
  return `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

export interface Csv {
  /** The file as downloaded. */
  text: string;
  header: string[];
  rows: string[][];
  /** Every field of every record was written in double quotes. */
  allQuoted: boolean;
}

/** Reads a downloaded CSV (RFC 4180: quoted fields, "" escapes, CRLF records). */
export async function readCsv(download: Download): Promise<Csv> {
  const text = await readFile(await download.path(), 'utf8');
  const records: string[][] = [];
  let allQuoted = true;
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let inQuotes = false;
  const endField = () => {
    if (!quoted) allQuoted = false;
    record.push(field);
    field = '';
    quoted = false;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (inQuotes) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') inQuotes = false;
      else field += ch;
    } else if (ch === '"') {
      inQuotes = true;
      quoted = true;
    } else if (ch === ',') endField();
    else if (ch === '\r' && text[i + 1] === '\n') {
      endField();
      records.push(record);
      record = [];
      i++;
    } else field += ch;
  }
  if (field !== '' || record.length > 0) {
    endField();
    records.push(record);
  }
  const [header = [], ...rows] = records;
  return { text, header, rows, allQuoted };
}

/** Clicks Export and returns the download it starts. */
export async function exportCsv(page: Page): Promise<Download> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  return download;
}

/** The confirmation dialog of Inquiry / Notif: checks the question, then Kirim. */
export async function confirmAction(page: Page, question: string): Promise<void> {
  const dialog = page.getByRole('dialog').filter({ hasText: question });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Kirim' }).click();
  await expect(dialog).toBeHidden({ timeout: 20_000 });
}

/** Notifications: searches the order id, opens See History and returns the number of attempts it lists. */
export async function historyCount(page: Page, orderId: string): Promise<number> {
  await searchFor(page, 'Search Order ID Here', orderId, undefined);
  const row = grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: orderId, exact: true }) });
  await expect(row).toHaveCount(1);
  await expect(showing(page)).toHaveText('Showing 1 to 1 of 1 entries');
  await row.getByRole('button', { name: 'See History' }).click();
  const dialog = page.getByRole('dialog', { name: /Notification History/ });
  await expect(dialog.getByText('See history of a notification data.')).toBeVisible();
  const table = dialog.getByRole('table', { name: 'Notification history' });
  await expect(table).toBeVisible();
  // The history is of this order's notification; each attempt a row that opens to its JSON.
  await expect(dialog.getByRole('group', { name: 'Ringkasan pengiriman' })).toContainText(
    `Order Id ${orderId}`,
  );
  const count = await table.getByRole('button', { name: /^Request dan response #/ }).count();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  return count;
}
