/**
 * Every column the operator has ticked is on screen on a laptop (issue 35 item 1): at 1280 × 800
 * and 1366 × 768 each header and cell is shown (never display:none) and inside the window, or
 * reached by scrolling the table sideways, while Order ID and Actions stay held in place; a cut
 * id keeps its end and shows whole on hover. On a phone (600 × 900) a transaction row is a card
 * with its order id whole, amount, time, name, status and actions, and the top bar names the
 * company (item 2); master and audit lists the same. The default-sorted column shows its arrow
 * and aria-sort (item 11). Home opens on what needs attention (item 10).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { seriousViolations } from '../support/axe.ts';
import {
  BUSINESS_TZ,
  addDays,
  businessToday,
  dateRangeField,
  grid,
  waitForTable,
} from '../support/monitoring.ts';
import { USERS, signInWithCompany } from '../support/session.ts';

test.use({ timezoneId: BUSINESS_TZ });
test.describe.configure({ timeout: 480_000 });

const COMPANY = 'PT Toko Maju';
const lastMonth = () => `from=${addDays(businessToday(), -29)}&to=${businessToday()}`;
const SHOTS = '/tmp/ops-table-shots';

const TRANSACTION_SCREENS = [
  {
    name: 'va',
    path: '/dashboard/transaction-va',
    headers: [
      'Order ID',
      'No. VA',
      'Nama',
      'Bank',
      'Total',
      'Dibayar',
      'Tanggal Dibuat',
      'Kadaluarsa',
      'Tanggal Lunas',
      'Status',
      'Notifikasi',
    ],
  },
  {
    name: 'qris',
    path: '/dashboard/transaction-qris',
    headers: [
      'No.',
      'Order Id',
      'Nama',
      'Bank',
      'Ref. No',
      'Jumlah',
      'Tanggal',
      'Status',
      'Notifikasi',
    ],
  },
] as const;

const dataRows = (page: Page): Locator =>
  grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

/** Shown (not display:none, not hidden by visibility) and, once scrolled to, inside the window. */
async function expectReachable(page: Page, element: Locator, what: string): Promise<void> {
  expect(await element.evaluate((el) => getComputedStyle(el).display), `${what}: display`).not.toBe(
    'none',
  );
  await element.scrollIntoViewIfNeeded();
  await expect(element, what).toBeVisible();
  const box = (await element.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.width, `${what} has a width`).toBeGreaterThan(20);
  expect(box.x, `${what} starts inside the window`).toBeGreaterThanOrEqual(-1);
  expect(box.x + box.width, `${what} ends inside the ${width} px window`).toBeLessThanOrEqual(
    width + 1,
  );
}

/**
 * Each element (in one pass in the page: quick on a loaded machine): shown, not display:none,
 * and inside the window once scrolled to. Returns the ones that are not, with why.
 */
async function expectAllReachable(elements: Locator, what: string): Promise<void> {
  expect(await elements.count(), `${what}: some to check`).toBeGreaterThan(0);
  const problems = await elements.evaluateAll((list) =>
    list.flatMap((el) => {
      const name = el.getAttribute('data-field') ?? el.textContent ?? '?';
      if (getComputedStyle(el).display === 'none') return [`${name}: display none`];
      el.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const box = el.getBoundingClientRect();
      if (box.width < 20 || box.height < 10) return [`${name}: ${box.width}×${box.height}`];
      if (box.left < -1 || box.right > window.innerWidth + 1)
        return [`${name}: ${box.left}..${box.right} outside 0..${window.innerWidth}`];
      return [];
    }),
  );
  expect(problems, what).toEqual([]);
}

async function expectInsideWindow(page: Page, element: Locator, what: string): Promise<void> {
  const box = (await element.boundingBox())!;
  expect(box.x, `${what} starts inside the window`).toBeGreaterThanOrEqual(-1);
  expect(box.x + box.width, `${what} ends inside the window`).toBeLessThanOrEqual(
    page.viewportSize()!.width + 1,
  );
}

