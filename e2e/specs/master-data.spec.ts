import { expect, test, type Page } from '@playwright/test';
import {
  addRecord,
  applyFilter,
  choose,
  dataRows,
  deleteRow,
  dialog,
  fieldByLabel,
  expectShowing,
  expectSummary,
  fillForm,
  findRow,
  logOut,
  openAddForm,
  openEditForm,
  openScreen,
  rowByText,
  saveDialog,
  searchBox,
  selectByLabel,
  shownTotal,
  table,
  toolbarButton,
  uniqueSuffix,
} from '../support/master.ts';
import {
  USERS,
  chooseCompany,
  menuEntries,
  signIn,
  signInWithCompany,
} from '../support/session.ts';

// Each test walks through several screens; a loaded machine makes that slow.
test.describe.configure({ timeout: 120_000 });

/** Toasts of spec §8 (as the screens word them). */
const TOASTS = {
  groupCreated: 'Berhasil menambahkan company baru.',
  groupUpdated: 'Berhasil memperbarui company group data.',
  groupDeleted: 'Company Group deleted successfully',
  companyCreated: 'Berhasil menambahkan company baru.',
  companyDeleted: 'Company deleted successfully',
  deleteFailed: 'Error deleting user',
  roleCreated: 'Berhasil menambahkan role baru.',
  rolePermissionCreated: 'Berhasil menambahkan role permission.',
  userCreated: 'User added successfully',
  userRoleCreated: 'Berhasil menambahkan user role.',
  userCompanyCreated: 'User added successfully',
};

function companyGroupValues(name: string, city = 'Surabaya') {
  return {
    'Nama Company Group': name,
    Nickname: 'E2E',
    Alamat: 'Jl. Pemuda No. 1',
    'Nama Kota': city,
    'No. Telpon': '0315550101',
    'No. Fax': '(031) 5550102',
  };
}

function companyValues(group: string, name: string) {
  return {
    'Company Group': { choose: group },
    'Company Name': name,
    Address: 'Jl. Tunjungan No. 5',
    Phone: '0315550301',
    PIC: 'Sari Wulandari',
    'PIC Phone': '081255503010',
    Status: { choose: 'Active' },
    Client: { choose: '1 - PT Toko Maju Store' },
  };
}

async function addCompanyGroup(page: Page, name: string, city?: string): Promise<void> {
  await openScreen(page, 'Company Group Management');
  await addRecord(page, 'Company Group', companyGroupValues(name, city), TOASTS.groupCreated, name);
}

async function addCompany(page: Page, group: string, name: string): Promise<void> {
  await openScreen(page, 'Company');
  const row = await addRecord(
    page,
    'Company',
    companyValues(group, name),
    TOASTS.companyCreated,
    name,
  );
  await expect(row).toContainText(group);
}

