import { expect, test } from '@playwright/test';
import {
  USERS,
  chooseCompany,
  menuEntries,
  openAccountMenu,
  signIn,
  signInWithCompany,
  signInWithCompanyByForm,
} from '../support/session.ts';

// The other specs run with reduced motion asked for (playwright.config.ts); these run as most
// operators see the app, with its transitions and ripples.
test.use({ reducedMotion: 'no-preference' });

test('a wrong password is refused, the right one leads to company selection and Home', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username').fill('budi');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page.getByText('Login gagal. Silahkan periksa lagi inputan anda.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Password', { exact: true }).fill(USERS.staff.password);
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(/\/selectcompany$/);
  await expect(page.getByRole('heading', { name: 'Select Company' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await chooseCompany(page, 'PT Toko Maju');
  await expect(page.getByText('Berhasil Set Company. Selamat Datang!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Selamat Datang' })).toBeVisible();
  await expect(page.getByText('Payment Processing Admin Dashboard')).toBeVisible();
});

test('the staff menu shows only what the staff role allows', async ({ page }) => {
  await signInWithCompany(page, USERS.staff);
  const entries = await menuEntries(page);
  expect(entries).toEqual(expect.arrayContaining(['Home', 'Notifications']));
  expect(entries.join(' ')).toMatch(/VA/);
  expect(entries.join(' ')).toMatch(/QRIS/);
  expect(entries.join(' ')).not.toMatch(/User|Company|Permission|Roles/);
  await expect(page.getByRole('navigation').getByText('Master')).toHaveCount(0);
});

test('the admin menu shows the master group as the admin role allows', async ({ page }) => {
  await signInWithCompany(page, USERS.admin);
  const entries = (await menuEntries(page)).join(' | ');
  for (const name of [
    'Home',
    'Notifications',
    'User Management',
    'User Role',
    'Company',
    'Permission',
    'Roles',
    'Role Permission',
  ]) {
    expect(entries).toContain(name);
  }
  await expect(page.getByRole('navigation').getByText('Master')).toBeVisible();
});

test('a forbidden page shows the no-access view, and navigating back to it raises the alert', async ({
  page,
}) => {
  await signInWithCompany(page, USERS.staff);
  // Opened directly (e.g. a bookmark): the no-access view.
  await page.goto('/dashboard/user-management');
  await expect(page.getByText('No Access')).toBeVisible();
  await expect(
    page.getByText("Looks like you don't have permission to access this content."),
  ).toBeVisible();

  // In-app navigation to it (here: the browser's Back button) is cancelled with the alert.
  await page.getByRole('navigation').getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  await page.goBack();
  await expect.poll(() => alerts).toContain('You do not have access to this page.');
  await expect(page.getByRole('heading', { name: 'Selamat Datang' })).toBeVisible();
});

test('switch company from the top-bar menu', async ({ page }) => {
  await signInWithCompany(page, USERS.staff, 'PT Toko Maju');
  await expect(
    page.getByRole('button', { name: /^budi\s*PT Toko Maju\s*Account menu$/ }),
  ).toBeVisible();
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Switch Company' }).click();
  await expect(page).toHaveURL(/\/selectcompany$/);
  await chooseCompany(page, 'PT Kopi Kita');
  await expect(
    page.getByRole('button', { name: /^budi\s*PT Kopi Kita\s*Account menu$/ }),
  ).toBeVisible();
});

test('logout ends the session: protected pages lead back to login', async ({ page }) => {
  await signInWithCompanyByForm(page, USERS.staff);
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/dashboard/home');
  await expect(page).toHaveURL(/\/login$/);
});

test('Manage Account: change the username, relogin with it, and change it back', async ({
  page,
}) => {
  await signInWithCompany(page, USERS.admin);
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Manage Accounts' }).click();
  await expect(page).toHaveURL(/\/dashboard\/manage-account$/);
  await expect(page.getByText('Manage your username & password')).toBeVisible();
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();

  const username = page.getByLabel('Username');
  await username.fill('budi');
  await expect(page.getByText('Username has already been used')).toBeVisible();
  await username.fill('rina.renamed');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText('Please relogin.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, { username: 'rina.renamed', password: USERS.admin.password });
  await chooseCompany(page, 'PT Toko Maju');
  await page.goto('/dashboard/manage-account');
  await page.getByLabel('Username').fill('rina');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, USERS.admin);
});

test('the mobile layout at 600 px hides the sidebar behind a button', async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 900 });
  await signInWithCompany(page, USERS.staff);
  await expect(page.getByRole('heading', { name: 'Selamat Datang' })).toBeVisible();
  await expect(
    page.getByRole('navigation').getByRole('link', { name: 'Notifications' }),
  ).toBeHidden();
});

test('an operator who asks for less motion gets menus without animation and buttons without ripples', async ({
  page,
}) => {
  /** The open account menu's longest transition, in seconds, and how many ripple layers the page has. */
  const motion = async () => {
    await openAccountMenu(page);
    const menuTransition = await page.getByRole('menu').evaluate((menu) => {
      const paper = menu.closest('.MuiPaper-root') ?? menu;
      return Math.max(
        ...getComputedStyle(paper)
          .transitionDuration.split(',')
          .map((d) => parseFloat(d)),
      );
    });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();
    return { menuTransition, ripples: await page.locator('.MuiTouchRipple-root').count() };
  };

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInWithCompany(page, USERS.staff);
  const reduced = await motion();
  expect(reduced.menuTransition).toBeLessThan(0.001);
  expect(reduced.ripples).toBe(0);

  // The setting is read when the app loads: as most operators have it, the menu grows and buttons ripple.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.reload();
  const usual = await motion();
  expect(usual.menuTransition).toBeGreaterThan(0.1);
  expect(usual.ripples).toBeGreaterThan(0);
});
