import { expect, test, type Page } from '@playwright/test';
import {
  BUSINESS_TZ,
  businessToday,
  openScreen,
  rowByOrderId,
  waitForTable,
} from '../support/monitoring.ts';
import { USERS, signInWithCompany } from '../support/session.ts';
import { demoBank, payVaAsBank } from '../support/snap-bank.ts';

// Payments arrive for real and the screens see them happen: an operator watches Transaction VA
// (and Notifications in a second tab) while the test, as the demo bank, pays a bill through /snap.
test.use({ timezoneId: BUSINESS_TZ, viewport: { width: 1280, height: 800 } });

/** Within this long of the bank's answer the screens show the payment, without a click. */
const LIVE_MS = 2_000;

interface VaRow {
  trctId: number;
  trctOrderId: string;
  trctBank: string | null;
  trctStatus: string;
  trctTotalAmount: number | null;
  trvaVirtualAccountNo: string | null;
  trvaVirtualAccountName: string | null;
}

/** An unpaid VA bill on the first page the operator sees (today, newest first), asked with the page's own session. */
async function unpaidBillOnFirstPage(page: Page): Promise<VaRow> {
  const answer = await page.evaluate(async (day) => {
    const query = new URLSearchParams({ page: '1', max: '10', from: day, to: day });
    const res = await fetch(`/api/dashboard/transactionVa/?${query}`, {
      headers: { Authentication: localStorage.getItem('token') ?? '' },
    });
    return (await res.json()) as { data: { data: VaRow[] } };
  }, businessToday());
  const bill = answer.data.data.find(
    (r) =>
      r.trctStatus === '03' &&
      r.trctBank !== null &&
      r.trvaVirtualAccountNo !== null &&
      r.trctTotalAmount !== null,
  );
  expect(bill, 'an unpaid VA bill on the first page of today').toBeDefined();
  return bill!;
}

test('a bank pays through /snap: the operator sees the row turn Lunas and the merchant notification appear, without a click', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  await signInWithCompany(page, USERS.admin);
  // A second tab of the same session watches Notifications (each tab holds its own stream).
  const notifications = await context.newPage();
  await notifications.goto('/dashboard/notifications');
  await waitForTable(notifications);
  await openScreen(page, 'va');

  const bill = await unpaidBillOnFirstPage(page);
  const orderId = bill.trctOrderId;
  const row = rowByOrderId(page, orderId);
  await expect(row.getByRole('cell', { name: 'Belum Lunas', exact: true })).toBeVisible();
  await expect(rowByOrderId(notifications, orderId)).toHaveCount(0);

  const bank = demoBank(baseURL!, bill.trctBank!);
  const answer = await payVaAsBank(request, bank, {
    customerNo: bill.trvaVirtualAccountNo!.slice(bank.partnerServiceId.trim().length),
    name: bill.trvaVirtualAccountName ?? '',
    amount: bill.trctTotalAmount!.toFixed(2),
  });
  expect(answer).toMatchObject({
    responseCode: '2002500',
    virtualAccountData: { paymentFlagStatus: '00' },
  });

  // No click, no Refresh: the stream tells both tabs.
  await expect(row.getByRole('cell', { name: 'Lunas', exact: true })).toBeVisible({
    timeout: LIVE_MS,
  });
  const notification = rowByOrderId(notifications, orderId);
  await expect(notification).toBeVisible({ timeout: LIVE_MS });

  // Its history: the demo merchant's answer to the callback, and the answer itself when opened.
  await notification.getByRole('button', { name: 'See History' }).click();
  const history = notifications.getByRole('table', { name: 'Notification history' });
  const attempt = history.getByRole('row').filter({ hasText: 'Terkirim' });
  await expect(attempt).toHaveCount(1);
  await expect(attempt.getByRole('cell', { name: /^HTTP 200 · \d+ ms · Terkirim$/ })).toBeVisible();
  await attempt.getByRole('button', { name: /^Request dan response #/ }).click();
  await expect(history.getByRole('group', { name: /^Response #/ })).toContainText('"status": 200');

  // The transaction's timeline: the bank's payment and the merchant's answer.
  await row.getByRole('cell', { name: orderId, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/transaction-va/${bill.trctId}$`));
  const timeline = page.getByRole('list', { name: 'Riwayat transaksi' });
  await expect(
    timeline
      .getByRole('listitem')
      .filter({ hasText: `Pembayaran diterima dari bank ${bill.trctBank}` }),
  ).toBeVisible();
  await expect(
    timeline.getByRole('listitem').filter({ hasText: 'Notifikasi ke merchant: terkirim' }),
  ).toBeVisible();
});
