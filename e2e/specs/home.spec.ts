/**
 * Home (issue 11): below the welcome, today and the last 7 days of the active company; a figure
 * clicks through to its list, filtered by the same range and status, whose totals equal it.
 * The summary card's status figures filter the list they sit on.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import {
  BUSINESS_TZ,
  OPERATOR_VIEWPORTS,
  addDays,
  businessToday,
  readShowing,
  waitForTable,
} from '../support/monitoring.ts';
import { USERS, signInWithCompany } from '../support/session.ts';

test.use({ timezoneId: BUSINESS_TZ });
test.describe.configure({ timeout: 120_000 });

/** 'Transaction VA Lunas 7 hari terakhir: 12 transaksi, Rp. 1.500.000,00' → its count and amount. */
function parseFigure(name: string): { count: number; amount: string } {
  const m = /: (\d+) transaksi, (.+)$/.exec(name);
  if (!m) throw new Error(`not a figure: ${name}`);
  return { count: Number(m[1]), amount: m[2]! };
}

/** The first VA/QRIS 7-day figure with rows (demo data has some in the last week). */
async function aFigureWithRows(page: Page): Promise<{ link: Locator; name: string }> {
  const links = page.getByRole('link', {
    name: /^Transaction (VA|BRI QRIS) .* 7 hari terakhir: [1-9]\d* transaksi/,
  });
  await expect(links.first()).toBeVisible();
  const link = links.first();
  return { link, name: (await link.textContent())! };
}

const statusButton = (page: Page, label: string) =>
  page.getByRole('button', { name: new RegExp(`^${label}\\s*\\d`) });

for (const viewport of OPERATOR_VIEWPORTS) {
  test(`${viewport.width}×${viewport.height}: a Home figure opens a list whose totals equal it`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signInWithCompany(page, USERS.admin);
    await expect(page.getByRole('heading', { level: 1, name: 'Selamat Datang' })).toBeVisible();
    await expect(page.getByText('Payment Processing Admin Dashboard')).toBeVisible();
    await expect(
      page.getByRole('heading', { name: 'Ringkasan hari ini dan 7 hari terakhir' }),
    ).toBeVisible();
    // The chart library arrives lazily and draws the week.
    await expect(
      page
        .getByRole('figure', { name: /Transaction VA: transaksi per hari/ })
        .locator('svg')
        .first(),
    ).toBeVisible();

    // No serious or critical WCAG violation in the figures and the chart.
    const violations = await seriousViolations(page);
    expect(violations.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);

    const { link, name } = await aFigureWithRows(page);
    const figure = parseFigure(name);
    const label = / (Belum Lunas|Lunas|Kadaluarsa) 7 hari/.exec(name)![1]!;
    const today = businessToday();
    await link.click();
    await expect(page).toHaveURL(
      new RegExp(`from=${addDays(today, -6)}&to=${today}&status=\\d\\d`),
    );
    await waitForTable(page);
    expect((await readShowing(page)).total).toBe(figure.count);
    // The card's figure of that status is the same count and amount, and it is the chosen one.
    const chosen = statusButton(page, label);
    await expect(chosen).toHaveAttribute('aria-pressed', 'true');
    await expect(chosen).toHaveText(`${label}${figure.count}${figure.amount}`);

    // The notifications figure opens the notifications of the week.
    await page.goto('/dashboard/home');
    const all = page.getByRole('link', { name: /^Semua notifikasi 7 hari terakhir: \d+$/ });
    const total = Number(/(\d+)$/.exec((await all.textContent())!)![1]);
    await all.click();
    await expect(page).toHaveURL(
      new RegExp(`/dashboard/notifications\\?from=${addDays(today, -6)}&to=${today}$`),
    );
    if (total > 0) {
      await waitForTable(page);
      expect((await readShowing(page)).total).toBe(total);
    }
  });
}

test('the summary card filters Transaction VA by the status clicked, and shows every status again', async ({
  page,
}) => {
  await signInWithCompany(page, USERS.admin);
  const today = businessToday();
  await page.goto(`/dashboard/transaction-va?from=${addDays(today, -29)}&to=${today}`);
  await waitForTable(page);
  const unpaid = statusButton(page, 'Belum Lunas');
  const count = Number(/^Belum Lunas(\d+)Rp/.exec((await unpaid.textContent()) ?? '')![1]);
  await unpaid.click();
  await expect(page).toHaveURL(/status=03/);
  await waitForTable(page);
  // The previous page stays on screen while the filtered one loads: wait for its total.
  if (count > 0) await expect.poll(async () => (await readShowing(page)).total).toBe(count);
  await expect(
    page.getByRole('main').getByRole('table').getByRole('cell', { name: 'Lunas', exact: true }),
  ).toHaveCount(0);
  await statusButton(page, 'Belum Lunas').click();
  await expect(page).not.toHaveURL(/status=/);
});
