import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const PASSWORDS = { admin: 'e2e-admin-pass', demo: 'e2e-demo-pass' } as const;
export const USERS = {
  superadmin: { username: 'admin', password: PASSWORDS.admin },
  admin: { username: 'rina', password: PASSWORDS.demo },
  staff: { username: 'budi', password: PASSWORDS.demo },
} as const;

export async function signIn(
  page: Page,
  user: { username: string; password: string },
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(user.username);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Proceed' }).click();
  await expect(page).toHaveURL(/\/selectcompany$/);
}

export async function chooseCompany(page: Page, companyName: string): Promise<void> {
  await page.getByLabel('Company').click();
  await page.getByRole('option', { name: companyName }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/dashboard\/home$/);
}

/** The sign-in and company selection screens, as a user goes through them (foundation.spec.ts). */
export async function signInWithCompanyByForm(
  page: Page,
  user: { username: string; password: string },
  companyName = 'PT Toko Maju',
): Promise<void> {
  await signIn(page, user);
  await chooseCompany(page, companyName);
}

/**
 * Signed in with a company, on Home: for the specs about what comes after signing in. The same
 * calls the sign-in and company screens make (login, status, SetCompany), through the API, and
 * the session put where the app keeps it (localStorage); seconds faster than the two screens.
 */
export async function signInWithCompany(
  page: Page,
  user: { username: string; password: string },
  companyName = 'PT Toko Maju',
): Promise<void> {
  const token = await apiToken(page.request, user);
  const headers = { authentication: token };
  const status = await page.request.get('/api/security/authentication/status', { headers });
  const companies = (
    (await status.json()) as {
      data: { company: { available: { compId: number; compName: string }[] } };
    }
  ).data.company.available;
  const company = companies.find((c) => c.compName === companyName);
  if (!company) throw new Error(`${user.username} may not choose ${companyName}`);
  const chosen = await page.request.post(
    `/api/security/Authentication/SetCompany/${company.compId}`,
    { headers },
  );
  expect(chosen.status(), await chosen.text()).toBe(200);
  // localStorage belongs to the origin: set it on a small page of the same server, then open Home.
  await page.goto('/api/health/live');
  await page.evaluate((t) => {
    localStorage.setItem('token', t);
    localStorage.setItem('isAuthenticated', 'true');
  }, token);
  await page.goto('/dashboard/home');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
}

/** Signs in through the API (no two-factor): the session token. */
export async function apiToken(
  request: APIRequestContext,
  user: { username: string; password: string },
): Promise<string> {
  const login = await request.post('/api/security/authentication/login', { data: user });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/** The sidebar's navigation entries, in order. */
export async function menuEntries(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(nav.getByRole('link').nth(1)).toBeVisible(); // the status (and so the menu) has loaded
  return (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

export async function openAccountMenu(page: Page): Promise<void> {
  // A toast may still cover the top-right corner for a moment; try until the menu is open.
  // A click whose menu opened slowly is not repeated: the open menu's backdrop covers the button.
  const menu = page.getByRole('menu');
  await expect(async () => {
    if (!(await menu.isVisible()))
      await page.getByRole('button', { name: /Account menu/ }).click({ timeout: 2000 });
    await expect(menu).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
}
