import { expect, test, type Page } from '@playwright/test';
import {
  BUSINESS_TZ,
  addDays,
  businessToday,
  confirmAction,
  openScreen,
  pickDateRange,
  rowByOrderId,
  searchOrderId,
} from '../support/monitoring.ts';
import { USERS, signInWithCompany } from '../support/session.ts';

// One transaction's whole story (issue 11 item 2): open it from the list, run Inquiry and Notif
// there, and read both in its timeline; the URL reloads to the same view.
test.use({ timezoneId: BUSINESS_TZ, viewport: { width: 1280, height: 800 } });
test.describe.configure({ timeout: 120_000 });

interface VaRow {
  trctId: number;
  trctOrderId: string;
  trvaVirtualAccountNo: string | null;
}

/** The days the test looks in: the last month, so other tests' inquiries leave enough candidates. */
function lastMonth(): { from: string; to: string } {
  const to = businessToday();
  return { from: addDays(to, -30), to };
}

/**
 * An unpaid VA the bank simulator reports as paid (customer number, and so order id and VA
 * number, ending in 1, 2 or 3), asked of the API with the page's own session.
 */
async function unpaidButPaidAtBank(page: Page): Promise<VaRow> {
  const answer = await page.evaluate(async ({ from, to }) => {
    const query = new URLSearchParams({
      page: '1',
      max: '100',
      from,
      to,
      'finds[trctStatus]': '03',
    });
    const res = await fetch(`/api/dashboard/transactionVa/?${query}`, {
      headers: { Authentication: localStorage.getItem('token') ?? '' },
    });
    return {
      status: res.status,
      body: (await res.json()) as { data: { data: VaRow[] } | null; status: { message: string } },
    };
  }, lastMonth());
  expect(answer.status, answer.body.status.message).toBe(200);
  const rows = answer.body.data?.data ?? [];
  const target = rows.find(
    (r) => /[123]$/.test(r.trctOrderId) && /[123]$/.test(r.trvaVirtualAccountNo ?? ''),
  );
  expect(target, 'an unpaid VA transaction the simulator reports as paid').toBeDefined();
  return target!;
}

const timeline = (page: Page) => page.getByRole('list', { name: 'Riwayat transaksi' });
const entry = (page: Page, title: string | RegExp) =>
  timeline(page).getByRole('listitem').filter({ hasText: title });

test('VA: open a transaction from the list, run Inquiry and Notif there, and read both in its timeline', async ({
  page,
}) => {
  await signInWithCompany(page, USERS.staff);
  await openScreen(page, 'va');
  const target = await unpaidButPaidAtBank(page);
  const orderId = target.trctOrderId;

  // A click on the row opens its own URL.
  const { from, to } = lastMonth();
  await pickDateRange(page, from, to);
  await searchOrderId(page, orderId);
  await rowByOrderId(page, orderId).getByRole('cell', { name: orderId, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/transaction-va/${target.trctId}$`));
  await expect(
    page.getByRole('heading', { level: 1, name: `Detail Transaksi ${orderId}` }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Transaksi' }).getByText('Belum Lunas'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salin Order ID' })).toBeVisible();
  // Its own number or, for a row that keeps only the bank's form, "No. VA (bank)".
  await expect(page.getByRole('button', { name: /^Salin No\. VA/ }).first()).toBeVisible();
  await expect(timeline(page).getByRole('listitem')).toHaveCount(1);
  await expect(entry(page, 'Transaksi dibuat')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notif', exact: true })).toBeDisabled();

  // Inquiry: the bank answers paid; the status, the inquiry, the operator action and the first delivery appear.
  await page.getByRole('button', { name: 'Inquiry', exact: true }).click();
  await confirmAction(page, `Kirim inquiry untuk transaksi dengan order id ${orderId}?`);
  await expect(page.getByText('Berhasil mengirim inquiry status.')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Transaksi' }).getByText('Lunas', { exact: true }),
  ).toBeVisible();
  await expect(entry(page, /^.*Inquiry ke bank \w+: sudah dibayar/)).toHaveCount(1);
  await expect(entry(page, 'Inquiry ke bank')).toContainText(`oleh ${USERS.staff.username}`);
  await expect(entry(page, 'Status menjadi Lunas')).toHaveCount(1);
  await expect(entry(page, 'Tindakan operator: Inquiry berhasil')).toHaveCount(1);
  await expect(entry(page, 'Notifikasi ke merchant')).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Inquiry', exact: true })).toBeDisabled();

  // Notif: a second delivery attempt and the operator's re-send, after the inquiry.
  await page.getByRole('button', { name: 'Notif', exact: true }).click();
  await confirmAction(page, `Kirim notifikasi untuk transaksi dengan order id ${orderId}?`);
  await expect(page.getByText('Berhasil mengirim notifikasi.')).toBeVisible();
  await expect(entry(page, 'Notifikasi ke merchant: terkirim')).toHaveCount(2);
  await expect(entry(page, 'Tindakan operator: Kirim Notifikasi berhasil')).toHaveCount(1);
  const lastDelivery = entry(page, 'Notifikasi ke merchant: terkirim').last();
  await expect(lastDelivery).toContainText(/HTTP 200 · \d+ ms/);
  await lastDelivery.getByText('Lihat detail').click();
  await expect(lastDelivery.getByRole('group', { name: 'Response merchant' })).toContainText(
    '"status": 200',
  );

  // Time order: the titles as listed; the re-send comes after the inquiry.
  const titles = await timeline(page)
    .getByRole('listitem')
    .locator('p:first-of-type')
    .allInnerTexts();
  expect(titles[0]).toBe('Transaksi dibuat');
  const inquiryAt = titles.findIndex((t) => t.startsWith('Inquiry ke bank'));
  const resentAt = titles.indexOf('Tindakan operator: Kirim Notifikasi berhasil');
  expect(inquiryAt).toBeGreaterThan(0);
  expect(resentAt).toBeGreaterThan(inquiryAt);
  const times = await timeline(page)
    .locator('time')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('datetime')!));
  expect([...times].sort((a, b) => Date.parse(a) - Date.parse(b))).toEqual(times);

  await page.screenshot({ path: '/tmp/e-detail-1280.png', fullPage: true });

  // The URL reloads to the same view.
  const url = page.url();
  await page.reload();
  await expect(page).toHaveURL(url);
  await expect(
    page.getByRole('heading', { level: 1, name: `Detail Transaksi ${orderId}` }),
  ).toBeVisible();
  await expect(timeline(page).getByRole('listitem')).toHaveCount(titles.length);

  await page.setViewportSize({ width: 600, height: 900 });
  await expect(page.getByRole('button', { name: 'Notif', exact: true })).toBeVisible();
  await page.screenshot({ path: '/tmp/e-detail-600.png', fullPage: true });
});

test('an id of no transaction of the company shows that, not an error page', async ({ page }) => {
  await signInWithCompany(page, USERS.staff);
  await page.goto('/dashboard/transaction-qris/2000000000');
  await expect(page.getByText('Transaksi tidak ditemukan di perusahaan ini.')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'breadcrumb' })
    .getByRole('link', { name: 'Transaction BRI QRIS' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/transaction-qris$/);
});