async function expectNoSeriousViolation(page: Page, what: string): Promise<void> {
  const violations = await seriousViolations(page);
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    what,
  ).toEqual([]);
}

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
]) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('every ticked column of the transaction lists is shown, Order ID and Actions held in place', async ({
      page,
    }) => {
      await signInWithCompany(page, USERS.staff, COMPANY);
      for (const screen of TRANSACTION_SCREENS) {
        await page.goto(`${screen.path}?${lastMonth()}`);
        await waitForTable(page);
        const headers = grid(page).getByRole('columnheader');
        await expect(headers).toHaveText(['', ...screen.headers, 'Actions']);
        const rows = dataRows(page);
        expect(await rows.count(), screen.name).toBeGreaterThan(0);
        await page.screenshot({ path: `${SHOTS}/${screen.name}-${viewport.width}.png` });
        await expectAllReachable(headers, `${screen.name}: every header`);
        const first = rows.first();
        await expectAllReachable(
          first.getByRole('cell'),
          `${screen.name}: every cell of the first row`,
        );
        await expectAllReachable(
          rows.last().getByRole('cell'),
          `${screen.name}: every cell of the last row`,
        );

        // Scrolled to the far right: the id and the actions are still in the window.
        await grid(page).evaluate((table) =>
          table.parentElement!.scrollTo({ left: table.parentElement!.scrollWidth }),
        );
        await expectInsideWindow(
          page,
          first.locator('[data-field="trctOrderId"]'),
          `${screen.name}: Order ID at the far right`,
        );
        await expectInsideWindow(
          page,
          first.getByRole('button', { name: 'Inquiry' }),
          `${screen.name}: Inquiry at the far right`,
        );
        await page.screenshot({ path: `${SHOTS}/${screen.name}-${viewport.width}-scrolled.png` });
        await grid(page).evaluate((table) => table.parentElement!.scrollTo({ left: 0 }));

        // The order id: its whole text on hover; cut, it keeps its end.
        const orderId = first.locator('[data-field="trctOrderId"] .cut-text');
        const whole = (await orderId.getAttribute('title'))!;
        expect(whole.length).toBeGreaterThan(5);
        await expect(orderId).toHaveText(whole);
        expect(
          await orderId.evaluate((el) => getComputedStyle(el).direction),
          'the ellipsis goes at the start',
        ).toBe('rtl');
      }
      await expectNoSeriousViolation(page, 'Transaction BRI QRIS');
    });
  });
}

