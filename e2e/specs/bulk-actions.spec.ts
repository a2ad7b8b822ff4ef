/**
 * Work queues and bulk actions (issue 11): an operator picks three notifications, previews the
 * bulk re-send, gives a reason, runs it (a double click makes one job), watches its progress and
 * reads each item's outcome; each notification got exactly one more attempt. The work queue
 * toggle narrows the list and Home's "Perlu tindakan" figure equals the queue's total.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  BUSINESS_TZ,
  OPERATOR_VIEWPORTS,
  grid,
  readShowing,
  showing,
  waitForTable,
} from '../support/monitoring.ts';
import { USERS, signInWithCompany } from '../support/session.ts';

test.use({ timezoneId: BUSINESS_TZ });
test.describe.configure({ timeout: 120_000 });

const COMPANY = 'PT Toko Maju';

interface HistoryAnswer {
  data: { notification_history: unknown[] };
}

/** How many delivery attempts a notification has, from the API the History dialog reads. */
async function attemptsOf(page: Page, notiId: string): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get(`/api/dashboard/notification/${notiId}`, {
    headers: { Authentication: token ?? '' },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as HistoryAnswer).data.notification_history.length;
}

for (const viewport of OPERATOR_VIEWPORTS) {
  test(`${viewport.width}×${viewport.height}: a bulk re-send of three notifications shows its progress and each outcome`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signInWithCompany(page, USERS.staff, COMPANY);
    await page.goto('/dashboard/notifications?size=20');
    await waitForTable(page);

    // Rows of their own per width and per try: a notification re-sent by a bulk job a minute ago
    // is skipped as "Baru saja diproses aksi massal" (BULK_REPEAT_WINDOW_MINUTES), by design.
    const first = (viewport.width === 1280 ? 0 : 3) + test.info().retry * 6;
    const rows = grid(page)
      .getByRole('row')
      .filter({ has: page.getByRole('cell') });
    const picked: { notiId: string; orderId: string; attempts: number }[] = [];
    for (const index of [first, first + 1, first + 2]) {
      const row = rows.nth(index);
      // The grid's row id is the notification's id (its column may not fit at 600 px).
      const notiId = (await row.getAttribute('data-id'))!;
      const orderId = (await row.locator('[data-field="notiOrderId"]').innerText()).trim();
      picked.push({ notiId, orderId, attempts: await attemptsOf(page, notiId) });
      // A click, then wait for the tick: the grid may draw it a moment after the click on a busy
      // machine (Playwright's check() fails at once when the state has not changed yet).
      const tick = row.getByRole('checkbox');
      await tick.click();
      await expect(tick).toBeChecked();
    }

    const bar = page.getByRole('region', { name: 'Aksi massal' });
    await expect(bar).toContainText('3 baris dipilih');
    await bar.getByRole('button', { name: 'Kirim ulang notifikasi' }).click();

    const dialog = page.getByRole('dialog', { name: 'Kirim ulang notifikasi massal' });
    await expect(dialog).toContainText('Akan diproses: 3 dari 3 baris yang dipilih.');
    await expect(dialog.getByRole('table', { name: 'Per Merchant' })).toBeVisible();

    const run = dialog.getByRole('button', { name: 'Jalankan (3)' });
    await run.click();
    await expect(dialog.getByText('Alasan wajib diisi')).toBeVisible();
    await dialog
      .getByRole('textbox', { name: 'Alasan' })
      .fill(`Merchant minta kirim ulang (${viewport.width})`);
    await run.dblclick();

    await expect(dialog.getByRole('progressbar', { name: 'Progres aksi massal' })).toBeVisible();
    await expect(dialog).toContainText('Selesai', { timeout: 60_000 });
    const outcomes = dialog
      .getByRole('table', { name: 'Hasil per baris' })
      .getByRole('row')
      .filter({ has: page.getByRole('cell') });
    await expect(outcomes).toHaveCount(3);
    for (const { orderId } of picked) {
      const outcome = outcomes.filter({ hasText: orderId });
      await expect(outcome).toContainText('Berhasil');
      await expect(outcome).toContainText('HTTP 200');
    }
    await expect(dialog).toContainText('Berhasil 3 · Gagal 0 · Dilewati 0 · Menunggu 0');
    await page.screenshot({ path: test.info().outputPath(`bulk-${viewport.width}.png`) });
    await dialog.getByRole('button', { name: 'Tutup' }).click();
    await expect(dialog).toBeHidden();

    // The double click made one job: each notification was sent exactly once more.
    for (const { notiId, attempts } of picked)
      expect(await attemptsOf(page, notiId), `notification ${notiId}`).toBe(attempts + 1);
  });
}

test('"Perlu tindakan" narrows the list to its queue, and Home counts the same rows', async ({
  page,
}) => {
  await signInWithCompany(page, USERS.staff, COMPANY);
  const card = page
    .getByRole('heading', { name: 'Perlu tindakan' })
    .locator('xpath=ancestor::*[contains(@class,"MuiCard-root")][1]');
  await expect(card).toBeVisible();
  const link = card.getByRole('link', { name: /Transaction VA belum dicek ke bank/ });
  const figure = Number((await link.innerText()).replace(/\D+.*$/s, '').replace(/\./g, ''));
  await link.click();
  await expect(page).toHaveURL(/\/dashboard\/transaction-va\?.*queue=attention/);
  await expect(page.getByRole('button', { name: 'Perlu tindakan' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await waitForTable(page);
  if (figure === 0) await expect(showing(page)).toHaveText('Showing 0 to 0 of 0 entries');
  else await expect.poll(async () => (await readShowing(page)).total).toBe(figure);

  // Off again: the whole list, at least as many rows.
  await page.getByRole('button', { name: 'Perlu tindakan' }).click();
  await expect(page).not.toHaveURL(/queue=attention/);
  await waitForTable(page);
  expect((await readShowing(page)).total).toBeGreaterThanOrEqual(figure);
});
