import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  addRecord,
  choose,
  dialog,
  openAddForm,
  openScreen,
  selectByLabel,
  table,
  uniqueSuffix,
} from '../support/master.ts';
import {
  BUSINESS_TZ,
  exportCsv,
  openScreen as openMonitoringScreen,
} from '../support/monitoring.ts';
import { USERS, menuEntries, signInWithCompany } from '../support/session.ts';

// 'Today' of the audit list is a business day; the calendar should agree.
test.use({ timezoneId: BUSINESS_TZ });
test.describe.configure({ timeout: 120_000 });

const RINA_USER_ID = 'rina.admin@tagih.id';
const SUPERADMIN_ROLE_ID = 1;
const ONLY_SUPERADMIN_GRANTS = 'Only a Superadmin can grant the Superadmin role.';

/** The token the web app keeps in local storage after sign-in. */
const tokenOf = async (page: Page): Promise<string> => {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token, 'signed in').toBeTruthy();
  return token!;
};

/** Audit Log → Filter Data: the action (and the target id) → Apply Filter; waits for the rows. */
async function filterAudit(page: Page, action: string, targetId?: string): Promise<Locator> {
  await page.getByRole('main').getByRole('button', { name: 'Filter Data', exact: true }).click();
  const filter = page.getByRole('dialog', { name: 'Filter Data' });
  await expect(filter).toBeVisible();
  await choose(page, selectByLabel(filter, 'By Action'), action);
  await filter.getByRole('textbox', { name: 'By Target Id' }).fill(targetId ?? '');
  await filter.getByRole('button', { name: 'Apply Filter', exact: true }).click();
  await expect(filter).toBeHidden();
  const rows = table(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: action, exact: true }) });
  await expect(rows.first()).toBeVisible();
  return rows;
}

test('an Admin is not offered the Superadmin role, and the server refuses it anyway', async ({
  page,
}) => {
  await signInWithCompany(page, USERS.admin);

  await test.step('User Role offers Admin and Staff, not Superadmin', async () => {
    await openScreen(page, 'User Role');
    await openAddForm(page, 'User Role');
    const role = selectByLabel(dialog(page), 'Role');
    await role.click();
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options.filter({ hasText: /^Admin$/ })).toHaveCount(1); // the roles have loaded
    await expect(options.filter({ hasText: /^Staff$/ })).toHaveCount(1);
    await expect(options.filter({ hasText: /^Superadmin$/ })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await dialog(page).getByRole('button', { name: 'Cancel', exact: true }).click();
    await expect(dialog(page)).toBeHidden();
  });

  await test.step('POST /api/master/User_Role with role 1 for herself: 403 and the reason', async () => {
    const headers = { Authentication: await tokenOf(page) };
    const response = await page.request.post('/api/master/User_Role', {
      headers,
      data: { usroUserId: RINA_USER_ID, usroRoleId: SUPERADMIN_ROLE_ID },
    });
    const body = (await response.json()) as {
      status: { error: number; message: string };
      data: { usroId?: number } | null;
    };
    try {
      expect(response.status(), body.status.message).toBe(403);
      expect(body.status).toMatchObject({ error: 1, message: ONLY_SUPERADMIN_GRANTS });
    } finally {
      // Should the server ever accept it, take the grant back so no other test runs as a Superadmin.
      if (response.ok() && body.data?.usroId) {
        await page.request.delete(`/api/master/User_Role/${body.data.usroId}`, { headers });
      }
    }
  });
});

test('the Superadmin sees the sign-in, a created user with its values and a VA export in the Audit Log', async ({
  page,
}) => {
  const id = uniqueSuffix();
  const created = { userId: `audit.${id}@tagih.id`, username: `audit${id}` };

  await signInWithCompany(page, USERS.superadmin);
  expect(await menuEntries(page)).toContain('Audit Log');

  await test.step('create a user', async () => {
    await openScreen(page, 'User Management');
    await addRecord(
      page,
      'User',
      {
        'User ID': created.userId,
        Username: created.username,
        Password: 'audit-pass-1',
        Status: { choose: 'Active' },
      },
      'User added successfully',
      created.userId,
    );
  });

  await test.step('export VA transactions', async () => {
    await openMonitoringScreen(page, 'va');
    const download = await exportCsv(page);
    expect(download.suggestedFilename()).toBe('transactions_VA.csv');
  });

  await test.step('open the Audit Log', async () => {
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Audit Log', exact: true })
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Audit Log', exact: true }),
    ).toBeVisible();
    await expect(table(page)).toBeVisible();
    await expect(page.getByRole('columnheader')).toHaveText([
      'Time',
      'User',
      'Action',
      'Outcome',
      'Target',
      'IP Address',
      'Actions',
    ]);
  });

  await test.step('the sign-in', async () => {
    const rows = await filterAudit(page, 'auth.login.succeeded');
    const own = rows.filter({
      has: page.getByRole('cell', { name: USERS.superadmin.username, exact: true }),
    });
    await expect(own.first()).toBeVisible();
    await expect(own.first()).toContainText('success');
  });

  await test.step('the created user, with its values in the detail', async () => {
    const rows = await filterAudit(page, 'master.user.created', created.userId);
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText(`user ${created.userId}`);
    await expect(rows).toContainText(USERS.superadmin.username);
    await rows.getByRole('button', { name: 'Detail', exact: true }).click();
    const detail = page.getByRole('dialog', { name: /Audit Event #\d+/ });
    await expect(detail).toBeVisible();
    const changes = detail.getByRole('table', { name: 'Changes' });
    await expect(changes.getByRole('columnheader')).toHaveText(['Field', 'Before', 'After']);
    // Field (label over name), Before (none: it is new), After.
    const change = (field: string) =>
      changes.getByRole('row').filter({ has: page.getByText(field, { exact: true }) });
    await expect(change('userId').getByRole('cell')).toHaveText([
      'User IDuserId',
      'N/A',
      created.userId,
    ]);
    await expect(change('usloUserName').getByRole('cell')).toHaveText([
      'UsernameusloUserName',
      'N/A',
      created.username,
    ]);
    await expect(change('userStatus').getByRole('cell').nth(2)).toHaveText('1');
    // The password went in, its value did not.
    await expect(changes).not.toContainText('audit-pass-1');
    await detail.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(detail).toBeHidden();
  });

  await test.step('the export', async () => {
    const rows = await filterAudit(page, 'transaction.exported');
    await expect(rows.first()).toContainText(USERS.superadmin.username);
  });
});