test('an admin sets up group, company, role, permissions and user; the user sees exactly what the role allows', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const id = uniqueSuffix();
  const group = `E2E Group ${id}`;
  const company = `PT E2E ${id}`;
  const role = `E2E Role ${id}`;
  const user = {
    userId: `e2e.${id}@tagih.id`,
    username: `e2euser${id}`,
    password: 'e2e-user-pass',
  };

  await signInWithCompany(page, USERS.superadmin);

  await test.step('company group, counted in the summary', async () => {
    await openScreen(page, 'Company Group Management');
    const before = await shownTotal(page);
    await expectSummary(page, 'Jumlah Data', before);
    await openAddForm(page, 'Company Group');
    await fillForm(page, companyGroupValues(group));
    await saveDialog(page, TOASTS.groupCreated);
    await expectShowing(page, 1, Math.min(10, before + 1), before + 1);
    await expectSummary(page, 'Jumlah Data', before + 1);
    await findRow(page, group);
  });

  await test.step('a company in that group', async () => {
    await addCompany(page, group, company);
  });

  await test.step('a role granted dashboard_transactionva read and master_company_group read', async () => {
    await openScreen(page, 'Roles');
    await addRecord(page, 'Role', { 'Role Name': role }, TOASTS.roleCreated, role);

    await openScreen(page, 'Role Permission');
    for (const permission of ['dashboard_transactionva', 'master_company_group']) {
      await openAddForm(page, 'Role Permission');
      await fillForm(page, {
        Role: { choose: role },
        Permission: { choose: permission },
        Operations: { operations: ['read'] },
      });
      await saveDialog(page, TOASTS.rolePermissionCreated);
    }
    await searchBox(page).fill(role);
    await expect(dataRows(page)).toHaveCount(2);
    await expect(rowByText(page, 'dashboard_transactionva')).toContainText('read');
    await expect(rowByText(page, 'master_company_group')).toContainText('read');
  });

  await test.step('a user with a login, that role and that company', async () => {
    await openScreen(page, 'User Management');
    const userRow = await addRecord(
      page,
      'User',
      {
        'User ID': user.userId,
        Username: user.username,
        Password: user.password,
        Status: { choose: 'Active' },
      },
      TOASTS.userCreated,
      user.userId,
    );
    await expect(userRow).toContainText(user.username);
    await expect(userRow).toContainText('Active');

    await openScreen(page, 'User Role');
    const roleRow = await addRecord(
      page,
      'User Role',
      { 'User ID': { choose: user.userId }, Role: { choose: role } },
      TOASTS.userRoleCreated,
      user.userId,
    );
    await expect(roleRow).toContainText(role);

    await openScreen(page, 'User Company Management');
    const companyRow = await addRecord(
      page,
      'User Company',
      { 'User ID': { choose: user.userId }, Company: { choose: company } },
      TOASTS.userCompanyCreated,
      user.userId,
    );
    await expect(companyRow).toContainText(company);
  });

  await test.step('the new user signs in, picks the company and sees only what the role allows', async () => {
    await logOut(page);

    await signIn(page, { username: user.username, password: user.password });
    await chooseCompany(page, company);
    expect(await menuEntries(page)).toEqual(['Home', 'Transaction VA', 'Company Group Management']);

    await openScreen(page, 'Company Group Management');
    await expect(rowByText(page, group)).toBeVisible();
    await expect(toolbarButton(page, 'Add Data')).toHaveCount(0);
    await expect(toolbarButton(page, 'Filter Data')).toBeVisible();
    await expect(table(page).getByRole('button', { name: /^(Edit|Delete)$/ })).toHaveCount(0);

    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Transaction VA' })
      .click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Transaction Virtual Account' }),
    ).toBeVisible();

    await page.goto('/dashboard/company-management');
    await expect(page.getByText('No Access')).toBeVisible();
  });
});

test('edit a company group: the new city shows in the table', async ({ page }) => {
  const group = `E2E Edit Group ${uniqueSuffix()}`;
  await signInWithCompany(page, USERS.superadmin);
  await addCompanyGroup(page, group, 'Surabaya');
  await expect(rowByText(page, group)).toContainText('Surabaya');

  await openEditForm(page, group, 'Company Group');
  await expect(fieldByLabel(dialog(page), 'Nama Company Group')).toHaveValue(group);
  await fillForm(page, { 'Nama Kota': 'Yogyakarta' });
  await saveDialog(page, TOASTS.groupUpdated);
  await expect(rowByText(page, group)).toContainText('Yogyakarta');
  await expect(rowByText(page, group)).not.toContainText('Surabaya');
});

test('delete: a group that still has companies is refused; the company, then the group, are deleted', async ({
  page,
}) => {
  const id = uniqueSuffix();
  const group = `E2E Delete Group ${id}`;
  const company = `PT E2E Delete ${id}`;
  await signInWithCompany(page, USERS.superadmin);
  await addCompanyGroup(page, group);
  await addCompany(page, group, company);

  await openScreen(page, 'Company Group Management');
  await deleteRow(page, group, TOASTS.deleteFailed);
  await expect(page.getByRole('alert').filter({ hasText: 'still used' })).toBeVisible();
  await expect(rowByText(page, group)).toBeVisible();

  await openScreen(page, 'Company');
  await deleteRow(page, company, TOASTS.companyDeleted);
  await expect(rowByText(page, company)).toHaveCount(0);

  await openScreen(page, 'Company Group Management');
  await deleteRow(page, group, TOASTS.groupDeleted);
  await expect(rowByText(page, group)).toHaveCount(0);
});

