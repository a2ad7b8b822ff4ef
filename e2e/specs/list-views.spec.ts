/**
 * A list's view lives in its URL: on User Management and on the Audit Log, at the desktop and
 * the 600 px widths, each step (search, sort, another page) survives a reload, and Back walks
 * through the same views again, newest first.
 */
import { expect, test, type Page } from '@playwright/test';
import { uniqueSuffix } from '../support/master.ts';
import { OPERATOR_VIEWPORTS, grid, showing, waitForTable } from '../support/monitoring.ts';
import { USERS, apiToken, signInWithCompany } from '../support/session.ts';

/** More users than one page holds, all found by one search. */
const USER_COUNT = 12;
const PASSWORD = 'Lv-Pass-12345';
const suffix = uniqueSuffix();
const userPrefix = `lv${suffix}`;

test.beforeAll(async ({ request }) => {
  // Rina makes them, so that her events on the Audit Log do not grow while the Superadmin reads it.
  const headers = { authentication: await apiToken(request, USERS.admin) };
  for (let n = 1; n <= USER_COUNT; n += 1) {
    const id = `${userPrefix}_${String(n).padStart(2, '0')}`;
    const created = await request.post('/api/master/user', {
      headers,
      data: { userId: `${id}@tagih.id`, userStatus: 1, usloUserName: id, usloPassword: PASSWORD },
    });
    expect(created.ok(), await created.text()).toBe(true);
  }
  await request.post('/api/security/authentication/logout', { headers });
});

/** What the user sees of a list: its URL query, search, sort, page and rows. */
interface View {
  query: string;
  search: string;
  sorted: string[];
  page: string | null;
  showing: string;
  rows: string[];
}

async function viewOf(page: Page, searchName: RegExp): Promise<View> {
  await waitForTable(page);
  const table = grid(page);
  return {
    query: new URL(page.url()).search,
    search: await page.getByRole('main').getByRole('textbox', { name: searchName }).inputValue(),
    sorted: await table
      .locator('th[aria-sort]')
      .evaluateAll((ths) => ths.map((th) => `${th.textContent} ${th.getAttribute('aria-sort')}`)),
    page: await page
      .getByRole('button', { name: /^Page \d+$/ })
      .and(page.locator('[aria-current="page"]'))
      .textContent(),
    showing: await showing(page).innerText(),
    rows: await table
      .getByRole('row')
      .filter({ has: page.getByRole('cell') })
      .allInnerTexts(),
  };
}

/** The view once the list has followed its URL: two looks a moment apart agree. */
async function settledViewOf(page: Page, searchName: RegExp): Promise<View> {
  let settled: View | undefined;
  await expect(async () => {
    const first = await viewOf(page, searchName);
    await page.waitForTimeout(400);
    expect(await viewOf(page, searchName)).toEqual(first);
    settled = first;
  }).toPass({ timeout: 15_000 });
  return settled!;
}

interface ListScreen {
  name: string;
  /** Its route under /dashboard/. */
  path: string;
  searchName: RegExp;
  searchText: string;
  sortHeader: string;
  /**
   * Reading the list is itself recorded in it (the Audit Log records `audit.viewed`, with the
   * search in its details, which the search also matches), so its rows grow between two looks;
   * only the view's state is compared there.
   */
  growsWhileRead?: boolean;
}

const SCREENS: ListScreen[] = [
  {
    name: 'User Management',
    path: 'user-management',
    searchName: /^Search User ID/,
    searchText: userPrefix,
    sortHeader: 'User ID',
  },
  // Rina made the users above today: more than one page of her own events.
  {
    name: 'Audit Log',
    path: 'audit-log',
    searchName: /^Search User/,
    searchText: USERS.admin.username,
    sortHeader: 'Action',
    growsWhileRead: true,
  },
];

/** What must come back the same: everything, but the rows of a list that grows while read. */
function comparable(view: View, screen: ListScreen): Partial<View> {
  if (!screen.growsWhileRead) return view;
  const { rows: _rows, showing: _showing, ...state } = view;
  return state;
}

for (const viewport of OPERATOR_VIEWPORTS) {
  for (const screen of SCREENS) {
    test(`${screen.name} at ${viewport.width}x${viewport.height}: search, sort and page survive a reload and come back with Back`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await signInWithCompany(page, USERS.superadmin);
      await page.goto(`/dashboard/${screen.path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const views: View[] = [await viewOf(page, screen.searchName)];
      const sameAfterReload = async (what: string) => {
        const before = await settledViewOf(page, screen.searchName);
        await page.reload();
        expect(
          comparable(await viewOf(page, screen.searchName), screen),
          `${what}, reloaded`,
        ).toEqual(comparable(before, screen));
        views.push(before);
      };

      await page
        .getByRole('main')
        .getByRole('textbox', { name: screen.searchName })
        .fill(screen.searchText);
      await expect(page).toHaveURL(new RegExp(`[?&]q=${screen.searchText}`));
      await sameAfterReload('searched');
      expect(views.at(-1)!.search).toBe(screen.searchText);

      await grid(page)
        .getByRole('columnheader', { name: screen.sortHeader, exact: true })
        .getByRole('button')
        .click();
      await expect(
        grid(page).getByRole('columnheader', { name: screen.sortHeader, exact: true }),
      ).toHaveAttribute('aria-sort', 'ascending');
      await sameAfterReload('sorted');

      await page.getByRole('button', { name: 'Page 2', exact: true }).click();
      await expect(page).toHaveURL(/[?&]page=2/);
      await sameAfterReload('on page 2');
      expect(views.at(-1)!.showing).toMatch(/^Showing 11 to /);

      // Back walks through the same views, newest first.
      // The list follows the URL a moment after the browser has moved: look until it has.
      for (const earlier of views.slice(0, -1).reverse()) {
        await page.goBack();
        await expect(async () => {
          expect(comparable(await viewOf(page, screen.searchName), screen)).toEqual(
            comparable(earlier, screen),
          );
        }).toPass({ timeout: 15_000 });
      }
    });
  }
}
