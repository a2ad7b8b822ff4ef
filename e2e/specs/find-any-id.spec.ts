import { expect, test, type Page } from '@playwright/test';
import {
  BUSINESS_TZ,
  OPERATOR_VIEWPORTS,
  addDays,
  businessToday,
  rowByOrderId,
  showing,
  waitForTable,
} from '../support/monitoring.ts';
import { USERS, signInWithCompany } from '../support/session.ts';

// Issue 35 item 3: operators are asked "where is payment X" with an id and no date. On the list's
// default range (today), an exact order id of another day is found, shown as "semua tanggal"; a
// search that finds nothing in the range says so and offers the whole history.
test.use({ timezoneId: BUSINESS_TZ });

interface VaRow {
  trctOrderId: string;
}

/** The company's VA rows of the days from..to, asked of the API with the page's own session. */
async function vaRows(page: Page, from: string, to: string): Promise<VaRow[]> {
  const answer = await page.evaluate(
    async ({ from, to }) => {
      const query = new URLSearchParams({ page: '1', max: '500', from, to });
      const res = await fetch(`/api/dashboard/transactionVa/?${query}`, {
        headers: { Authentication: localStorage.getItem('token') ?? '' },
      });
      return (await res.json()) as { data: { data: VaRow[] } };
    },
    { from, to },
  );
  return answer.data.data;
}

const searchBox = (page: Page) => page.getByRole('textbox', { name: 'Search Order ID..' });
const scopeNote = (page: Page) => page.getByTestId('search-scope-note');

for (const viewport of OPERATOR_VIEWPORTS) {
  test(`${viewport.width}×${viewport.height}: an order id of another day is found on "Hari ini"; a search with nothing in the range offers the whole history`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signInWithCompany(page, USERS.staff);
    await page.goto('/dashboard/transaction-va');
    await waitForTable(page);
    const today = businessToday();
    const older = await vaRows(page, addDays(today, -29), addDays(today, -10));
    const todays = (await vaRows(page, today, today)).map((r) => r.trctOrderId);
    // An old id whose first characters (the id less its last two) match nothing of today.
    const target = older.find(
      (r) => !todays.some((id) => id.startsWith(r.trctOrderId.slice(0, -2))),
    );
    expect(target, 'an order id of 10 to 29 days ago').toBeDefined();
    const orderId = target!.trctOrderId;

    // The exact id: found whatever the range, the range said to be "semua tanggal".
    await searchBox(page).fill(orderId);
    await expect(rowByOrderId(page, orderId)).toBeVisible();
    await expect(showing(page)).toHaveText('Showing 1 to 1 of 1 entries');
    await expect(scopeNote(page)).toContainText(`“${orderId}” dicari di semua tanggal`);
    await expect(page.getByText('semua tanggal', { exact: true })).toBeVisible();

    // Part of it: follows the range (today), finds nothing there, and says so.
    const part = orderId.slice(0, -2);
    await searchBox(page).fill(part);
    await expect(scopeNote(page)).toContainText(
      `Tidak ada hasil untuk “${part}” pada rentang tanggal ini.`,
    );
    // The offer: the same search on the whole history finds the old row.
    await scopeNote(page).getByRole('button', { name: 'Cari di semua tanggal' }).click();
    await waitForTable(page);
    await expect(rowByOrderId(page, orderId)).toBeVisible();
    await expect(scopeNote(page)).toHaveCount(0);
  });
}