test('a duplicate name is flagged and cannot be saved', async ({ page }) => {
  await signInWithCompany(page, USERS.superadmin);
  const save = dialog(page).getByRole('button', { name: 'Save', exact: true });

  await openScreen(page, 'Company Group Management');
  await openAddForm(page, 'Company Group');
  await fillForm(page, companyGroupValues('Nusantara Retail Group'));
  await expect(dialog(page).getByText('Company Group has already been used')).toBeVisible();
  await expect(save).toBeDisabled();
  await fillForm(page, { 'Nama Company Group': `E2E Unused Group ${uniqueSuffix()}` });
  await expect(dialog(page).getByText('Company Group has already been used')).toBeHidden();
  await expect(save).toBeEnabled();
  await dialog(page).getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog(page)).toBeHidden();

  await openScreen(page, 'Company');
  await openAddForm(page, 'Company');
  await fillForm(page, companyValues('Nusantara Retail Group', 'PT Toko Maju'));
  await expect(dialog(page).getByText('Company Name has already been used')).toBeVisible();
  await expect(save).toBeDisabled();
  await dialog(page).getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(dialog(page)).toBeHidden();
});

test('company group: search filters the table and Refresh clears it', async ({ page }) => {
  await signInWithCompany(page, USERS.superadmin);
  await openScreen(page, 'Company Group Management');
  const total = await shownTotal(page);
  const search = searchBox(page);
  await expect(search).toHaveAccessibleName('Search Company Group Name..');

  await search.fill('Sinar Digital');
  await expect(dataRows(page)).toHaveCount(1);
  await expect(rowByText(page, 'Sinar Digital Group')).toBeVisible();
  await expectShowing(page, 1, 1, 1);

  await toolbarButton(page, 'Refresh').click();
  await expect(search).toHaveValue('');
  await expectShowing(page, 1, Math.min(10, total), total);
  await expect(rowByText(page, 'Nusantara Retail Group')).toBeVisible();
});

test('company: the status filter narrows the table and Refresh clears it', async ({ page }) => {
  await signInWithCompany(page, USERS.superadmin);
  await openScreen(page, 'Company');
  await expect(rowByText(page, 'PT Toko Maju')).toBeVisible();
  const total = await shownTotal(page);

  await toolbarButton(page, 'Filter Data').click();
  const filter = page.getByRole('dialog', { name: 'Filter Data' });
  await expect(filter.getByRole('button', { name: 'CLEAR FILTER' })).toBeDisabled();
  await filter.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(filter).toBeHidden();

  await applyFilter(page, { 'By Status': 'Inactive' });
  await expect(dataRows(page)).toHaveCount(1);
  await expect(rowByText(page, 'PT Lama Tutup')).toBeVisible();
  await expectShowing(page, 1, 1, 1);

  await toolbarButton(page, 'Refresh').click();
  await expectShowing(page, 1, Math.min(10, total), total);
  await expect(rowByText(page, 'PT Toko Maju')).toBeVisible();
  await toolbarButton(page, 'Filter Data').click();
  await expect(filter.getByRole('button', { name: 'CLEAR FILTER' })).toBeDisabled();
  await filter.getByRole('button', { name: 'Close', exact: true }).click();

  await expect(searchBox(page)).toHaveAccessibleName('Search Company Name..');
  await searchBox(page).fill('Kopi');
  await expect(dataRows(page)).toHaveCount(1);
  await expect(rowByText(page, 'PT Kopi Kita')).toBeVisible();
});

test('permission: the summary count matches the table, and the page size changes the rows shown', async ({
  page,
}) => {
  await signInWithCompany(page, USERS.superadmin);
  await openScreen(page, 'Permission');
  const total = await shownTotal(page);
  expect(total).toBeGreaterThan(10); // the demo data has one permission per area
  await expectSummary(page, 'Jumlah Data', total);
  await expect(dataRows(page)).toHaveCount(10);
  await expectShowing(page, 1, 10, total);

  await choose(page, selectByLabel(page, 'Rows'), '20');
  await expect(dataRows(page)).toHaveCount(Math.min(20, total));
  await expectShowing(page, 1, Math.min(20, total), total);
  await expect(rowByText(page, 'master_role_permission')).toBeVisible();
});

test('a staff user opening a master route directly gets the no-access view', async ({ page }) => {
  await signInWithCompany(page, USERS.staff);
  for (const route of ['company-group-management', 'company-management', 'roles-management']) {
    await page.goto(`/dashboard/${route}`);
    await expect(page.getByText('No Access')).toBeVisible();
    await expect(
      page.getByText("Looks like you don't have permission to access this content."),
    ).toBeVisible();
    await expect(table(page)).toHaveCount(0);
  }
});