test.describe('600×900', () => {
  test.use({ viewport: { width: 600, height: 900 } });

  test('a transaction row is a card: order id whole, amount, time, name, status and actions; the top bar names the company', async ({
    page,
  }) => {
    await signInWithCompany(page, USERS.staff, COMPANY);
    await expect(page.getByTestId('top-bar-company')).toHaveText(COMPANY);
    for (const screen of TRANSACTION_SCREENS) {
      await page.goto(`${screen.path}?${lastMonth()}`);
      await waitForTable(page);
      const card = dataRows(page).first();
      expect(
        await card.evaluate((el) => getComputedStyle(el).display),
        'a row is a card (grid)',
      ).toBe('grid');
      const orderId = card.locator('[data-field="trctOrderId"]');
      const whole = (await orderId.locator('.cut-text').getAttribute('title'))!;
      // The id whole: its text is not cut (nothing overflows it).
      expect(
        await orderId.locator('.cut-text').evaluate((el) => el.scrollWidth <= el.clientWidth + 1),
      ).toBe(true);
      await expect(orderId).toHaveText(whole);
      const nameField = screen.name === 'va' ? 'trctVirtualAccountName' : 'trctQrName';
      for (const field of [
        'trctOrderId',
        'trctTotalAmount',
        'trctCreatedTime',
        nameField,
        'trctStatus',
      ]) {
        await expectReachable(
          page,
          card.locator(`[data-field="${field}"]`),
          `${screen.name} card: ${field}`,
        );
      }
      await expectReachable(
        page,
        card.getByRole('button', { name: 'Inquiry' }),
        `${screen.name} card: Inquiry`,
      );
      await expectReachable(
        page,
        card.getByRole('button', { name: 'Notif' }),
        `${screen.name} card: Notif`,
      );
      // The amount comes before the other figures: on the card's first lines, under the id.
      const idBox = (await orderId.boundingBox())!;
      const amountBox = (await card.locator('[data-field="trctTotalAmount"]').boundingBox())!;
      expect(amountBox.y).toBeGreaterThan(idBox.y);
      expect(amountBox.y - idBox.y).toBeLessThan(80);
      // Nothing to scroll sideways on the page.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        600,
      );
      await page.screenshot({ path: `${SHOTS}/${screen.name}-600.png` });
    }
    await expectNoSeriousViolation(page, 'Transaction BRI QRIS cards');
  });

  test('master and audit lists of more than three columns are cards too', async ({ page }) => {
    await signInWithCompany(page, USERS.superadmin, COMPANY);
    for (const path of [
      '/dashboard/company-management',
      '/dashboard/client-management',
      '/dashboard/audit-log',
    ]) {
      await page.goto(path);
      await waitForTable(page);
      const card = dataRows(page).first();
      expect(
        await card.evaluate((el) => getComputedStyle(el).display),
        `${path}: a row is a card`,
      ).toBe('grid');
      await expectAllReachable(card.getByRole('cell'), `${path}: every cell of a card`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        600,
      );
      await page.screenshot({ path: `${SHOTS}/${path.split('/').pop()}-600.png` });
      await expectNoSeriousViolation(page, path);
    }
  });
});

test.describe('sort arrow and Home', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the column the list is ordered by when none is chosen shows its arrow and aria-sort', async ({
    page,
  }) => {
    await signInWithCompany(page, USERS.superadmin, COMPANY);
    await page.goto('/dashboard/client-management');
    await waitForTable(page);
    const id = grid(page).getByRole('columnheader', { name: 'ID', exact: true });
    await expect(id).toHaveAttribute('aria-sort', 'ascending');
    expect(
      await id.locator('.data-table-sort-icon').evaluate((el) => getComputedStyle(el).opacity),
    ).toBe('1');
    // A click turns the order round.
    await id.getByRole('button').click();
    await expect(page).toHaveURL(/sort=-clntid/);
    await expect(id).toHaveAttribute('aria-sort', 'descending');
  });

  test('Home opens on what needs attention, above the fold; its queue link reads "Semua tanggal"', async ({
    page,
  }) => {
    await signInWithCompany(page, USERS.admin, COMPANY);
    await page.goto('/dashboard/home');
    const queue = page.getByRole('heading', { name: 'Perlu tindakan' });
    const breaks = page.getByRole('heading', { name: /Selisih rekonsiliasi/ });
    await expect(queue).toBeVisible();
    for (const heading of [queue, breaks]) {
      const box = (await heading.boundingBox())!;
      expect(box.y + box.height, 'above the fold at 800 px').toBeLessThan(800);
    }
    const cardBottom = (await queue
      .locator('xpath=ancestor::*[contains(@class, "MuiCard-root")][1]')
      .boundingBox())!;
    expect(
      cardBottom.y + cardBottom.height,
      'the whole "Perlu tindakan" card above the fold',
    ).toBeLessThanOrEqual(800);
    await page.screenshot({ path: `${SHOTS}/home-1280.png` });
    await expectNoSeriousViolation(page, 'Home');
    await page.getByRole('link', { name: /Transaction VA belum dicek ke bank/ }).click();
    await waitForTable(page);
    await expect(dateRangeField(page)).toHaveValue('Semua tanggal');
  });
});
